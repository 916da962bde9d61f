import { randomUUID } from 'node:crypto';

import { exchangeToken, TEST_GATEWAY_URL } from '@docket/testing';

/** One answer (or failure to get one) from the API, as the client saw it. */
export interface Exchange {
  startedAt: number;
  endedAt: number;
  label: string;
  /** 0 when no HTTP answer came (connection refused or reset). */
  status: number;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** Transient answers a client retries: the service was (briefly) not there. */
export function isTransient(status: number): boolean {
  return status === 0 || status >= 500 || status === 429;
}

/**
 * The fault suite's HTTP client. Every request is logged (start, end, status) so the verdict can
 * say when 5xx answers happened relative to each fault; `call` retries transient failures as a
 * well-behaved integrator would, with the same Idempotency-Key on creating POSTs so a retry is
 * never a second upload.
 */
export class TrafficLog {
  readonly exchanges: Exchange[] = [];
  private token = '';
  private tokenAt = 0;

  constructor(private readonly apiKey: string) {}

  /** Access tokens live 15 minutes; a run lasts longer, so the key is exchanged again. */
  private async bearer(): Promise<string> {
    if (!this.token || Date.now() - this.tokenAt > 10 * 60_000) {
      this.token = await this.retrying(() => exchangeToken(this.apiKey));
      this.tokenAt = Date.now();
    }
    return this.token;
  }

  private async retrying<T>(action: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await action();
      } catch (error) {
        if (attempt >= 60) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  /** One request, logged; never throws for an HTTP or connection failure (status 0). */
  async once<T>(
    method: string,
    path: string,
    label: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer<T>> {
    const startedAt = Date.now();
    let status = 0;
    let body: unknown = undefined;
    try {
      const response = await fetch(`${TEST_GATEWAY_URL}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await this.bearer()}`,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      const text = await response.text();
      body = text ? (JSON.parse(text) as unknown) : {};
    } catch {
      // No answer (refused, reset, timed out, or a proxy's non-JSON error): status 0 or as is.
    }
    this.exchanges.push({ startedAt, endedAt: Date.now(), label, status });
    if (status === 401) this.token = '';
    return { status, body: body as T };
  }

  /**
   * Retries transient failures until an answer that is not transient, or `deadlineMs` passes
   * (then the last answer is returned). Creating POSTs carry one Idempotency-Key for all tries.
   */
  async call<T>(
    method: string,
    path: string,
    label: string,
    options: { body?: unknown; deadlineMs?: number } = {},
  ): Promise<ApiAnswer<T>> {
    const headers = method === 'POST' ? { 'idempotency-key': randomUUID() } : undefined;
    const deadline = Date.now() + (options.deadlineMs ?? 180_000);
    for (;;) {
      const answer = await this.once<T>(method, path, label, { body: options.body, headers });
      // 409 IDEMPOTENCY_CONFLICT: the first try is still running, or died with its gateway
      // and its claim has not lapsed yet; either way the same key is tried again.
      const pendingClaim =
        answer.status === 409 &&
        (answer.body as { code?: string } | undefined)?.code === 'IDEMPOTENCY_CONFLICT';
      if ((!isTransient(answer.status) && !pendingClaim) || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
