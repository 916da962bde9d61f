import { randomUUID } from 'node:crypto';

import { ItemFieldRecord, ReviewRulesInput } from '@docket/contracts';
import {
  apiRequest,
  ApiResponse,
  createTestOrganization,
  TestOrganization,
  TestUser,
} from '@docket/testing';

import { RunItemsFixture } from './support/run-items.fixture';

type Body = Record<string, unknown> & { code?: string; details?: Record<string, unknown> };

/** The flow's field definitions and rules, as the extraction hands them to the item. */
const RULES: ReviewRulesInput = {
  fields: [
    {
      key: 'policy_number',
      type: 'string',
      required: true,
      validation: [{ kind: 'pattern', pattern: '^PN-\\d{6}$' }],
    },
    { key: 'claim_amount', type: 'money', defaultCurrency: 'USD' },
    { key: 'date_of_loss', type: 'date' },
    { key: 'report_date', type: 'date' },
    { key: 'claimants', type: 'number', validation: [{ kind: 'range', min: 1, max: 10 }] },
    { key: 'covered', type: 'boolean' },
    {
      key: 'kind',
      type: 'enum',
      options: [{ value: 'Auto' }, { value: 'Home', synonyms: ['house'] }],
    },
    {
      key: 'lines',
      type: 'table',
      columns: [
        { key: 'description', type: 'string' },
        { key: 'amount', type: 'money' },
      ],
    },
  ],
  crossFieldRules: [{ kind: 'date-order', earlier: 'date_of_loss', later: 'report_date' }],
};

/**
 * Issue 29, corrections that keep data right: a reviewer's value is checked by the field's
 * type (refused with a 400 naming the field, changing nothing), the flow's rules run again on
 * it, acceptance is recorded; and locks belong to one browser session (tab) of a person.
 */
