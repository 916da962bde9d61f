import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

import { connect, NatsConnection } from 'nats';

import { DocketException } from '../errors/docket.exception';
import { newTraceId, runWithTrace } from '../trace/trace-context';
import { RpcClient } from './rpc-client';
import {
  PROBE_SECRET,
  ProbeBrokenV1,
  ProbeCircularV1,
  ProbeEchoV1,
  ProbeLockedV1,
  ProbeRequest,
} from './testing/rpc-probe.fixture';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ROOT = path.resolve(__dirname, '../../../..');
// Subjects of our own, so no running stack's service answers (or sees) these calls.
const PREFIX = `rpc-it-${randomUUID().slice(0, 8)}`;
process.env.DOCKET_NATS_PREFIX = PREFIX;

interface LogLine {
  level: number;
  message: string;
  traceId?: string;
  subject?: string;
  err?: { message?: string };
}

/** A probe service in a process of its own, started the way every service starts. */
class ProbeService {
  readonly lines: LogLine[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private buffered = '';

  constructor() {
    this.child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', 'libs/platform/src/rpc/testing/rpc-probe.fixture.ts'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          NATS_URL,
          DOCKET_NATS_PREFIX: PREFIX,
          DOCKET_SERVICE: 'rpc-probe',
          HTTP_PORT: '0',
          LOG_LEVEL: 'info',
          SHUTDOWN_GRACE_MS: '5000',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    this.child.stdout?.on('data', (chunk: Buffer) => {
      const text = this.buffered + chunk.toString();
      const complete = text.split('\n');
      this.buffered = complete.pop() ?? '';
      for (const line of complete) {
        if (line.startsWith('{')) this.lines.push(JSON.parse(line) as LogLine);
      }
    });
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  async ready(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.lines.some((line) => line.message.includes('ready on'))) {
      if (Date.now() > deadline || this.child.exitCode !== null) {
        throw new Error('the probe service did not start');
      }
      await pause(100);
    }
  }

  logged(predicate: (line: LogLine) => boolean): LogLine[] {
    return this.lines.filter(predicate);
  }

  stop(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function failureOf(call: Promise<unknown>): Promise<DocketException> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof DocketException)) {
    throw new Error(`expected a DocketException, got ${String(outcome)}`);
  }
  return outcome;
}

async function eventuallyLogged(
  service: ProbeService,
  predicate: (line: LogLine) => boolean,
): Promise<LogLine[]> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const found = service.logged(predicate);
    if (found.length > 0) return found;
    await pause(50);
  }
  return [];
}

