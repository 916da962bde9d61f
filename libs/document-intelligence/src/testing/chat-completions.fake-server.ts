import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
}

export type ChatHandler = (request: RecordedRequest, response: ServerResponse) => void;

/**
 * A local server speaking the chat-completions protocol, on 127.0.0.1 and a random port. Tests
 * set `handler` per case; every request is recorded for assertions.
 */
export class FakeChatCompletionsServer {
  readonly requests: RecordedRequest[] = [];
  handler: ChatHandler = (_request, response) => {
    response.writeHead(500).end();
  };
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Keep the raw text; the test will notice.
        }
        const recorded = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body,
        };
        this.requests.push(recorded);
        this.handler(recorded, res);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/** A successful chat-completions answer whose message content is `content`. */
export function chatAnswer(content: string, finishReason = 'stop'): string {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [{ index: 0, finish_reason: finishReason, message: { role: 'assistant', content } }],
  });
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}
