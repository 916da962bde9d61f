import { randomUUID } from 'node:crypto';

import { FieldWriteInput, ItemFieldRecord, ItemRecord } from '@docket/contracts';
import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { RunItemsFixture } from './support/run-items.fixture';

interface FieldPage {
  data: ItemFieldRecord[];
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
  code?: string;
}

/** GET /items/{id} (the lean payload) and GET /items/{id}/fields with its exact limits. */
describe('GET /items/{id} and GET /items/{id}/fields', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let runs: RunItemsFixture;
  let item: ItemRecord;
  let theirs: ItemRecord;
  // Documents attached together, and fields of one key, are ordered by document id.
  const [documentA, documentB] = [randomUUID(), randomUUID()].sort();
  const fileId = randomUUID();
  const table = [
    { description: 'Bumper', amount: 800 },
    { description: 'Headlight', amount: 400 },
  ];

  beforeAll(async () => {
    [org, other, runs] = await Promise.all([
      createTestOrganization(),
      createTestOrganization(),
      RunItemsFixture.connect(),
    ]);
    item = await runs.create(org, { displayName: 'Claim with documents' });
    theirs = await runs.create(other, { displayName: 'Their claim' });
    await runs.attach(org, item.id, [
      {
        documentId: documentA,
        fileId,
        name: 'claim-form.pdf',
        mimeType: 'application/pdf',
        pageCount: 3,
        classification: 'claim_form',
      },
      {
        documentId: documentB,
        fileId,
        name: 'invoice.pdf',
        mimeType: 'application/pdf',
        pageCount: 1,
      },
    ]);
    await runs.writeFields(org, item.id, [
      {
        key: 'policy_number',
        type: 'string',
        value: 'PN-1',
        documentId: documentA,
        confidence: 0.61,
        flagged: true,
        flagReasons: ['low confidence'],
        grounding: [
          { documentId: documentA, page: 1, box: { x: 0.1, y: 0.2, width: 0.3, height: 0.05 } },
        ],
      },
      {
        key: 'policy_number',
        type: 'string',
        value: 'PN-2',
        documentId: documentB,
        confidence: 0.97,
      },
      { key: 'repair_lines', type: 'table', value: table, documentId: documentB },
      { key: 'insured', type: 'object', value: { name: 'ACME', country: 'DE' } },
      { key: 'total', type: 'number', value: 1200 },
    ]);
    // A second extraction of the same field is a new version; only it is served.
    await runs.writeFields(org, item.id, [
      { key: 'total', type: 'number', value: 1250, confidence: 0.88 },
    ]);
  }, 60_000);

  afterAll(async () => {
    await runs.close();
  });

  function fields(
    query: string,
    id = item.id,
    token = org.admin.token,
  ): Promise<{ status: number; body: FieldPage }> {
    return apiRequest<FieldPage>('GET', `/items/${id}/fields?${query}`, { token });
  }

  describe('GET /items/{id}', () => {
    it('returns the lean payload: documents as metadata, no fields, the workflow id', async () => {
      const response = await apiRequest<ItemRecord & { success: boolean }>(
        'GET',
        `/items/${item.id}`,
        { token: org.admin.token },
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        id: item.id,
        displayId: item.displayId,
        // Attached documents name the item: the first file (by arrival, then name) and its type.
        displayName: 'claim-form.pdf +1 · claim_form',
        status: 'QUEUED',
        temporalWorkflowId: item.temporalWorkflowId,
        itemReviews: [],
        assignee: null,
      });
      expect(response.body).not.toHaveProperty('fields');
      expect(response.body.documents).toEqual([
        {
          documentId: documentA,
          fileId,
          name: 'claim-form.pdf',
          mimeType: 'application/pdf',
          pageCount: 3,
          classification: 'claim_form',
          createdAt: expect.any(String),
        },
        {
          documentId: documentB,
          fileId,
          name: 'invoice.pdf',
          mimeType: 'application/pdf',
          pageCount: 1,
          classification: null,
          createdAt: expect.any(String),
        },
      ]);
    });

    it('accepts the item’s own projectId and 404s for another project', async () => {
      expect(
        (
          await apiRequest('GET', `/items/${item.id}?projectId=${org.projectId}`, {
            token: org.admin.token,
          })
        ).status,
      ).toBe(200);
      const project = await apiRequest<{ projectId: string }>(
        'POST',
        `/workspaces/${org.workspaceId}/projects`,
        {
          token: org.admin.token,
          body: { name: 'Elsewhere' },
        },
      );
      const wrong = await apiRequest(
        'GET',
        `/items/${item.id}?projectId=${project.body.projectId}`,
        { token: org.admin.token },
      );
      expect(wrong.status).toBe(404);
    });

    it('answers 404 for another organization’s item and 400 for a malformed id', async () => {
      const foreign = await apiRequest('GET', `/items/${theirs.id}`, { token: org.admin.token });
      expect({ status: foreign.status, code: foreign.body.code }).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      });
      const unknown = await apiRequest('GET', `/items/${randomUUID()}`, { token: org.admin.token });
      expect(unknown.status).toBe(404);
      const malformed = await apiRequest('GET', '/items/not-a-uuid', { token: org.admin.token });
      expect({ status: malformed.status, code: malformed.body.code }).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      const badProject = await apiRequest('GET', `/items/${item.id}?projectId=nope`, {
        token: org.admin.token,
      });
      expect(badProject.status).toBe(400);
    });

    it('refuses a Reviewer without a grant for the item’s project', async () => {
      const project = await apiRequest<{ projectId: string }>(
        'POST',
        `/workspaces/${org.workspaceId}/projects`,
        {
          token: org.admin.token,
          body: { name: 'Other agent' },
        },
      );
      const outsider: TestUser = await org.addUser('Reviewer', [project.body.projectId]);
      const response = await apiRequest('GET', `/items/${item.id}`, { token: outsider.token });
      expect({ status: response.status, code: response.body.code }).toEqual({
        status: 401,
        code: 'PERMISSION_DENIED',
      });
      const insider = await org.addUser('Reviewer', [org.projectId]);
      expect((await apiRequest('GET', `/items/${item.id}`, { token: insider.token })).status).toBe(
        200,
      );
    });
  });

  describe('GET /items/{id}/fields', () => {
    it('returns the current version of document-scoped and item-level fields by default', async () => {
      const response = await fields(`projectId=${org.projectId}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        page: 1,
        limit: 20,
        totalCount: 5,
        totalPages: 1,
      });
      expect(response.body.data.map((f) => [f.key, f.documentId ?? null])).toEqual([
        ['insured', null],
        ['policy_number', documentA],
        ['policy_number', documentB],
        ['repair_lines', documentB],
        ['total', null],
      ]);
      const total = response.body.data.find((f) => f.key === 'total')!;
      expect(total).toMatchObject({ type: 'number', value: 1250, version: 2, confidence: 0.88 });
      expect(total).not.toHaveProperty('documentId');
      const policy = response.body.data.find((f) => f.documentId === documentA)!;
      expect(policy).toMatchObject({
        value: 'PN-1',
        confidence: 0.61,
        flagged: true,
        flagReasons: ['low confidence'],
        grounding: [
          { documentId: documentA, page: 1, box: { x: 0.1, y: 0.2, width: 0.3, height: 0.05 } },
        ],
      });
      expect(response.body.data.find((f) => f.key === 'repair_lines')!.value).toEqual(table);
      expect(response.body.data.find((f) => f.key === 'insured')!.value).toEqual({
        name: 'ACME',
        country: 'DE',
      });
    });

    it('narrows to one document, an exact key and an exact type', async () => {
      const byDocument = await fields(`projectId=${org.projectId}&documentId=${documentB}`);
      expect(byDocument.body.data.map((f) => f.key)).toEqual(['policy_number', 'repair_lines']);
      const byKey = await fields(`projectId=${org.projectId}&key=policy_number`);
      expect(byKey.body.data.map((f) => f.value)).toEqual(['PN-1', 'PN-2']);
      expect((await fields(`projectId=${org.projectId}&key=policy`)).body.data).toEqual([]);
      expect((await fields(`projectId=${org.projectId}&key=POLICY_NUMBER`)).body.data).toEqual([]);
      const byType = await fields(`projectId=${org.projectId}&type=table`);
      expect(byType.body.data.map((f) => f.key)).toEqual(['repair_lines']);
      const combined = await fields(
        `projectId=${org.projectId}&documentId=${documentA}&key=policy_number&type=string`,
      );
      expect(combined.body.data.map((f) => f.value)).toEqual(['PN-1']);
      expect(
        (await fields(`projectId=${org.projectId}&documentId=${randomUUID()}`)).body.totalCount,
      ).toBe(0);
    });

    it('requires a projectId the item belongs to', async () => {
      const missing = await fields('');
      expect({ status: missing.status, code: missing.body.code }).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect((await fields('projectId=123')).status).toBe(400);
      const project = await apiRequest<{ projectId: string }>(
        'POST',
        `/workspaces/${org.workspaceId}/projects`,
        {
          token: org.admin.token,
          body: { name: 'Not this one' },
        },
      );
      expect((await fields(`projectId=${project.body.projectId}`)).status).toBe(404);
      const foreignProject = await fields(`projectId=${other.projectId}`);
      expect({ status: foreignProject.status, code: foreignProject.body.code }).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      });
      const foreignItem = await fields(`projectId=${org.projectId}`, theirs.id);
      expect(foreignItem.status).toBe(404);
      const theirProjectTheirItem = await fields(`projectId=${other.projectId}`, theirs.id);
      expect(theirProjectTheirItem.status).toBe(404);
    });

    it.each([
      'page=0',
      'page=101',
      'limit=0',
      'limit=101',
      'page=x',
      'limit=2.5',
      `documentId=abc`,
      'sortBy=key',
    ])('400 for %s', async (query) => {
      const response = await fields(`projectId=${org.projectId}&${query}`);
      expect({ query, status: response.status, code: response.body.code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('paging limits with 10,001 fields', () => {
    let big: ItemRecord;

    beforeAll(async () => {
      big = await runs.create(org, { displayName: 'Ten thousand fields' });
      const all: FieldWriteInput[] = Array.from({ length: 10_001 }, (_, i) => ({
        key: `f${String(i + 1).padStart(5, '0')}`,
        type: 'string',
        value: `v${i + 1}`,
      }));
      for (let start = 0; start < all.length; start += 2000) {
        await runs.writeFields(org, big.id, all.slice(start, start + 2000));
      }
    }, 120_000);

    it('reaches the 10,000th field on page 100 of 100 and no further', async () => {
      const last = await fields(`projectId=${org.projectId}&page=100&limit=100`, big.id);
      expect(last.status).toBe(200);
      expect(last.body).toMatchObject({ page: 100, limit: 100, totalCount: 10_001 });
      expect(last.body.data).toHaveLength(100);
      expect(last.body.data[0].key).toBe('f09901');
      expect(last.body.data[99].key).toBe('f10000');
      const pastPage = await fields(`projectId=${org.projectId}&page=101&limit=100`, big.id);
      expect({ status: pastPage.status, code: pastPage.body.code }).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      const pastLimit = await fields(`projectId=${org.projectId}&page=1&limit=101`, big.id);
      expect(pastLimit.status).toBe(400);
    });

    it('serves 20 per page by default and limit 1 at the lower bound', async () => {
      const first = await fields(`projectId=${org.projectId}`, big.id);
      expect(first.body.data).toHaveLength(20);
      expect(first.body.totalPages).toBe(501);
      const one = await fields(`projectId=${org.projectId}&limit=1&page=100`, big.id);
      expect(one.body.data.map((f) => f.key)).toEqual(['f00100']);
    });
  });
});
