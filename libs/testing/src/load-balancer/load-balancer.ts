import {
  Agent,
  createServer,
  IncomingMessage,
  request as httpRequest,
  Server,
  ServerResponse,
} from 'node:http';

/**
 * The prod profile's stand-in for a Kubernetes Service in front of the gateways: round robin over
 * the backends whose readiness probe (GET /readyz) last answered 200, probed every
 * `probeIntervalMs`. Like kube-proxy it does not retry a request a backend has received; unlike
 * it, a refused connection (the backend is gone, nothing was sent) is tried on the next backend
 * at once instead of failing, as a client's connect retry would.
 */
export interface LoadBalancerOptions {
  backends: string[];
  probeIntervalMs?: number;
}

interface Backend {
  url: URL;
  ready: boolean;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

export class LoadBalancer {
  private readonly backends: Backend[];
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private readonly server: Server;
  private next = 0;
  private probeTimer?: NodeJS.Timeout;

  constructor(private readonly options: LoadBalancerOptions) {
    this.backends = options.backends.map((url) => ({ url: new URL(url), ready: true }));
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async listen(port: number, host = '127.0.0.1'): Promise<void> {
    await this.probeAll();
    this.probeTimer = setInterval(() => void this.probeAll(), this.options.probeIntervalMs ?? 500);
    await new Promise<void>((resolve) => this.server.listen(port, host, resolve));
  }

  async close(): Promise<void> {
    clearInterval(this.probeTimer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.agent.destroy();
  }

  private async probeAll(): Promise<void> {
    await Promise.all(
      this.backends.map(async (backend) => {
        try {
          const response = await fetch(new URL('/readyz', backend.url), {
            signal: AbortSignal.timeout(2000),
          });
          backend.ready = response.status === 200;
        } catch {
          backend.ready = false;
        }
      }),
    );
  }

  /** Ready backends in round-robin order, then the others (all may be marked down briefly). */
  private candidates(): Backend[] {
    const start = this.next++ % this.backends.length;
    const ordered = [...this.backends.slice(start), ...this.backends.slice(0, start)];
    return [...ordered.filter((b) => b.ready), ...ordered.filter((b) => !b.ready)];
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // API bodies are small (uploads go straight to storage): buffered, so a refused connection
    // can be retried with the same body.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    for (const backend of this.candidates()) {
      const outcome = await this.forward(backend, req, body, res);
      if (outcome !== 'refused') return;
      backend.ready = false;
    }
    if (!res.headersSent) res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('no gateway is ready\n');
  }

  private forward(
    backend: Backend,
    req: IncomingMessage,
    body: Buffer,
    res: ServerResponse,
  ): Promise<'done' | 'refused'> {
    const headers = { ...req.headers, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    return new Promise((resolve) => {
      const upstream = httpRequest(
        {
          host: backend.url.hostname,
          port: backend.url.port,
          method: req.method,
          path: req.url,
          headers,
          agent: this.agent,
        },
        (answer) => {
          const forwarded = Object.fromEntries(
            Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
          );
          res.writeHead(answer.statusCode ?? 502, forwarded);
          answer.pipe(res);
          answer.on('end', () => resolve('done'));
          answer.on('error', () => {
            res.destroy();
            resolve('done');
          });
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') return resolve('refused');
        // The backend had the request and died: a 502, as any proxy answers.
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`gateway failed: ${error.code ?? error.message}\n`);
        resolve('done');
      });
      upstream.end(body);
    });
  }
}
