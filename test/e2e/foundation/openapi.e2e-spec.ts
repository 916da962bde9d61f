import { apiRequest } from '@docket/testing';

describe('OpenAPI', () => {
  it('serves an OpenAPI 3 document with auth, errors and headers documented', async () => {
    const response = await apiRequest<{
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, { headers?: Record<string, unknown> }>; security?: unknown }
        >
      >;
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
    }>('GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    const exchange = response.body.paths['/token/authenticate'].post;
    expect(Object.keys(exchange.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '429', '500']),
    );
    const workspaces = response.body.paths['/workspaces'].get;
    expect(workspaces.security).toEqual([{ bearer: [] }]);
    expect(workspaces.responses['429'].headers).toHaveProperty('Retry-After');
    expect(workspaces.responses['200'].headers).toHaveProperty('X-Service-Trace-Id');
    expect(response.body.components.schemas).toHaveProperty('ApiErrorSchema');
  });

  it('serves Swagger UI at /docs without a token', async () => {
    const response = await apiRequest('GET', '/docs');
    expect(response.status).toBe(200);
    expect(String(response.body)).toContain('swagger');
  });
});
