import { randomBytes } from 'node:crypto';

import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

import { ExtraGateway } from '../support/extra-gateway';

function randomAddress(): string {
  const [a, b] = randomBytes(2);
  return `198.51.${a}.${b}`;
}

function exchange(baseUrl: string, apiKey: string, forwardedFor?: string) {
  return apiRequest('POST', '/token/authenticate', {
    baseUrl,
    body: { apiKey },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

function wrongSecretOf(apiKey: string): string {
  return `${apiKey.slice(0, -6)}zzzzzz`;
}

/**
 * Issue 11, findings 4 and 12: the client address used for rate limits is the connection's
 * unless a configured proxy forwarded the request; failed token exchanges are limited per
 * address and per key prefix, and only failures are refused; nobody can lock a key's owner out.
 */
describe('client address and failed token exchanges', () => {
  // Default limits (60 requests per user, 600 per address without a token, 10 failed exchanges
  // a minute); one trusts no proxy (the default), the other trusts the loopback address the
  // test connects from.
  const defaults = {
    RATE_LIMIT_PER_MINUTE: '',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '',
    TOKEN_EXCHANGE_FAILURES_PER_MINUTE: '',
  };
  const direct = new ExtraGateway(1, defaults);
  const proxied = new ExtraGateway(2, { ...defaults, TRUSTED_PROXIES: '127.0.0.1' });
  let org: TestOrganization;

  beforeAll(async () => {
    await Promise.all([direct.ready(), proxied.ready()]);
    org = await createTestOrganization();
  }, 150_000);

  afterAll(() => {
    direct.stop();
    proxied.stop();
  });

  it('without trusted proxies, a rotating X-Forwarded-For does not buy more failed exchanges', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await exchange(
        direct.baseUrl,
        `dk_${randomBytes(16).toString('hex')}`,
        randomAddress(),
      );
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body).toMatchObject({
          code: 'RATE_LIMITED',
          traceId: response.headers.get('x-service-trace-id'),
        });
        break;
      }
    }
    // Every attempt comes from 127.0.0.1, whatever the header says (other suites' failures
    // from this address may have used part of the budget already).
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
  });

  it('without trusted proxies, a rotating X-Forwarded-For does not escape the per-address limit', async () => {
    let limited = false;
    // 600 requests a minute per address without a token (PUBLIC_RATE_LIMIT_PER_MINUTE).
    for (let i = 0; i < 601 && !limited; i++) {
      const response = await apiRequest('GET', '/.well-known/jwks.json', {
        baseUrl: direct.baseUrl,
        headers: { 'x-forwarded-for': randomAddress() },
      });
      limited = response.status === 429;
    }
    expect(limited).toBe(true);
  });

  it('from a trusted proxy, 10 failed exchanges per address whatever the prefix, the 11th failure refused', async () => {
    const attacker = randomAddress();
    for (let i = 0; i < 10; i++) {
      const response = await exchange(
        proxied.baseUrl,
        `dk_${randomBytes(16).toString('hex')}`,
        attacker,
      );
      expect({ attempt: i + 1, status: response.status }).toEqual({
        attempt: i + 1,
        status: 401,
      });
    }
    const refused = await exchange(
      proxied.baseUrl,
      `dk_${randomBytes(16).toString('hex')}`,
      attacker,
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Only failures are refused: a valid key exchanges from that address and from any other.
    expect((await exchange(proxied.baseUrl, org.apiKey, attacker)).status).toBe(200);
    expect((await exchange(proxied.baseUrl, org.apiKey, randomAddress())).status).toBe(200);
  });

  it("guesses at a key's own prefix from elsewhere do not lock its owner out", async () => {
    const owner = await org.addUser('Reviewer');
    const attacker = randomAddress();
    const home = randomAddress();
    let attackerLimited = false;
    for (let i = 0; i < 12 && !attackerLimited; i++) {
      const response = await exchange(proxied.baseUrl, wrongSecretOf(owner.apiKey), attacker);
      attackerLimited = response.status === 429;
    }
    expect(attackerLimited).toBe(true);
    // Successful exchanges are not failures: the owner gets more than 10 in the same minute.
    for (let i = 0; i < 12; i++) {
      expect((await exchange(proxied.baseUrl, owner.apiKey, home)).status).toBe(200);
    }
  });
});
