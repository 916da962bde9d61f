import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

import {
  apiRequest,
  createTestOrganization,
  REPO_ROOT,
  serviceEnv,
  TEST_PROFILE,
  TestOrganization,
  TestUser,
} from '@docket/testing';

const PORTS = [3190, 3191];

/** Two extra gateway replicas with the specification's limit (60/min), sharing the stack's Redis. */
function startGateway(port: number): ChildProcess {
  return spawn(
    process.execPath,
    [
      '-r',
      path.join(REPO_ROOT, 'deploy/runtime/aliases.js'),
      path.join(REPO_ROOT, 'dist/apps/gateway/src/main.js'),
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...serviceEnv(TEST_PROFILE, 'gateway'),
        HTTP_PORT: String(port),
        RATE_LIMIT_PER_MINUTE: '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    },
  );
}

async function waitReady(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gateway on ${port} not ready`);
}

describe('rate limit: 60 requests per rolling minute per user, shared by replicas', () => {
  const gateways: ChildProcess[] = [];
  let user: TestUser;
  let org: TestOrganization;

  beforeAll(async () => {
    gateways.push(...PORTS.map(startGateway));
    await Promise.all(PORTS.map(waitReady));
    org = await createTestOrganization();
    user = await org.addUser('Partner');
  }, 60_000);

  afterAll(() => {
    for (const gateway of gateways) gateway.kill('SIGTERM');
  });

  it('allows 60 across two gateways and refuses the 61st with all headers', async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await apiRequest('GET', '/workspaces', {
        token: user.token,
        baseUrl: `http://127.0.0.1:${PORTS[i % 2]}`,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('60');
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining[0]).toBe(59);
    expect(remaining[59]).toBe(0);
    const refused = await apiRequest('GET', '/workspaces', {
      token: user.token,
      baseUrl: `http://127.0.0.1:${PORTS[0]}`,
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      traceId: refused.headers.get('x-service-trace-id'),
    });
    expect(refused.headers.get('x-ratelimit-limit')).toBe('60');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(refused.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    expect(Number(refused.headers.get('retry-after'))).toBe(reset);
    const other = await apiRequest('GET', '/workspaces', {
      token: user.token,
      baseUrl: `http://127.0.0.1:${PORTS[1]}`,
    });
    expect(other.status).toBe(429);
  }, 60_000);

  it('limits the token exchange per API-key prefix and client address', async () => {
    // A fresh key: its prefix has no exchanges counted yet. (Other requests of the user are
    // throttled by now, so the key is created through the main test gateway.)
    const { apiKey } = await org.addUser('Reviewer');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const response = await apiRequest('POST', '/token/authenticate', {
        body: { apiKey },
        baseUrl: `http://127.0.0.1:${PORTS[i % 2]}`,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 59).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // addUser exchanged the key once already: 59 more fit in the minute, the 60th is refused.
    expect(statuses[59]).toBe(429);
  }, 60_000);
});
