import { ChildProcess, spawn } from 'node:child_process';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';

import {
  apiRequest,
  createTestOrganization,
  REPO_ROOT,
  serviceEnv,
  TEST_PROFILE,
} from '@docket/testing';

interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

/** A stand-in OTLP/HTTP collector: it records the JSON span exports it receives. */
function startCollector(spans: ExportedSpan[]): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const payload = JSON.parse(body) as {
        resourceSpans: Array<{
          resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
          scopeSpans: Array<{ spans: Array<Omit<ExportedSpan, 'service'>> }>;
        }>;
      };
      for (const resource of payload.resourceSpans) {
        const service =
          resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ??
          '';
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans) spans.push({ ...span, service });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const GATEWAY_PORT = 3192;
const IDENTITY_PORT = 3193;

function start(service: 'gateway' | 'identity', port: number, collector: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      '-r',
      path.join(REPO_ROOT, 'deploy/runtime/aliases.js'),
      path.join(REPO_ROOT, `dist/apps/${service}/src/main.js`),
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...serviceEnv(TEST_PROFILE, service),
        HTTP_PORT: String(port),
        // Its own subject prefix: this pair must not share work with the main test stack.
        DOCKET_NATS_PREFIX: 'docket-otel',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    },
  );
}

async function waitReady(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`port ${port} not ready`);
}

function hex(id: string): string {
  return /^[\da-f]+$/.test(id) ? id : Buffer.from(id, 'base64').toString('hex');
}

describe('OpenTelemetry tracing (on when an OTLP endpoint is configured)', () => {
  const spans: ExportedSpan[] = [];
  let collector: Server;
  const processes: ChildProcess[] = [];

  beforeAll(async () => {
    collector = await startCollector(spans);
    const url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    processes.push(start('identity', IDENTITY_PORT, url), start('gateway', GATEWAY_PORT, url));
    await Promise.all([waitReady(IDENTITY_PORT), waitReady(GATEWAY_PORT)]);
  }, 60_000);

  afterAll(async () => {
    for (const child of processes) child.kill('SIGTERM');
    await new Promise((resolve) => collector.close(resolve));
  });

  it('exports one trace, keyed by X-Service-Trace-Id, from the gateway into the service', async () => {
    const org = await createTestOrganization();
    const response = await apiRequest('GET', '/workspaces', {
      token: org.admin.token,
      baseUrl: `http://127.0.0.1:${GATEWAY_PORT}`,
    });
    expect(response.status).toBe(200);
    const traceId = response.headers.get('x-service-trace-id')!;
    const deadline = Date.now() + 10_000;
    const ofTrace = () => spans.filter((s) => hex(s.traceId) === traceId);
    while (ofTrace().length < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));

    const http = ofTrace().find(
      (s) => s.service === 'docket-gateway' && s.name === 'GET /workspaces',
    );
    const client = ofTrace().find(
      (s) => s.service === 'docket-gateway' && s.name === 'rpc identity.workspaces.list.v1',
    );
    const server = ofTrace().find(
      (s) => s.service === 'docket-identity' && s.name === 'rpc identity.workspaces.list.v1',
    );
    expect(http).toBeDefined();
    expect(client).toBeDefined();
    expect(server).toBeDefined();
    expect(hex(client!.parentSpanId!)).toBe(hex(http!.spanId));
    expect(hex(server!.parentSpanId!)).toBe(hex(client!.spanId));
  }, 30_000);
});