describe('field corrections and session locks', () => {
  let org: TestOrganization;
  let alice: TestUser;
  let runs: RunItemsFixture;

  beforeAll(async () => {
    [org, runs] = await Promise.all([createTestOrganization(), RunItemsFixture.connect()]);
    alice = await org.addUser('Reviewer');
  }, 60_000);

  afterAll(async () => {
    await runs.close();
  });

  async function itemInReview(): Promise<string> {
    const item = await runs.create(org, { displayName: `Claim ${randomUUID().slice(0, 8)}` });
    await runs.writeFields(
      org,
      item.id,
      [
        { key: 'policy_number', type: 'string', value: 'PN-123456', confidence: 0.95 },
        { key: 'claim_amount', type: 'money', value: { amount: 640, currency: 'USD' } },
        { key: 'date_of_loss', type: 'date', value: '2025-03-14' },
        { key: 'report_date', type: 'date', value: '2025-03-20' },
        { key: 'claimants', type: 'number', value: 2 },
        { key: 'covered', type: 'boolean', value: true },
        { key: 'kind', type: 'enum', value: 'Auto', flagged: true, flagReasons: ['unsure'] },
        {
          key: 'lines',
          type: 'table',
          value: [
            { description: 'Bumper', amount: { amount: 400, currency: 'USD' } },
            { description: 'Paint', amount: { amount: 240, currency: 'USD' } },
          ],
        },
        { key: 'notes', type: 'string', value: 'none' },
      ],
      undefined,
      RULES,
    );
    await runs.toReview(org, item.id);
    const lock = await call('POST', `/items/${item.id}/lock`, alice);
    expect(lock.status).toBe(200);
    return item.id;
  }

  function call(
    method: string,
    path: string,
    user: TestUser,
    body?: unknown,
  ): Promise<ApiResponse<Body>> {
    return apiRequest<Body>(method, path, { token: user.token, body });
  }

  async function field(itemId: string, key: string): Promise<ItemFieldRecord> {
    const response = await apiRequest<{ data: ItemFieldRecord[] }>(
      'GET',
      `/items/${itemId}/fields?projectId=${org.projectId}&limit=100`,
      { token: org.admin.token },
    );
    return response.body.data.find((f) => f.key === key)!;
  }

  function edit(itemId: string, key: string, value: unknown, expectedVersion = 1) {
    return call('PATCH', `/items/${itemId}/fields/${key}`, alice, { value, expectedVersion });
  }

  /** A refused value is a 400 naming the field, and the field is exactly as it was. */
  async function expectRefused(itemId: string, key: string, value: unknown, words: RegExp) {
    const before = await field(itemId, key);
    const refused = await edit(itemId, key, value, before.version);
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(refused.body.message).toMatch(new RegExp(`^${key}`));
    expect(refused.body.message).toMatch(words);
    expect(refused.body.details).toMatchObject({ field: key });
    expect(await field(itemId, key)).toEqual(before);
    return refused;
  }

  describe('values checked by the field type', () => {
    let itemId: string;
    beforeAll(async () => {
      itemId = await itemInReview();
    });

    it('refuses words for money and an impossible date, changing nothing', async () => {
      await expectRefused(itemId, 'claim_amount', 'twelve hundred', /not an amount of money/);
      await expectRefused(itemId, 'claim_amount', '12 hundred', /not an amount of money/);
      await expectRefused(itemId, 'claim_amount', { amount: 5, currency: 'eur' }, /money/);
      await expectRefused(itemId, 'date_of_loss', '31/02/2025', /not a date/);
      await expectRefused(itemId, 'date_of_loss', '2025-02-29', /not a date/);
    });

    it('reads money and dates the way the extraction does, and stores them normalised', async () => {
      const money = await edit(itemId, 'claim_amount', '1,200.00 EUR');
      expect(money.status).toBe(200);
      expect(money.body.value).toEqual({ amount: 1200, currency: 'EUR' });
      const bare = await edit(itemId, 'claim_amount', { amount: 5 }, 2);
      expect(bare.body.value).toEqual({ amount: 5, currency: 'USD' });
      const date = await edit(itemId, 'date_of_loss', '03/15/2025');
      expect(date.status).toBe(200);
      expect(date.body.value).toBe('2025-03-15');
      expect((await edit(itemId, 'date_of_loss', '2024-02-29', 2)).body.value).toBe('2024-02-29');
    });

    it('checks numbers, yes/no and enum options over the whole text', async () => {
      await expectRefused(itemId, 'claimants', 'abc', /not a number/);
      await expectRefused(itemId, 'claimants', '3 people', /not a number/);
      await expectRefused(itemId, 'covered', 'maybe', /not yes or no/);
      await expectRefused(itemId, 'kind', 'Car', /not one of Auto, Home/);
      expect((await edit(itemId, 'claimants', '3')).body.value).toBe(3);
      expect((await edit(itemId, 'covered', 'no')).body.value).toBe(false);
      expect((await edit(itemId, 'kind', 'house')).body.value).toBe('Home');
    });

    it('checks table cells by their column and names the row and column', async () => {
      const refused = await expectRefused(
        itemId,
        'lines',
        [
          { description: 'Bumper', amount: '400' },
          { description: 'Paint', amount: 'lots' },
        ],
        /row 2 amount: "lots" is not an amount of money/,
      );
      expect(refused.body.details).toMatchObject({ row: 2, column: 'amount' });
      await expectRefused(itemId, 'lines', [{ colour: 'red' }], /row 1.*has no "colour"/);
      await expectRefused(itemId, 'lines', { description: 'x' }, /list of rows/);
      const saved = await edit(itemId, 'lines', [{ description: 'Bumper', amount: '400.50' }]);
      expect(saved.body.value).toEqual([
        { description: 'Bumper', amount: { amount: 400.5, currency: 'USD' } },
      ]);
    });

    it('takes a table of 500 rows and refuses 501', async () => {
      const rows = (count: number) =>
        Array.from({ length: count }, (_, index) => ({ description: `r${index}`, amount: 1 }));
      const current = await field(itemId, 'lines');
      await expectRefused(itemId, 'lines', rows(501), /501 rows; at most 500/);
      const saved = await edit(itemId, 'lines', rows(500), current.version);
      expect(saved.status).toBe(200);
      expect(saved.body.value).toHaveLength(500);
    });

    it('takes text of 1000 characters and refuses 1001', async () => {
      await expectRefused(itemId, 'notes', 'x'.repeat(1001), /1001 characters long; at most 1000/);
      const saved = await edit(itemId, 'notes', 'x'.repeat(1000));
      expect(saved.status).toBe(200);
    });
  });

  describe('rules run again on every save', () => {
    it('keeps a field flagged until it passes its rules, and names who edited it', async () => {
      const itemId = await itemInReview();
      const wrong = await edit(itemId, 'policy_number', 'PN-12');
      expect(wrong.status).toBe(200);
      expect(wrong.body).toMatchObject({
        value: 'PN-12',
        flagged: true,
        confidence: null,
        updatedBy: alice.userId,
        updatedByName: 'Reviewer user',
      });
      expect(wrong.body.flagReasons).toEqual([expect.stringMatching(/does not match/)]);
      const empty = await edit(itemId, 'policy_number', '', 2);
      expect(empty.body).toMatchObject({ value: null, flagged: true });
      expect(empty.body.flagReasons).toEqual(['required value missing']);
      const right = await edit(itemId, 'policy_number', 'PN-654321', 3);
      expect(right.body).toMatchObject({ flagged: false, flagReasons: [] });
      // A range rule and a cross-field rule against the other fields as they stand.
      const many = await edit(itemId, 'claimants', 11);
      expect(many.body.flagReasons).toEqual([expect.stringMatching(/above maximum 10/)]);
      const late = await edit(itemId, 'date_of_loss', '2025-04-01');
      expect(late.body.flagReasons).toEqual([expect.stringMatching(/must not be after/)]);
    });

    it('keeps every version as the field’s history, newest first, with who wrote it', async () => {
      const itemId = await itemInReview();
      await edit(itemId, 'claimants', 3);
      await edit(itemId, 'claimants', '4', 2);
      const history = await call('GET', `/items/${itemId}/fields/claimants/versions`, alice);
      expect(history.status).toBe(200);
      expect(history.body.data).toEqual([
        expect.objectContaining({
          version: 3,
          value: 4,
          source: 'review',
          author: { userId: alice.userId, name: 'Reviewer user' },
        }),
        expect.objectContaining({ version: 2, value: 3, source: 'review' }),
        expect.objectContaining({ version: 1, value: 2, source: 'extraction', author: null }),
      ]);
      const missing = await call('GET', `/items/${itemId}/fields/nope/versions`, alice);
      expect(missing.status).toBe(404);
    });

    it('records who accepted a field, and a later edit clears the acceptance', async () => {
      const itemId = await itemInReview();
      const accept = (version: number) =>
        call('POST', `/items/${itemId}/fields/kind/accept`, alice, { expectedVersion: version });
      const stale = await accept(2);
      expect({ status: stale.status, code: stale.body.code }).toEqual({
        status: 409,
        code: 'VERSION_CONFLICT',
      });
      const accepted = await accept(1);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({
        version: 1,
        acceptedBy: { userId: alice.userId, name: 'Reviewer user' },
      });
      expect(Date.parse(accepted.body.acceptedAt as string)).toBeGreaterThan(Date.now() - 60_000);
      expect((await field(itemId, 'kind')).acceptedBy).toMatchObject({ userId: alice.userId });
      const edited = await edit(itemId, 'kind', 'Home');
      expect(edited.body).toMatchObject({ acceptedBy: null, acceptedAt: null });
    });
  });

  describe('locks per browser session', () => {
    const tab = () => `tab-${randomUUID()}`;

    it('keeps two tabs of one person from renewing or releasing each other’s lock', async () => {
      const itemId = await itemInReview();
      await call('DELETE', `/items/${itemId}/lock`, alice);
      const [first, second] = [tab(), tab()];
      expect((await call('POST', `/items/${itemId}/lock`, alice, { session: first })).status).toBe(
        200,
      );
      const refused = await call('POST', `/items/${itemId}/lock`, alice, { session: second });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'LOCKED',
        details: { otherSessionOfYours: true, holder: { userId: alice.userId } },
      });
      const left = await call('DELETE', `/items/${itemId}/lock?session=${second}`, alice);
      expect(left.body).toMatchObject({ released: false });
      const beat = await call('POST', `/items/${itemId}/lock/heartbeat`, alice, {
        session: first,
      });
      expect(beat.status).toBe(200);

      const moved = await call('POST', `/items/${itemId}/lock`, alice, {
        session: second,
        replaceOwnSession: true,
      });
      expect(moved.status).toBe(200);
      const stale = await call('POST', `/items/${itemId}/lock/heartbeat`, alice, {
        session: first,
      });
      expect(stale.body).toMatchObject({ code: 'LOCKED', details: { otherSessionOfYours: true } });
      const watched = await call('GET', `/items/${itemId}/lock?session=${first}`, alice);
      expect(watched.body).toMatchObject({
        yours: false,
        lock: { holder: { userId: alice.userId } },
      });
    });

    it('answers a waiting holder within 2 s of an Admin takeover', async () => {
      const itemId = await itemInReview();
      const session = tab();
      await call('POST', `/items/${itemId}/lock`, alice, { session, replaceOwnSession: true });
      const waiting = call(
        'GET',
        `/items/${itemId}/lock?session=${session}&waitSeconds=10`,
        alice,
      ).then((response) => ({ response, at: Date.now() }));
      const mine = await call('GET', `/items/${itemId}/lock?session=${session}`, alice);
      expect(mine.body).toMatchObject({ yours: true });
      const takenAt = Date.now();
      expect((await call('POST', `/items/${itemId}/lock/takeover`, org.admin)).status).toBe(200);
      const { response, at } = await waiting;
      expect(response.body).toMatchObject({
        yours: false,
        lock: { holder: { userId: org.admin.userId } },
      });
      expect(at - takenAt).toBeLessThan(2000);
    });

    it('refuses a malformed session and a wait past 10 s', async () => {
      const itemId = await itemInReview();
      const short = await call('POST', `/items/${itemId}/lock`, alice, { session: 'short' });
      expect({ status: short.status, code: short.body.code }).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      const ok = await call('GET', `/items/${itemId}/lock?waitSeconds=0`, alice);
      expect(ok.status).toBe(200);
      const long = await call('GET', `/items/${itemId}/lock?waitSeconds=11`, alice);
      expect(long.status).toBe(400);
      const atLimit = await call('GET', `/items/${itemId}/lock?waitSeconds=10`, org.admin);
      expect(atLimit.body).toMatchObject({ yours: false });
    });
  });

  describe('the review queue', () => {
    it('claims the oldest REVIEW item nobody holds, never one item twice, then says none is left', async () => {
      const queue = await createTestOrganization();
      const [first, second] = await Promise.all([
        queue.addUser('Reviewer'),
        queue.addUser('Reviewer'),
      ]);
      const inReview = async () => {
        const item = await runs.create(queue);
        await runs.toReview(queue, item.id);
        return item.id;
      };
      const held = await inReview();
      const waiting = [await inReview(), await inReview()];
      await runs.create(queue); // QUEUED: not for review
      expect((await call('POST', `/items/${held}/lock`, first)).status).toBe(200);

      const claim = (user: TestUser) =>
        call('POST', '/items/next', user, {
          projectId: queue.projectId,
          session: `tab-${randomUUID()}`,
        });
      const claims = await Promise.all([claim(first), claim(second)]);
      expect(claims.map((c) => c.status)).toEqual([200, 200]);
      expect(claims.map((c) => c.body.id).sort()).toEqual([...waiting].sort());
      expect(claims[0].body).toMatchObject({
        status: 'REVIEW',
        lock: { holder: { userId: first.userId } },
      });
      expect(claims[1].body).toMatchObject({ lock: { holder: { userId: second.userId } } });

      const none = await claim(first);
      expect({ status: none.status, code: none.body.code }).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      });
      // Another organization's project is nobody's queue here.
      const elsewhere = await call('POST', '/items/next', first, { projectId: org.projectId });
      expect(elsewhere.status).toBe(404);
    });
  });
});
