import { randomBytes } from 'node:crypto';

import { apiRequest, createTestOrganization, eventually } from '@docket/testing';

import { ExtraGateway } from '../support/extra-gateway';

/** Issue 11, finding 11: credentials never reach the gateway's log, in URLs or headers. */
describe('credentials are redacted from logged URLs and headers', () => {
  const gateway = new ExtraGateway(3, { LOG_LEVEL: 'info' });

  beforeAll(() => gateway.ready(), 150_000);
  afterAll(() => gateway.stop());

  it('an access token, SAS signature or authorization code in a query string is logged redacted', async () => {
    const org = await createTestOrganization();
    const marker = randomBytes(8).toString('hex');
    const secrets = {
      access_token: org.admin.token,
      sig: `sig-${randomBytes(12).toString('hex')}`,
      code: `code-${randomBytes(12).toString('hex')}`,
    };
    const query = new URLSearchParams({ marker, ...secrets }).toString();
    for (const url of [`/workspaces?${query}`, `/no-such-route?${query}`]) {
      const response = await apiRequest('GET', url, {
        baseUrl: gateway.baseUrl,
        token: org.admin.token,
      });
      expect(response.headers.get('x-service-trace-id')).toMatch(/^[0-9a-f]{32}$/);
    }
    const lines = await eventually(async () => {
      const found = gateway.log.split('\n').filter((line) => line.includes(marker));
      return found.length >= 2 ? found : undefined;
    }, 10_000);
    for (const line of lines) {
      expect(line).toContain('access_token=[REDACTED]');
      expect(line).toContain('sig=[REDACTED]');
      expect(line).toContain('code=[REDACTED]');
    }
    for (const secret of Object.values(secrets)) expect(gateway.log).not.toContain(secret);
  });
});