describe('RPC transport: direct dispatch over real NATS', () => {
  const services: ProbeService[] = [];
  let first: ProbeService;
  let client: RpcClient;
  let raw: NatsConnection;

  beforeAll(async () => {
    first = new ProbeService();
    services.push(first);
    await first.ready();
    client = await RpcClient.connect([NATS_URL], 10_000, 'rpc-transport-int-spec');
    raw = await connect({ servers: NATS_URL });
  }, 90_000);

  afterAll(async () => {
    for (const service of services) service.stop('SIGKILL');
    await client?.onApplicationShutdown();
    await raw?.close();
  });

  it('hands the handler a validated request and the caller trace id, and logs under it', async () => {
    const traceId = newTraceId();
    const answer = await runWithTrace(traceId, () =>
      client.call(ProbeEchoV1, { text: 'hello' }, null),
    );
    expect(answer).toEqual({
      text: 'hello',
      callTraceId: traceId,
      contextTraceId: traceId,
      pid: first.pid,
    });
    const handled = await eventuallyLogged(
      first,
      (line) => line.traceId === traceId && line.message === 'handled',
    );
    expect(handled).toHaveLength(1);
    expect(handled[0].subject).toBe(ProbeEchoV1.subject);
  });

  it('gives a call without a trace id a fresh one', async () => {
    const reply = await raw.request(
      `${PREFIX}.${ProbeEchoV1.subject}`,
      Buffer.from(JSON.stringify({ id: '1', data: { actor: null, data: { text: 'bare' } } })),
      { timeout: 10_000 },
    );
    const packet = JSON.parse(Buffer.from(reply.data).toString()) as {
      response: { callTraceId: string; contextTraceId: string };
    };
    expect(packet.response.callTraceId).toMatch(/^[\da-f]{32}$/);
    expect(packet.response.contextTraceId).toBe(packet.response.callTraceId);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['an unknown property', { text: 'x', extra: 1 }, 'extra', 'property extra should not exist'],
    ['a missing property', {}, 'text', 'text must be a string'],
    [
      'a value out of range',
      { text: 'x', waitMs: 10_001 },
      'waitMs',
      'waitMs must not be greater than 10000',
    ],
  ])('refuses %s with VALIDATION_FAILED and the field problem', async (_, data, field, problem) => {
    const failure = await failureOf(
      client.call(ProbeEchoV1, data as unknown as ProbeRequest, null),
    );
    expect(failure.code).toBe('VALIDATION_FAILED');
    expect(failure.message).toBe(`Invalid request: ${field}: ${problem}`);
    expect(failure.details).toEqual({ fields: [{ field, problems: [problem] }] });
  });

  it('refuses a message that is not JSON, or not an envelope, as malformed', async () => {
    for (const body of ['not json', JSON.stringify({ id: '1', data: 'no envelope' })]) {
      const reply = await raw.request(`${PREFIX}.${ProbeEchoV1.subject}`, Buffer.from(body), {
        timeout: 10_000,
      });
      expect(JSON.parse(Buffer.from(reply.data).toString())).toMatchObject({
        err: { code: 'VALIDATION_FAILED', message: 'Malformed service message' },
      });
    }
  });

  it('carries a DocketException code, message and details to the caller', async () => {
    const failure = await failureOf(client.call(ProbeLockedV1, { text: 'item 7' }, null));
    expect(failure.code).toBe('LOCKED');
    expect(failure.message).toBe('item 7 is held');
    expect(failure.details).toEqual({ holder: 'someone' });
  });

  it('reduces an unexpected error to INTERNAL and logs it with the trace id', async () => {
    const traceId = newTraceId();
    const failure = await runWithTrace(traceId, () =>
      failureOf(client.call(ProbeBrokenV1, { text: 'x' }, null)),
    );
    expect(failure.code).toBe('INTERNAL');
    expect(failure.message).toBe('Internal error');
    expect(failure.details).toBeUndefined();
    expect(JSON.stringify(failure)).not.toContain('hunter2');
    const logged = await eventuallyLogged(
      first,
      (line) => line.traceId === traceId && line.level >= 50,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0].message).toBe('handler failed');
    expect(logged[0].subject).toBe(ProbeBrokenV1.subject);
    expect(logged[0].err?.message).toBe(PROBE_SECRET);
  });

  it('answers INTERNAL, logged with the trace id, when a response cannot be serialised', async () => {
    const traceId = newTraceId();
    const failure = await runWithTrace(traceId, () =>
      failureOf(client.call(ProbeCircularV1, { text: 'x' }, null)),
    );
    expect(failure.code).toBe('INTERNAL');
    const logged = await eventuallyLogged(
      first,
      (line) => line.traceId === traceId && line.level >= 50,
    );
    expect(logged.map((line) => line.message)).toEqual(['handler failed']);
  });

  it('tells a call nobody subscribes to from one that took too long', async () => {
    const started = Date.now();
    const nobody = await failureOf(
      client.call({ ...ProbeEchoV1, subject: 'probe.message.nobody.v1' }, { text: 'x' }, null),
    );
    expect(nobody.code).toBe('SERVICE_UNAVAILABLE');
    expect(nobody.message).toBe('probe.message.nobody.v1 is not available');
    // NATS answers "no responders" at once: the caller does not wait for its timeout.
    expect(Date.now() - started).toBeLessThan(5000);

    const impatient = await RpcClient.connect([NATS_URL], 200, 'rpc-transport-int-spec-short');
    try {
      const late = await failureOf(
        impatient.call(ProbeEchoV1, { text: 'slow', waitMs: 1500 }, null),
      );
      expect(late.code).toBe('SERVICE_UNAVAILABLE');
      expect(late.message).toBe(`${ProbeEchoV1.subject} did not answer in time`);
      // The same client still matches the next answer to its call.
      expect(await impatient.call(ProbeEchoV1, { text: 'quick' }, null)).toMatchObject({
        text: 'quick',
      });
    } finally {
      await impatient.onApplicationShutdown();
    }
  });

  it('matches each of many concurrent answers to its own call', async () => {
    const texts = Array.from({ length: 200 }, (_, n) => `c${n}`);
    const answers = await Promise.all(
      texts.map((text, n) => client.call(ProbeEchoV1, { text, waitMs: (n * 7) % 50 }, null)),
    );
    expect(answers.map((answer) => answer.text)).toEqual(texts);
  });

  it('shares calls across a queue group, and a replica stopped by SIGTERM finishes what it took', async () => {
    const second = new ProbeService();
    services.push(second);
    await second.ready();

    const spread = await Promise.all(
      Array.from({ length: 40 }, (_, n) => client.call(ProbeEchoV1, { text: `n${n}` }, null)),
    );
    const pids = new Set(spread.map((answer) => answer.pid));
    expect(pids).toEqual(new Set([first.pid, second.pid]));

    // Slow calls in flight on both replicas when the first one is told to stop.
    const slow = Array.from({ length: 10 }, (_, n) =>
      client.call(ProbeEchoV1, { text: `slow${n}`, waitMs: 1000 }, null),
    );
    await pause(300);
    first.stop('SIGTERM');
    const during = Array.from({ length: 10 }, (_, n) =>
      client.call(ProbeEchoV1, { text: `during${n}` }, null),
    );
    const answers = await Promise.all([...slow, ...during]);
    expect(answers.map((answer) => answer.text)).toEqual([
      ...Array.from({ length: 10 }, (_, n) => `slow${n}`),
      ...Array.from({ length: 10 }, (_, n) => `during${n}`),
    ]);
    expect(answers.filter((answer) => answer.pid === first.pid).length).toBeGreaterThan(0);
    // Nest re-raises the signal once its shutdown hooks are done: no crash exit code.
    expect(await first.exited).toEqual({ code: null, signal: 'SIGTERM' });

    const after = await Promise.all(
      Array.from({ length: 5 }, (_, n) => client.call(ProbeEchoV1, { text: `after${n}` }, null)),
    );
    expect(new Set(after.map((answer) => answer.pid))).toEqual(new Set([second.pid]));
  }, 90_000);
});
