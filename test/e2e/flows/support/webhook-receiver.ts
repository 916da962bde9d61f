import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface Delivery {
  idempotencyKey: string;
  executionId: string;
  signatureValid: boolean;
  body: Record<string, unknown>;
  /** When the first POST with this key arrived (ms since the epoch). */
  receivedAt: number;
}

/**
 * A customer's write-back endpoint on loopback (plain http is allowed only in test
 * configuration). It checks the HMAC signature and, as a real receiver should, treats the
 * Idempotency-Key as the identity of a delivery: a repeat is acknowledged, not stored twice.
 */
export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  /** Every POST that arrived, repeats included. */
  attempts = 0;
  /** POSTs per Idempotency-Key: above 1, the repeats were acknowledged and not stored. */
  readonly attemptsByKey = new Map<string, number>();
  /** Status to answer with; 200 unless a test wants the endpoint to refuse. */
  status = 200;
  private server?: Server;

  constructor(private readonly secret: string) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.attempts += 1;
        const raw = Buffer.concat(chunks).toString('utf8');
        const key = String(request.headers['idempotency-key'] ?? '');
        this.attemptsByKey.set(key, (this.attemptsByKey.get(key) ?? 0) + 1);
        if (this.status < 300 && !this.deliveries.some((d) => d.idempotencyKey === key)) {
          this.deliveries.push({
            idempotencyKey: key,
            executionId: String(request.headers['x-docket-execution-id'] ?? ''),
            signatureValid: this.verify(String(request.headers['x-docket-signature'] ?? ''), raw),
            body: JSON.parse(raw) as Record<string, unknown>,
            receivedAt: Date.now(),
          });
        }
        response.writeHead(this.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ received: true }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/hooks/claims`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  forExecution(executionId: string): Delivery[] {
    return this.deliveries.filter((delivery) => delivery.executionId === executionId);
  }

  private verify(header: string, body: string): boolean {
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    if (!match) return false;
    const expected = createHmac('sha256', this.secret).update(`${match[1]}.${body}`).digest();
    return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
  }
}
