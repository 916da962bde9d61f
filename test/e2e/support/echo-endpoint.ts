import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A customer's API on loopback (plain http is allowed only in test configuration) that answers
 * every request with the headers it received, as a careless API echoes a credential in an
 * error message. It keeps what arrived, so a test can tell what really left the worker.
 */
export class EchoEndpoint {
  readonly received: IncomingHttpHeaders[] = [];
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        this.received.push(request.headers);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ youSent: request.headers }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/api`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
