import { randomUUID } from 'node:crypto';

import {
  CreateItemForRunRequest,
  CreateItemForRunV1,
  ItemRecord,
  MoveItemStatusV1,
  WriteItemFieldsV1,
} from '@docket/contracts';
import { Actor, DocketException, RpcClient } from '@docket/platform';
import { TEST_DATABASE_URL, TEST_NATS_PREFIX } from '@docket/testing';
import { Client } from 'pg';

/**
 * The run contracts against the running items service: real NATS in front, real PostgreSQL
 * behind, checked in storage. This is the path the worker's activities take.
 */
describe('items run contracts (NATS + PostgreSQL)', () => {
  let rpc: RpcClient;
  let database: Client;
  const organizationId = randomUUID();
  const scope = { organizationId, workspaceId: randomUUID(), projectId: randomUUID() };

  beforeAll(async () => {
    process.env.DOCKET_NATS_PREFIX = TEST_NATS_PREFIX;
    rpc = await RpcClient.connect(['nats://127.0.0.1:4222'], 30_000);
    database = new Client({ connectionString: TEST_DATABASE_URL });
    await database.connect();
  });

  afterAll(async () => {
    await Promise.all([rpc.onApplicationShutdown(), database.end()]);
  });

  function createRequest(
    overrides: Partial<CreateItemForRunRequest> = {},
  ): CreateItemForRunRequest {
    return {
      idempotencyKey: randomUUID(),
      ...scope,
      flowId: 'flow-1',
      flowName: 'Motor FNOL',
      temporalWorkflowId: `exec-${randomUUID()}`,
      displayName: 'Claim',
      ...overrides,
    };
  }

  async function failure(promise: Promise<unknown>): Promise<DocketException> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof DocketException) return error;
      throw error;
    }
    throw new Error('expected the call to fail');
  }

  it('creates one item however often and however concurrently a create is retried', async () => {
    const request = createRequest();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rpc.call(CreateItemForRunV1, request, null)),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const later = await rpc.call(CreateItemForRunV1, request, null);
    expect(later).toEqual(answers[0]);
    const rows = await database.query(
      'SELECT count(*)::int AS n FROM items.items WHERE temporal_workflow_id = $1',
      [request.temporalWorkflowId],
    );
    expect(rows.rows[0].n).toBe(1);
  });

  it('refuses a reused key with a different request, and changes nothing', async () => {
    const request = createRequest();
    await rpc.call(CreateItemForRunV1, request, null);
    const error = await failure(
      rpc.call(CreateItemForRunV1, { ...request, displayName: 'Other' }, null),
    );
    expect(error.code).toBe('IDEMPOTENCY_CONFLICT');
    const rows = await database.query(
      'SELECT display_name FROM items.items WHERE temporal_workflow_id = $1',
      [request.temporalWorkflowId],
    );
    expect(rows.rows).toEqual([{ display_name: 'Claim' }]);
  });

  it('numbers items per organization without gaps or repeats under concurrency', async () => {
    const own = {
      organizationId: randomUUID(),
      workspaceId: randomUUID(),
      projectId: randomUUID(),
    };
    const created = await Promise.all(
      Array.from({ length: 20 }, () => rpc.call(CreateItemForRunV1, createRequest(own), null)),
    );
    expect(created.map((item) => item.displayId).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('keeps the per-status counts exact under concurrent creates and moves', async () => {
    const own = {
      organizationId: randomUUID(),
      workspaceId: randomUUID(),
      projectId: randomUUID(),
    };
    const created = await Promise.all(
      Array.from({ length: 12 }, () => rpc.call(CreateItemForRunV1, createRequest(own), null)),
    );
    await Promise.all(
      created.slice(0, 8).map((item) =>
        rpc.call(
          MoveItemStatusV1,
          {
            idempotencyKey: randomUUID(),
            organizationId: own.organizationId,
            itemId: item.id,
            status: 'IN_PROGRESS',
          },
          null,
        ),
      ),
    );
    await Promise.all(
      created.slice(0, 3).map((item) =>
        rpc.call(
          MoveItemStatusV1,
          {
            idempotencyKey: randomUUID(),
            organizationId: own.organizationId,
            itemId: item.id,
            status: 'CANCELED',
          },
          null,
        ),
      ),
    );
    const [kept, counted] = await Promise.all([
      database.query(
        `SELECT status, count::int FROM items.item_counts WHERE project_id = $1 AND count > 0 ORDER BY status`,
        [own.projectId],
      ),
      database.query(
        `SELECT status, count(*)::int AS count FROM items.items WHERE project_id = $1 GROUP BY status ORDER BY status`,
        [own.projectId],
      ),
    ]);
    expect(kept.rows).toEqual(counted.rows);
    expect(kept.rows).toEqual([
      { status: 'CANCELED', count: 3 },
      { status: 'IN_PROGRESS', count: 5 },
      { status: 'QUEUED', count: 4 },
    ]);
  });

  it('keeps every field version in storage and writes each retried write once', async () => {
    const item = await rpc.call(CreateItemForRunV1, createRequest(), null);
    const write = {
      idempotencyKey: randomUUID(),
      organizationId,
      itemId: item.id,
      fields: [{ key: 'total', type: 'number', value: 10, confidence: 0.5 }],
    };
    const first = await rpc.call(WriteItemFieldsV1, write, null);
    const retried = await rpc.call(WriteItemFieldsV1, write, null);
    expect(retried).toEqual(first);
    const second = await rpc.call(
      WriteItemFieldsV1,
      {
        ...write,
        idempotencyKey: randomUUID(),
        fields: [{ key: 'total', type: 'number', value: 12 }],
      },
      null,
    );
    expect(second.fields).toEqual([
      { key: 'total', documentId: null, fieldVersionId: expect.any(String), version: 2 },
    ]);
    const versions = await database.query(
      `SELECT version, value, confidence, source FROM items.field_versions WHERE item_id = $1 ORDER BY version`,
      [item.id],
    );
    expect(versions.rows).toEqual([
      { version: 1, value: 10, confidence: 0.5, source: 'extraction' },
      { version: 2, value: 12, confidence: null, source: 'extraction' },
    ]);
    const current = await database.query(
      `SELECT version, value FROM items.fields WHERE item_id = $1`,
      [item.id],
    );
    expect(current.rows).toEqual([{ version: 2, value: 12 }]);
  });

  it('refuses a write that names one field twice and stores nothing; the key stays usable', async () => {
    const item = await rpc.call(CreateItemForRunV1, createRequest(), null);
    const idempotencyKey = randomUUID();
    const error = await failure(
      rpc.call(
        WriteItemFieldsV1,
        {
          idempotencyKey,
          organizationId,
          itemId: item.id,
          fields: [
            { key: 'a', type: 'string', value: 'x' },
            { key: 'a', type: 'string', value: 'y' },
          ],
        },
        null,
      ),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    const stored = await database.query(
      'SELECT count(*)::int AS n FROM items.fields WHERE item_id = $1',
      [item.id],
    );
    expect(stored.rows[0].n).toBe(0);
    const fixed = await rpc.call(
      WriteItemFieldsV1,
      {
        idempotencyKey,
        organizationId,
        itemId: item.id,
        fields: [{ key: 'a', type: 'string', value: 'x' }],
      },
      null,
    );
    expect(fixed.fields[0].version).toBe(1);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an array of scalars as a value', { key: 'a', type: 'string', value: ['x', 'y'] }],
    ['a confidence above 1', { key: 'a', type: 'string', value: 'x', confidence: 1.2 }],
    [
      'a grounding box outside the page',
      {
        key: 'a',
        type: 'string',
        value: 'x',
        grounding: [
          { documentId: randomUUID(), page: 1, box: { x: 0.5, y: 0.5, width: 2, height: 0.1 } },
        ],
      },
    ],
    ['an unknown property', { key: 'a', type: 'string', value: 'x', colour: 'red' }],
  ])('refuses %s', async (_, field) => {
    const item = await rpc.call(CreateItemForRunV1, createRequest(), null);
    const error = await failure(
      rpc.call(
        WriteItemFieldsV1,
        { idempotencyKey: randomUUID(), organizationId, itemId: item.id, fields: [field as never] },
        null,
      ),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
  });

  it('moves status only through the state machine, and a retried move returns its first answer', async () => {
    const item: ItemRecord = await rpc.call(CreateItemForRunV1, createRequest(), null);
    const illegal = await failure(
      rpc.call(
        MoveItemStatusV1,
        { idempotencyKey: randomUUID(), organizationId, itemId: item.id, status: 'COMPLETE' },
        null,
      ),
    );
    expect(illegal.code).toBe('INVALID_STATE_TRANSITION');
    const move = {
      idempotencyKey: randomUUID(),
      organizationId,
      itemId: item.id,
      status: 'IN_PROGRESS' as const,
    };
    const moved = await rpc.call(MoveItemStatusV1, move, null);
    expect(moved.status).toBe('IN_PROGRESS');
    // Without the ledger this retry would be IN_PROGRESS -> IN_PROGRESS, an illegal transition.
    expect((await rpc.call(MoveItemStatusV1, move, null)).status).toBe('IN_PROGRESS');
    const audit = await database.query(
      `SELECT details FROM items.item_audit WHERE item_id = $1 AND action = 'item.status-changed'`,
      [item.id],
    );
    expect(audit.rows).toEqual([
      { details: { from: 'QUEUED', to: 'IN_PROGRESS', reason: null, by: 'run' } },
    ]);
  });

  it('refuses a caller of another organization and unknown items', async () => {
    const item = await rpc.call(CreateItemForRunV1, createRequest(), null);
    const stranger: Actor = {
      organizationId: randomUUID(),
      userId: randomUUID(),
      role: 'Admin',
      projectAccess: 'all',
    };
    const foreign = await failure(
      rpc.call(
        MoveItemStatusV1,
        { idempotencyKey: randomUUID(), organizationId, itemId: item.id, status: 'IN_PROGRESS' },
        stranger,
      ),
    );
    expect(foreign.code).toBe('NOT_FOUND');
    const unknown = await failure(
      rpc.call(
        MoveItemStatusV1,
        {
          idempotencyKey: randomUUID(),
          organizationId,
          itemId: randomUUID(),
          status: 'IN_PROGRESS',
        },
        null,
      ),
    );
    expect(unknown.code).toBe('NOT_FOUND');
  });
});
