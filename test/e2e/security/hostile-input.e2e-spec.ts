import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

type OpenApiPaths = Record<string, Record<string, unknown>>;

const TRACE = /^[0-9a-f]{32}$/;
const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

function deepObject(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}
function deepArray(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

/** Issue 11, findings 5, 8 and 9: hostile input is a 400 APIError, never a 500 or a record. */
describe('hostile input is refused with a 400 APIError and creates nothing', () => {
  let org: TestOrganization;
  let writes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    org = await createTestOrganization();
    const document = await apiRequest<{ paths: OpenApiPaths }>('GET', '/openapi.json');
    writes = Object.entries(document.body.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch'].includes(method))
        .map((method) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, SAMPLE_UUID),
        })),
    );
  });

  function expectRefusal(
    response: { status: number; headers: Headers; body: unknown },
    what: unknown,
  ): void {
    const traceId = response.headers.get('x-service-trace-id');
    expect({ what, status: response.status, body: response.body }).toEqual({
      what,
      status: 400,
      body: expect.objectContaining({ code: 'VALIDATION_FAILED', traceId }),
    });
    expect(traceId).toMatch(TRACE);
  }

  it('JSON nested 10,000 levels deep is refused on every POST, PUT and PATCH, token exchange included', async () => {
    expect(writes.length).toBeGreaterThan(25);
    expect(writes).toContainEqual({ method: 'POST', url: '/token/authenticate' });
    for (const { method, url } of writes) {
      for (const body of [deepObject(10_000), deepArray(10_000)]) {
        const response = await apiRequest(method, url, { token: org.admin.token, body });
        expectRefusal(response, `${method} ${url}`);
      }
    }
  }, 120_000);

  it('accepts nesting up to the limit and refuses one level past it', async () => {
    // An exchange body nested 64 object levels (the body itself is level 1) passes the parser
    // and fails validation for its content; 65 levels are refused by the parser for depth.
    const atLimit = await apiRequest('POST', '/token/authenticate', {
      body: `{"apiKey":"x","n":${deepObject(63)}}`,
    });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body).toMatchObject({ message: expect.not.stringContaining('nesting') });
    const past = await apiRequest('POST', '/token/authenticate', {
      body: `{"apiKey":"x","n":${deepObject(64)}}`,
    });
    expectRefusal(past, 'depth 65');
    expect(past.body).toMatchObject({ message: expect.stringContaining('nesting') });
  });

  it('a NUL character in a name or description is refused and nothing is created', async () => {
    const before = await apiRequest<{ totalCount: number }>('GET', '/workspaces', {
      token: org.admin.token,
    });
    for (const body of [
      { name: 'bad\u0000name' },
      { name: 'ok', description: 'bad\u0000description' },
      { ['na\u0000me']: 'x' },
    ]) {
      expectRefusal(
        await apiRequest('POST', '/workspaces', { token: org.admin.token, body }),
        body,
      );
    }
    expectRefusal(
      await apiRequest('POST', '/api-keys', {
        token: org.admin.token,
        body: { userId: org.userId, name: 'key\u0000' },
      }),
      'api key',
    );
    const after = await apiRequest<{ totalCount: number }>('GET', '/workspaces', {
      token: org.admin.token,
    });
    expect(after.body.totalCount).toBe(before.body.totalCount);
  });

  it('a NUL character in a query string or path value is refused', async () => {
    const token = org.admin.token;
    const items = `/items?workspaceId=${org.workspaceId}`;
    for (const url of [
      `${items}&searchText=a%00b`,
      `${items}&flowName=%00`,
      `${items}&fieldValue=%00`,
      `${items}&displayNameFilter=x%00`,
      `${items}&summary=%00`,
      `${items}&reviewer=%00`,
      `${items}&insight=%00`,
      `${items}&searchText=ok&searchText=%00`,
      `/items/${SAMPLE_UUID}/fields/a%00b`,
    ]) {
      const method = url.includes('/fields/') ? 'PATCH' : 'GET';
      const body = method === 'PATCH' ? { value: 1 } : undefined;
      expectRefusal(await apiRequest(method, url, { token, body }), url);
    }
  });

  it('null bodies, null fields and arrays for objects are refused before anything runs', async () => {
    const token = org.admin.token;
    const cases: Array<[string, string, string]> = [
      ['POST', '/api-keys', '{"name":null}'],
      ['POST', '/api-keys', 'null'],
      ['POST', '/workspaces', '{"name":null}'],
      ['POST', '/workspaces', '[]'],
      ['POST', '/workspaces', '"a string"'],
      ['PATCH', `/variables/${SAMPLE_UUID}`, '{"value":null}'],
      ['POST', `/flows/${SAMPLE_UUID}/run`, 'null'],
      ['PUT', `/flows/${SAMPLE_UUID}/draft`, '{}'],
      // An array where one object belongs (the fuzz found a 500 here).
      ['PUT', `/flows/${SAMPLE_UUID}/draft`, '{"graph":[]}'],
      ['POST', `/projects/${SAMPLE_UUID}/flows`, '{"name":"f","graph":[]}'],
      ['POST', '/token/authenticate', 'null'],
    ];
    for (const [method, url, body] of cases) {
      expectRefusal(await apiRequest(method, url, { token, body }), `${method} ${url} ${body}`);
    }
  });

  describe('page and limit are strict decimal integers within bounds', () => {
    const lists = ['/workspaces', '/users', '/items', '/flow-executions', '/variables'];
    const invalid = [
      '99999999999999999999',
      '1e3',
      '0x10',
      '%201',
      '1%20',
      '9007199254740993',
      '01',
      '-1',
      '0',
      '1.5',
      '',
      'abc',
    ];

    it.each(lists)('%s refuses malformed and out-of-range page/limit', async (list) => {
      for (const value of invalid) {
        for (const parameter of ['page', 'limit']) {
          const scope = list === '/items' ? `workspaceId=${org.workspaceId}&` : '';
          const response = await apiRequest('GET', `${list}?${scope}${parameter}=${value}`, {
            token: org.admin.token,
          });
          expectRefusal(response, `${list}?${parameter}=${value}`);
        }
      }
    });

    it('limit 100 is accepted and 101 refused; the largest safe page is an empty page', async () => {
      const token = org.admin.token;
      const items = `/items?workspaceId=${org.workspaceId}`;
      expect((await apiRequest('GET', `${items}&limit=100`, { token })).status).toBe(200);
      expectRefusal(await apiRequest('GET', `${items}&limit=101`, { token }), 'limit=101');
      const far = await apiRequest<{ data: unknown[] }>('GET', `${items}&page=9007199254740991`, {
        token,
      });
      expect(far.status).toBe(200);
      expect(far.body.data).toEqual([]);
    });
  });

  describe('framework refusals keep the APIError body and the trace id', () => {
    it('a 16 KiB header', async () => {
      const response = await apiRequest('GET', '/workspaces', {
        token: org.admin.token,
        headers: { 'x-padding': 'a'.repeat(16 * 1024) },
      });
      expectRefusal(response, 'header');
    });

    it('a 5,000-character path id', async () => {
      const response = await apiRequest('GET', `/flows/${'a'.repeat(5000)}`, {
        token: org.admin.token,
      });
      expectRefusal(response, 'path');
    });

    it('a body over the limit gets its 400 read by the client, not a reset', async () => {
      const token = org.admin.token;
      const oneMiB = 1024 * 1024;
      // At the limit: read and refused for what it says (an unknown name length), not its size.
      const atLimit = JSON.stringify({ name: 'a'.repeat(oneMiB - 11) });
      expect(Buffer.byteLength(atLimit)).toBe(oneMiB);
      const read = await apiRequest<{ message: string }>('POST', '/workspaces', {
        token,
        body: atLimit,
      });
      expect(read.status).toBe(400);
      expect(read.body.message).not.toMatch(/larger than the limit/);
      // One past it, and bodies of 3.5 MB and 16 MB still being sent when the refusal is ready.
      for (const size of [oneMiB + 1, 3.5 * oneMiB, 16 * oneMiB]) {
        const body = JSON.stringify({ name: 'a'.repeat(size - 11) });
        const response = await apiRequest<{ message: string }>('POST', '/workspaces', {
          token,
          body,
        });
        expectRefusal(response, `${size} bytes`);
        expect(response.body.message).toBe(
          `Request body is larger than the limit of ${oneMiB} bytes`,
        );
      }
    });

    it('a body over 1 MiB, malformed JSON, an unsupported content type', async () => {
      const token = org.admin.token;
      for (const [body, headers] of [
        [JSON.stringify({ name: 'a'.repeat(1024 * 1024 + 1) }), {}],
        ['{"name":', {}],
        ['name=x', { 'content-type': 'application/x-www-form-urlencoded' }],
        ['<xml/>', { 'content-type': 'text/xml' }],
      ] as Array<[string, Record<string, string>]>) {
        expectRefusal(
          await apiRequest('POST', '/workspaces', { token, body, headers }),
          body.slice(0, 20),
        );
      }
    });
  });
});
