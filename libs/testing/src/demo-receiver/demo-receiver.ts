import { createServer, Server } from 'node:http';

export interface ReceivedWriteBack {
  receivedAt: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

const MAX_BODY_BYTES = 1024 * 1024;
const KEPT = 200;

/**
 * The demo's stand-in for a customer system: write-back nodes POST here, and `GET /` shows what
 * arrived (JSON, newest first; HTML for a browser), so a person can see a run's result without
 * a terminal. In memory only: a restart forgets.
 */
export function createDemoReceiver(): Server {
  const received: ReceivedWriteBack[] = [];
  return createServer((request, response) => {
    if (request.method === 'GET') {
      if (request.url === '/readyz') return void response.writeHead(200).end('ok');
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      response.writeHead(200, {
        'content-type': wantsHtml ? 'text/html; charset=utf-8' : 'application/json',
        'cache-control': 'no-store',
      });
      return void response.end(wantsHtml ? page(received) : JSON.stringify({ data: received }));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // Not JSON: shown as text.
      }
      received.unshift({
        receivedAt: new Date().toISOString(),
        path: request.url ?? '/',
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body,
      });
      received.splice(KEPT);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ received: true }));
    });
  });
}

function page(received: ReceivedWriteBack[]): string {
  const items = received
    .map(
      (entry) =>
        `<article><h2>${escape(entry.receivedAt)} POST ${escape(entry.path)}</h2>` +
        `<pre>${escape(JSON.stringify(entry.body, null, 2))}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="5"><title>Demo receiver - Docket</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}pre{background:#f4f4f4;padding:1rem;overflow:auto}</style>
</head><body><h1>Write-backs received (${received.length})</h1>
${items || '<p>Nothing yet: submit a reviewed item and its run writes back here.</p>'}
</body></html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
