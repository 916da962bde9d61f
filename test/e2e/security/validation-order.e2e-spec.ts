import { randomUUID } from 'node:crypto';

import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { RunItemsFixture } from '../items/support/run-items.fixture';

/**
 * Issue 11, finding 9: on item routes the body is validated first. A malformed request is a 400
 * whoever holds the lock and whatever the item's state, and it changes nothing.
 */
describe('item routes validate the body before lock and state checks', () => {
  let org: TestOrganization;
  let holder: TestUser;
  let other: TestUser;
  let runs: RunItemsFixture;
  let itemId: string;

  beforeAll(async () => {
    [org, runs] = await Promise.all([createTestOrganization(), RunItemsFixture.connect()]);
    [holder, other] = await Promise.all([org.addUser('Reviewer'), org.addUser('Reviewer')]);
    const item = await runs.create(org, { displayName: `Order ${randomUUID().slice(0, 8)}` });
    await runs.writeFields(org, item.id, [{ key: 'total', type: 'number', value: 100 }]);
    await runs.toReview(org, item.id);
    itemId = item.id;
    const lock = await apiRequest('POST', `/items/${itemId}/lock`, { token: holder.token });
    expect(lock.status).toBe(200);
  }, 60_000);

  afterAll(() => runs.close());

  it.each([
    ['PATCH', 'fields/total', '{}'],
    ['PATCH', 'fields/total', '{"value":[1,2]}'],
    ['PATCH', 'fields/total', '{"value":1,"extra":true}'],
    ['PATCH', 'fields/total', '{"value":"a\\u0000b"}'],
    ['POST', 'defer', '{"until":"tomorrow"}'],
    ['POST', 'defer', '{"reason":null}'],
    ['POST', 'close', '{"reason":""}'],
    ['POST', 'close', '{"reason":7}'],
    ['POST', 'close', 'null'],
  ])('%s %s %s without the lock is a 400, not a lock refusal', async (method, route, body) => {
    const response = await apiRequest(method, `/items/${itemId}/${route}`, {
      token: other.token,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('a 10,000-deep field value is refused for its depth, not for the lock', async () => {
    for (const deep of [
      '['.repeat(10_000) + ']'.repeat(10_000),
      '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
    ]) {
      const response = await apiRequest('PATCH', `/items/${itemId}/fields/total`, {
        token: other.token,
        body: `{"value":${deep},"expectedVersion":1}`,
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'JSON nesting deeper than 64 levels',
      });
    }
  });

  it('a path number in exponent form is a 400 before any lookup (the file does not exist)', async () => {
    const fileId = randomUUID();
    for (const page of ['1e3', '1e0', '01', '1.0', '0x10']) {
      const response = await apiRequest('GET', `/files/${fileId}/pages/${page}/words`, {
        token: org.admin.token,
      });
      expect({ page, status: response.status }).toEqual({ page, status: 400 });
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // A well-formed page number of a file that does not exist reaches the lookup.
    const plain = await apiRequest('GET', `/files/${fileId}/pages/1000/words`, {
      token: org.admin.token,
    });
    expect(plain.status).toBe(404);
  });

  it('the item is untouched: still in review, locked by its holder, the field unchanged', async () => {
    const detail = await apiRequest<Record<string, unknown>>(
      'GET',
      `/items/${itemId}?projectId=${org.projectId}`,
      {
        token: holder.token,
      },
    );
    expect(detail.body).toMatchObject({ status: 'REVIEW' });
    const fields = await apiRequest<{ data: Array<{ key: string; value: unknown }> }>(
      'GET',
      `/items/${itemId}/fields?projectId=${org.projectId}`,
      { token: holder.token },
    );
    expect(fields.body.data.find((field) => field.key === 'total')?.value).toBe(100);
  });
});
