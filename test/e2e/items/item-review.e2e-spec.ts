import { randomUUID } from 'node:crypto';

import { ItemFieldRecord, ItemLockResult, ItemRecord } from '@docket/contracts';
import {
  apiRequest,
  ApiResponse,
  createTestOrganization,
  eventually,
  TEST_DATABASE_URL,
  TestOrganization,
  TestUser,
} from '@docket/testing';
import { Client } from 'pg';

import { RunItemsFixture } from './support/run-items.fixture';

/** The test and sandbox profiles set ITEMS_LOCK_IDLE_SECONDS=5. */
const IDLE_MS = 5000;

type Body = Record<string, unknown> & { code?: string; details?: Record<string, unknown> };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Locks, field corrections, submit, defer and close, through the gateway. */
describe('item review', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let alice: TestUser;
  let bob: TestUser;
  let runs: RunItemsFixture;
  let database: Client;

  beforeAll(async () => {
    [org, other, runs] = await Promise.all([
      createTestOrganization(),
      createTestOrganization(),
      RunItemsFixture.connect(),
    ]);
    [alice, bob] = await Promise.all([org.addUser('Reviewer'), org.addUser('Reviewer')]);
    database = new Client({ connectionString: TEST_DATABASE_URL });
    await database.connect();
  }, 60_000);

  afterAll(async () => {
    await Promise.all([runs.close(), database.end()]);
  });

  /** An item waiting for review with two fields, one of them scoped to a document. */
  async function itemInReview(
    scope: TestOrganization = org,
  ): Promise<{ item: ItemRecord; documentId: string }> {
    const documentId = randomUUID();
    const item = await runs.create(scope, { displayName: `Review ${randomUUID().slice(0, 8)}` });
    await runs.attach(scope, item.id, [{ documentId, name: 'form.pdf' }]);
    await runs.writeFields(scope, item.id, [
      {
        key: 'total',
        type: 'number',
        value: 100,
        confidence: 0.4,
        flagged: true,
        flagReasons: ['low confidence'],
      },
      { key: 'policy number', type: 'string', value: 'PN-1', documentId },
    ]);
    await runs.toReview(scope, item.id);
    return { item, documentId };
  }

  function call(
    method: string,
    path: string,
    user: TestUser,
    body?: unknown,
  ): Promise<ApiResponse<Body>> {
    return apiRequest<Body>(method, path, { token: user.token, body });
  }

  async function fieldsOf(itemId: string): Promise<ItemFieldRecord[]> {
    const response = await apiRequest<{ data: ItemFieldRecord[] }>(
      'GET',
      `/items/${itemId}/fields?projectId=${org.projectId}`,
      {
        token: org.admin.token,
      },
    );
    return response.body.data;
  }

  async function itemOf(itemId: string): Promise<ItemRecord> {
    return (await apiRequest<ItemRecord>('GET', `/items/${itemId}`, { token: org.admin.token }))
      .body;
  }

  describe('locks', () => {
    it('gives the lock to one reviewer and tells the next who holds it until when', async () => {
      const { item } = await itemInReview();
      const taken = await call('POST', `/items/${item.id}/lock`, alice);
      expect(taken.status).toBe(200);
      const lock = taken.body as unknown as ItemLockResult;
      expect(lock.holder).toEqual({ userId: alice.userId, name: 'Reviewer user' });
      const lifetime = Date.parse(lock.expiresAt) - Date.parse(lock.heartbeatAt);
      expect(lifetime).toBe(IDLE_MS);

      const refused = await call('POST', `/items/${item.id}/lock`, bob);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'LOCKED',
        details: {
          holder: { userId: alice.userId, name: 'Reviewer user' },
          expiresAt: lock.expiresAt,
        },
      });

      const renewed = await call('POST', `/items/${item.id}/lock`, alice);
      expect(renewed.status).toBe(200);
      expect(renewed.body.acquiredAt).toBe(lock.acquiredAt);

      const item2 = await itemOf(item.id);
      expect(item2).toMatchObject({
        assignee: alice.userId,
        reviewerName: 'Reviewer user',
        lock: { holder: { userId: alice.userId } },
      });
    });

    it('extends with heartbeats, refuses others, and releases', async () => {
      const { item } = await itemInReview();
      const first = await call('POST', `/items/${item.id}/lock`, alice);
      await sleep(30);
      const beat = await call('POST', `/items/${item.id}/lock/heartbeat`, alice);
      expect(beat.status).toBe(200);
      expect(Date.parse(beat.body.expiresAt as string)).toBeGreaterThan(
        Date.parse(first.body.expiresAt as string),
      );

      expect((await call('POST', `/items/${item.id}/lock/heartbeat`, bob)).body.code).toBe(
        'LOCKED',
      );
      const notYours = await call('DELETE', `/items/${item.id}/lock`, bob);
      expect({ status: notYours.status, code: notYours.body.code }).toEqual({
        status: 409,
        code: 'LOCKED',
      });

      const released = await call('DELETE', `/items/${item.id}/lock`, alice);
      expect(released.body).toMatchObject({ released: true });
      expect((await call('DELETE', `/items/${item.id}/lock`, alice)).body).toMatchObject({
        released: false,
      });
      expect((await call('POST', `/items/${item.id}/lock/heartbeat`, alice)).status).toBe(409);
      expect((await call('POST', `/items/${item.id}/lock`, bob)).status).toBe(200);
    });

    it('lets exactly one of 50 concurrent reviewers win', async () => {
      const { item } = await itemInReview();
      const reviewers = await Promise.all(
        Array.from({ length: 50 }, () => org.addUser('Reviewer')),
      );
      const responses = await Promise.all(
        reviewers.map((r) => call('POST', `/items/${item.id}/lock`, r)),
      );
      const winners = responses.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      const winner = (winners[0].body.holder as { userId: string }).userId;
      const losers = responses.filter((r) => r.status !== 200);
      expect(losers).toHaveLength(49);
      for (const loser of losers) {
        expect(loser.status).toBe(409);
        expect(loser.body).toMatchObject({
          code: 'LOCKED',
          details: { holder: { userId: winner } },
        });
      }
      expect((await itemOf(item.id)).assignee).toBe(winner);
    }, 60_000);

    it('lapses without heartbeats: the lapsed holder cannot write, another reviewer takes over', async () => {
      const { item } = await itemInReview();
      await call('POST', `/items/${item.id}/lock`, alice);
      await sleep(IDLE_MS * 0.6);
      expect((await call('POST', `/items/${item.id}/lock/heartbeat`, alice)).status).toBe(200);
      await sleep(IDLE_MS * 0.6);
      // Past the first expiry, but the heartbeat kept the lock alive.
      expect((await call('POST', `/items/${item.id}/lock`, bob)).body.code).toBe('LOCKED');
      await sleep(IDLE_MS * 0.5);

      const lapsedWrite = await call('PATCH', `/items/${item.id}/fields/total`, alice, {
        value: 1,
        expectedVersion: 1,
      });
      expect({ status: lapsedWrite.status, code: lapsedWrite.body.code }).toEqual({
        status: 409,
        code: 'LOCKED',
      });

      const takeover = await call('POST', `/items/${item.id}/lock`, bob);
      expect(takeover.status).toBe(200);
      expect(takeover.body).toMatchObject({
        holder: { userId: bob.userId },
        takenOverFrom: { userId: alice.userId, name: 'Reviewer user' },
      });
      const stale = await call('POST', `/items/${item.id}/lock/heartbeat`, alice);
      expect(stale.body).toMatchObject({
        code: 'LOCKED',
        details: { holder: { userId: bob.userId } },
      });
      expect((await fieldsOf(item.id)).find((f) => f.key === 'total')).toMatchObject({
        value: 100,
        version: 1,
      });
      const audit = await database.query(
        `SELECT actor_id, details FROM items.item_audit WHERE item_id = $1 AND action = 'lock.idle-takeover'`,
        [item.id],
      );
      expect(audit.rows).toEqual([
        {
          actor_id: bob.userId,
          details: expect.objectContaining({
            previousHolder: { userId: alice.userId, name: 'Reviewer user' },
          }),
        },
      ]);
    }, 30_000);

    it('lets an Admin take over at once, audited; nobody else may', async () => {
      const { item } = await itemInReview();
      await call('POST', `/items/${item.id}/lock`, alice);
      expect((await call('POST', `/items/${item.id}/lock`, org.admin)).body.code).toBe('LOCKED');
      const denied = await call('POST', `/items/${item.id}/lock/takeover`, bob);
      expect({ status: denied.status, code: denied.body.code }).toEqual({
        status: 401,
        code: 'PERMISSION_DENIED',
      });

      const taken = await call('POST', `/items/${item.id}/lock/takeover`, org.admin);
      expect(taken.status).toBe(200);
      expect(taken.body).toMatchObject({
        holder: { userId: org.admin.userId },
        takenOverFrom: { userId: alice.userId },
      });
      expect(
        (
          await call('PATCH', `/items/${item.id}/fields/total`, alice, {
            value: 5,
            expectedVersion: 1,
          })
        ).body.code,
      ).toBe('LOCKED');
      const audit = await database.query(
        `SELECT actor_id, details FROM items.item_audit WHERE item_id = $1 AND action = 'lock.admin-takeover'`,
        [item.id],
      );
      expect(audit.rows).toHaveLength(1);
      expect(audit.rows[0]).toMatchObject({
        actor_id: org.admin.userId,
        details: { previousHolder: { userId: alice.userId } },
      });
    });

    it('refuses items that are not awaiting review, unknown and foreign items', async () => {
      const queued = await runs.create(org, { displayName: 'Still queued' });
      const notReady = await call('POST', `/items/${queued.id}/lock`, alice);
      expect({ status: notReady.status, code: notReady.body.code }).toEqual({
        status: 409,
        code: 'CONFLICT',
      });
      const { item: foreign } = await itemInReview(other);
      for (const path of [
        `/items/${foreign.id}/lock`,
        `/items/${randomUUID()}/lock`,
        `/items/${foreign.id}/lock/takeover`,
      ]) {
        const response = await call('POST', path, org.admin);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
      }
      expect((await call('POST', '/items/123/lock', alice)).status).toBe(400);
      expect((await call('POST', `/items/${foreign.id}/lock`, other.admin)).status).toBe(200);
    });
  });

  describe('PATCH /items/{id}/fields/{key}', () => {
    it('records a new version by the lock holder, with optimistic concurrency', async () => {
      const { item, documentId } = await itemInReview();
      expect(
        (
          await call('PATCH', `/items/${item.id}/fields/total`, alice, {
            value: 120,
            expectedVersion: 1,
          })
        ).body.code,
      ).toBe('LOCKED');
      await call('POST', `/items/${item.id}/lock`, alice);

      const updated = await call('PATCH', `/items/${item.id}/fields/total`, alice, {
        value: 120,
        expectedVersion: 1,
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        success: true,
        key: 'total',
        type: 'number',
        value: 120,
        version: 2,
        updatedBy: alice.userId,
        confidence: null,
        flagged: false,
      });
      const conflict = await call('PATCH', `/items/${item.id}/fields/total`, alice, {
        value: 130,
        expectedVersion: 1,
      });
      expect(conflict.body).toMatchObject({
        code: 'VERSION_CONFLICT',
        details: { currentVersion: 2 },
      });
      expect(conflict.status).toBe(409);

      const scoped = await call(
        'PATCH',
        `/items/${item.id}/fields/${encodeURIComponent('policy number')}`,
        alice,
        {
          value: 'PN-9',
          expectedVersion: 1,
          documentId,
        },
      );
      expect(scoped.body).toMatchObject({
        value: 'PN-9',
        documentId,
        version: 2,
      });
      const itemLevel = await call(
        'PATCH',
        `/items/${item.id}/fields/${encodeURIComponent('policy number')}`,
        alice,
        {
          value: 'x',
          expectedVersion: 1,
        },
      );
      expect(itemLevel.status).toBe(404);
      expect(
        (
          await call('PATCH', `/items/${item.id}/fields/nope`, alice, {
            value: 1,
            expectedVersion: 1,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call('PATCH', `/items/${item.id}/fields/total`, bob, {
            value: 1,
            expectedVersion: 2,
          })
        ).body.code,
      ).toBe('LOCKED');

      const current = await fieldsOf(item.id);
      expect(current.find((f) => f.key === 'total')).toMatchObject({ value: 120, version: 2 });
      const versions = await database.query(
        `SELECT v.version, v.value, v.source, v.author_id FROM items.field_versions v JOIN items.fields f ON f.id = v.field_id
          WHERE f.item_id = $1 AND f.key = 'total' ORDER BY v.version`,
        [item.id],
      );
      expect(versions.rows).toEqual([
        { version: 1, value: 100, source: 'extraction', author_id: null },
        { version: 2, value: 120, source: 'review', author_id: alice.userId },
      ]);
    });

    it.each<[string, unknown]>([
      ['an array of scalars', { value: [1, 2], expectedVersion: 1 }],
      ['no expectedVersion', { value: 1 }],
      ['expectedVersion 0', { value: 1, expectedVersion: 0 }],
      ['no value', { expectedVersion: 1 }],
      ['an unknown property', { value: 1, expectedVersion: 1, type: 'string' }],
      ['a malformed documentId', { value: 1, expectedVersion: 1, documentId: 'doc-1' }],
    ])('400 for %s, and nothing changes', async (_, body) => {
      const { item } = await itemInReview();
      await call('POST', `/items/${item.id}/lock`, alice);
      const response = await call('PATCH', `/items/${item.id}/fields/total`, alice, body);
      expect({ status: response.status, code: response.body.code }).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect((await fieldsOf(item.id)).find((f) => f.key === 'total')).toMatchObject({
        value: 100,
        version: 1,
      });
    });
  });

  describe('submit, defer, close', () => {
    it('submits: records the review with field-version references, releases the lock, resumes the run', async () => {
      const { item } = await itemInReview();
      await call('POST', `/items/${item.id}/lock`, bob);
      expect((await call('POST', `/items/${item.id}/submit`, alice)).body.code).toBe('LOCKED');
      const edit = await call('PATCH', `/items/${item.id}/fields/total`, bob, {
        value: 99,
        expectedVersion: 1,
      });
      expect(edit.status).toBe(200);

      const submitted = await call('POST', `/items/${item.id}/submit`, bob);
      expect(submitted.status).toBe(200);
      const result = submitted.body as unknown as {
        item: ItemRecord;
        reviewId: string;
        runSignalled: boolean;
      };
      expect(result.item).toMatchObject({ status: 'IN_PROGRESS', lock: null });
      expect(result.item.itemReviews).toEqual([
        {
          reviewId: result.reviewId,
          reviewer: { userId: bob.userId, name: 'Reviewer user' },
          submittedAt: expect.any(String),
          fieldVersions: [
            { fieldVersionId: expect.any(String), key: 'total', documentId: null, version: 2 },
          ],
        },
      ]);
      const again = await call('POST', `/items/${item.id}/submit`, bob);
      expect({ status: again.status, code: again.body.code }).toEqual({
        status: 409,
        code: 'INVALID_STATE_TRANSITION',
      });
      expect((await call('POST', `/items/${item.id}/lock`, bob)).status).toBe(409);
      // The run finishes the item.
      expect((await runs.move(org, item.id, 'COMPLETE')).status).toBe('COMPLETE');
    });

    it('defers until a time, then the item returns to REVIEW by itself', async () => {
      const { item } = await itemInReview();
      await call('POST', `/items/${item.id}/lock`, alice);
      const past = await call('POST', `/items/${item.id}/defer`, alice, {
        until: new Date(Date.now() - 1000).toISOString(),
      });
      expect(past.status).toBe(400);
      expect((await call('POST', `/items/${item.id}/defer`, bob, {})).body.code).toBe('LOCKED');
      const until = new Date(Date.now() + 1500).toISOString();
      const deferred = await call('POST', `/items/${item.id}/defer`, alice, {
        until,
        reason: 'waiting for the broker',
      });
      expect(deferred.status).toBe(200);
      expect(deferred.body).toMatchObject({ status: 'DEFERRED', deferredUntil: until, lock: null });
      expect(
        (
          await call('PATCH', `/items/${item.id}/fields/total`, alice, {
            value: 1,
            expectedVersion: 1,
          })
        ).body.code,
      ).toBe('INVALID_STATE_TRANSITION');
      const back = await eventually(async () => {
        const current = await itemOf(item.id);
        return current.status === 'REVIEW' ? current : undefined;
      }, 20_000);
      expect(back.deferredUntil).toBeNull();
    }, 30_000);

    it('defers without a time until a reviewer picks the item up again', async () => {
      const { item } = await itemInReview();
      await call('POST', `/items/${item.id}/lock`, alice);
      const deferred = await call('POST', `/items/${item.id}/defer`, alice);
      expect(deferred.body).toMatchObject({ status: 'DEFERRED', deferredUntil: null });
      expect((await call('POST', `/items/${item.id}/defer`, alice)).status).toBe(409);
      const resumed = await call('POST', `/items/${item.id}/lock`, bob);
      expect(resumed.status).toBe(200);
      expect((await itemOf(item.id)).status).toBe('REVIEW');
    });

    it('closes by the lock holder, or by an Admin over another reviewer’s lock', async () => {
      const first = (await itemInReview()).item;
      expect((await call('POST', `/items/${first.id}/close`, alice)).body.code).toBe('LOCKED');
      await call('POST', `/items/${first.id}/lock`, alice);
      const closed = await call('POST', `/items/${first.id}/close`, alice, { reason: 'duplicate' });
      expect(closed.body).toMatchObject({ status: 'CLOSED', lock: null });
      const twice = await call('POST', `/items/${first.id}/close`, org.admin);
      expect({ status: twice.status, code: twice.body.code }).toEqual({
        status: 409,
        code: 'INVALID_STATE_TRANSITION',
      });

      const second = (await itemInReview()).item;
      await call('POST', `/items/${second.id}/lock`, bob);
      expect((await call('POST', `/items/${second.id}/close`, alice)).body.code).toBe('LOCKED');
      const byAdmin = await call('POST', `/items/${second.id}/close`, org.admin);
      expect(byAdmin.body).toMatchObject({ status: 'CLOSED' });
      expect(
        (
          await call('PATCH', `/items/${second.id}/fields/total`, bob, {
            value: 1,
            expectedVersion: 1,
          })
        ).status,
      ).toBe(409);
      expect(
        (await call('POST', `/items/${second.id}/close`, org.admin, { extra: true })).status,
      ).toBe(400);
    });

    it('ends the review when the run fails, and refuses review actions on foreign items', async () => {
      const { item } = await itemInReview();
      await call('POST', `/items/${item.id}/lock`, alice);
      await runs.move(org, item.id, 'FAILED');
      expect(await itemOf(item.id)).toMatchObject({ status: 'FAILED', lock: null });
      const { item: foreign } = await itemInReview(other);
      for (const [method, path, body] of [
        ['POST', `/items/${foreign.id}/submit`, undefined],
        ['POST', `/items/${foreign.id}/defer`, {}],
        ['POST', `/items/${foreign.id}/close`, {}],
        ['DELETE', `/items/${foreign.id}/lock`, undefined],
        ['POST', `/items/${foreign.id}/lock/heartbeat`, undefined],
        ['PATCH', `/items/${foreign.id}/fields/total`, { value: 1, expectedVersion: 1 }],
      ] as const) {
        const response = await call(method, path, org.admin, body);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
      }
      expect((await fieldsOf(item.id)).length).toBe(2);
    });
  });
});
