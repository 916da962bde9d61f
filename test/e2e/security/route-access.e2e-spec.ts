import { INTERNAL_EVENTS_PATH } from '@docket/contracts';
import { apiRequest } from '@docket/testing';

interface OpenApiOperation {
  security?: unknown[];
}
type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

/** Finding 13: one declaration per route decides authentication, rate limiting and contract. */
describe('route access is declared once, on the route', () => {
  let paths: OpenApiPaths;

  beforeAll(async () => {
    const document = await apiRequest<{ paths: OpenApiPaths }>('GET', '/openapi.json');
    expect(document.status).toBe(200);
    paths = document.body.paths;
  });

  it('every documented route without a bearer requirement answers without a token, every other one refuses', async () => {
    let publicCount = 0;
    let protectedCount = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = path.replace(/\{[^}]+\}/g, SAMPLE_UUID);
        const response = await apiRequest(method.toUpperCase(), url, {
          body: method === 'get' || method === 'delete' ? undefined : {},
        });
        expect(response.headers.get('x-service-trace-id')).toMatch(/^[0-9a-f]{32}$/);
        if (operation.security?.length) {
          protectedCount += 1;
          expect({ method, path, status: response.status }).toEqual({
            method,
            path,
            status: 401,
          });
          expect(response.headers.get('x-ratelimit-limit')).not.toBeNull();
        } else {
          publicCount += 1;
          expect({ method, path, unauthenticated: response.status === 401 }).toEqual({
            method,
            path,
            unauthenticated: false,
          });
        }
      }
    }
    expect(publicCount).toBeGreaterThanOrEqual(2);
    expect(protectedCount).toBeGreaterThan(30);
  });

  it.each(['/openapi.json', '/openapi.yaml', '/docs', '/docs/swagger-ui-init.js'])(
    'serves the API description at %s without a token',
    async (url) => {
      const response = await apiRequest('GET', url);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-service-trace-id')).toMatch(/^[0-9a-f]{32}$/);
    },
  );

  it('probes answer without a token and without a rate limit', async () => {
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      const response = await apiRequest('GET', url);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
      expect(response.headers.get('x-service-trace-id')).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('the storage-events endpoint passes the gate as a declared internal route and checks its own secret', async () => {
    const response = await apiRequest('POST', INTERNAL_EVENTS_PATH, {
      body: [],
      headers: { authorization: 'Bearer not-a-token' },
    });
    // A user token is irrelevant here: the route's own secret check answers.
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('x-docket-internal-secret'),
      traceId: response.headers.get('x-service-trace-id'),
    });
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('an unknown route is a 404 APIError with a trace id, token or not', async () => {
    const response = await apiRequest('GET', '/no-such-route');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({
      code: 'NOT_FOUND',
      traceId: response.headers.get('x-service-trace-id'),
    });
  });
});
