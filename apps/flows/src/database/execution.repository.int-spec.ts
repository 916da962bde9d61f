import { randomUUID } from 'node:crypto';

import { ExecutionStatusEvent, ExecutionStepEvent } from '@docket/contracts';
import { connectToTestSchema } from '@docket/testing';
import { DataSource } from 'typeorm';

import { ExecutionRepository } from './execution.repository';

/** The execution read model (status events, the start claim) against the migrated schema. */
describe('ExecutionRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: ExecutionRepository;
  const organizationId = randomUUID();
  const flowId = randomUUID();
  const ids = { workspaceId: randomUUID(), projectId: randomUUID() };

  beforeAll(async () => {
    dataSource = await connectToTestSchema('flows', { poolSize: 8 });
    repository = new ExecutionRepository(dataSource);
    await dataSource.query(
      `INSERT INTO flows.flows (id, organization_id, workspace_id, project_id, name, draft,
         draft_updated_by, created_by)
       VALUES ($1, $2, $3, $4, 'read model', '{}', $5, $5)`,
      [flowId, organizationId, ids.workspaceId, ids.projectId, randomUUID()],
    );
  });

  afterAll(async () => {
    await dataSource.query(
      `DELETE FROM flows.execution_steps WHERE execution_id IN
         (SELECT id FROM flows.executions WHERE organization_id = $1)`,
      [organizationId],
    );
    await dataSource.query('DELETE FROM flows.executions WHERE organization_id = $1', [
      organizationId,
    ]);
    await dataSource.query('DELETE FROM flows.flows WHERE id = $1', [flowId]);
    await dataSource.destroy();
  });

  async function newExecution(): Promise<string> {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO flows.executions (id, organization_id, workspace_id, project_id, flow_id,
         flow_name, flow_version, trigger, status, input, file_ids)
       VALUES ($1, $2, $3, $4, $5, 'read model', 'v1.0.0', 'api', 'pending', '{}', '{}')`,
      [id, organizationId, ids.workspaceId, ids.projectId, flowId],
    );
    return id;
  }

  function event(executionId: string, seq: number, status: 'running' | 'completed') {
    const at = new Date(Date.now() + seq).toISOString();
    return { executionId, organizationId, seq, status, at } satisfies ExecutionStatusEvent;
  }

  async function statusOf(id: string): Promise<{ status: string; status_seq: number }> {
    const [row] = await dataSource.query(
      'SELECT status, status_seq FROM flows.executions WHERE id = $1',
      [id],
    );
    return row as { status: string; status_seq: number };
  }

  it('ends completed whatever the order, one event after the other', async () => {
    const inOrder = await newExecution();
    await repository.applyStatus(event(inOrder, 1, 'running'));
    await repository.applyStatus(event(inOrder, 2, 'completed'));
    const reversed = await newExecution();
    await repository.applyStatus(event(reversed, 2, 'completed'));
    await repository.applyStatus(event(reversed, 1, 'running'));
    expect(await statusOf(inOrder)).toEqual({ status: 'completed', status_seq: 2 });
    expect(await statusOf(reversed)).toEqual({ status: 'completed', status_seq: 2 });
  });

  it('ends completed when two replicas write a run\'s "running" and "completed" at once', async () => {
    // Each replica writes its own batch: one's "running" and the other's "completed" of the
    // same 40 runs meet in PostgreSQL, row by row.
    const replicas = [repository, new ExecutionRepository(dataSource)];
    const runs = await Promise.all(Array.from({ length: 40 }, () => newExecution()));
    await Promise.all(
      runs.map(async (id) => {
        await new Promise((resolve) => setImmediate(resolve));
        await Promise.all([
          replicas[0].applyStatus(event(id, 2, 'completed')),
          replicas[1].applyStatus(event(id, 1, 'running')),
        ]);
      }),
    );
    const statuses = await Promise.all(runs.map((id) => statusOf(id)));
    expect(statuses.filter((s) => s.status !== 'completed' || s.status_seq !== 2)).toEqual([]);
  });

  it('lets exactly one of many claims take the start of a pending run', async () => {
    const id = await newExecution();
    const claims = await Promise.all(Array.from({ length: 8 }, () => repository.claimStart(id)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repository.claimStart(id)).toBe(false);
    // A released start (Temporal was unavailable) can be claimed again, by the relay.
    await repository.releaseStart(id);
    expect(await repository.claimStart(id)).toBe(true);
  });

  it('does not claim the start of a run that is no longer pending, nor of an unknown id', async () => {
    const canceled = await newExecution();
    await dataSource.query(`UPDATE flows.executions SET status = 'canceled' WHERE id = $1`, [
      canceled,
    ]);
    expect(await repository.claimStart(canceled)).toBe(false);
    expect(await repository.claimStart(randomUUID())).toBe(false);
  });

  it('marks started runs in one batch, answering each its status (null for an unknown id)', async () => {
    const [pending, running, canceled] = [
      await newExecution(),
      await newExecution(),
      await newExecution(),
    ];
    await repository.applyStatus(event(running, 1, 'running'));
    await dataSource.query(`UPDATE flows.executions SET status = 'canceled' WHERE id = $1`, [
      canceled,
    ]);
    const unknown = randomUUID();
    const statuses = await Promise.all(
      [pending, running, canceled, unknown].map((id) => repository.markStarted(id)),
    );
    expect(statuses).toEqual(['pending', 'running', 'canceled', null]);
    // A started run is no longer the relay's, and cannot be claimed again.
    expect(await repository.claimStart(pending)).toBe(false);
    const started: Array<{ workflow_started: boolean }> = await dataSource.query(
      'SELECT workflow_started FROM flows.executions WHERE id = ANY($1::uuid[])',
      [[pending, running, canceled]],
    );
    expect(started.map((row) => row.workflow_started)).toEqual([true, true, true]);
  });

  it("writes a run's events of one batch as if applied one after the other", async () => {
    const id = await newExecution();
    const itemId = randomUUID();
    const running = { ...event(id, 1, 'running'), at: '2026-01-01T00:00:01.000Z' };
    const completed = {
      ...event(id, 2, 'completed'),
      at: '2026-01-01T00:00:05.000Z',
      itemIds: [itemId],
    };
    // Not awaited one by one: both go in the same write.
    await Promise.all([repository.applyStatus(completed), repository.applyStatus(running)]);
    const [row] = await dataSource.query(
      `SELECT status, status_seq, started_at, completed_at, item_ids
         FROM flows.executions WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({
      status: 'completed',
      status_seq: 2,
      started_at: new Date('2026-01-01T00:00:01.000Z'),
      completed_at: new Date('2026-01-01T00:00:05.000Z'),
      item_ids: [itemId],
    });
  });

  function step(
    executionId: string,
    stepKey: string,
    status: ExecutionStepEvent['status'],
    extra: Partial<ExecutionStepEvent> = {},
  ): ExecutionStepEvent {
    return {
      executionId,
      organizationId,
      stepKey,
      sequence: 1,
      nodeId: stepKey,
      nodeType: 'control.route',
      nodeName: stepKey,
      status,
      attempt: 1,
      startedAt: '2026-01-01T00:00:01.000Z',
      ...extra,
    };
  }

  async function stepsOf(id: string) {
    return dataSource.query(
      `SELECT step_key, status, started_at, input, output FROM flows.execution_steps
        WHERE execution_id = $1 ORDER BY step_key`,
      [id],
    );
  }

  it("writes a step's start and end of one batch as its end, with the start's input", async () => {
    const id = await newExecution();
    await Promise.all([
      repository.applyStep(
        step(id, 'map', 'completed', {
          startedAt: '2026-01-01T00:00:02.000Z',
          completedAt: '2026-01-01T00:00:03.000Z',
          output: { total: 3 },
        }),
      ),
      repository.applyStep(step(id, 'map', 'running', { input: { values: [1, 2] } })),
    ]);
    expect(await stepsOf(id)).toEqual([
      {
        step_key: 'map',
        status: 'completed',
        started_at: new Date('2026-01-01T00:00:01.000Z'),
        input: { values: [1, 2] },
        output: { total: 3 },
      },
    ]);
  });

  it("a run's cancel ends its running step; the activity's late report does not reopen it", async () => {
    const id = await newExecution();
    await repository.applyStep(step(id, 'call', 'running', { attempt: 2, input: { a: 1 } }));
    const canceledAt = '2026-01-01T00:00:05.000Z';
    await repository.applyStep(
      step(id, 'call', 'canceled', { startedAt: canceledAt, completedAt: canceledAt }),
    );
    await repository.applyStep(
      step(id, 'call', 'completed', {
        attempt: 2,
        completedAt: '2026-01-01T00:00:09.000Z',
        output: { late: true },
      }),
    );
    const [row] = await dataSource.query(
      `SELECT status, attempt, started_at, completed_at, input, output
         FROM flows.execution_steps WHERE execution_id = $1`,
      [id],
    );
    expect(row).toEqual({
      status: 'canceled',
      attempt: 2,
      started_at: new Date('2026-01-01T00:00:01.000Z'),
      completed_at: new Date(canceledAt),
      input: { a: 1 },
      output: null,
    });
  });

  it('a cancel leaves a step that ended before it as it ended', async () => {
    const id = await newExecution();
    await repository.applyStep(
      step(id, 'map', 'completed', { completedAt: '2026-01-01T00:00:02.000Z', output: 7 }),
    );
    await repository.applyStep(
      step(id, 'map', 'canceled', { completedAt: '2026-01-01T00:00:03.000Z' }),
    );
    expect(await stepsOf(id)).toEqual([
      expect.objectContaining({ step_key: 'map', status: 'completed', output: 7 }),
    ]);
  });

  it("holds a canceled run's end until it shows the steps the cancel ended", async () => {
    const id = await newExecution();
    await repository.applyStatus(event(id, 1, 'running'));
    const end = { ...event(id, 2, 'running'), status: 'canceled' as const, stepsCompleted: 2 };
    await repository.applyStep(step(id, 'trigger', 'completed'));
    expect(await repository.applyStatus(end)).toBe('waiting-for-steps');
    await repository.applyStep(step(id, 'wait', 'canceled'));
    expect(await repository.applyStatus(end)).toBe('shown');
    expect(await statusOf(id)).toEqual({ status: 'canceled', status_seq: 2 });
  });

  it('fails only the event the database refuses; the rest of its batch is written', async () => {
    const id = await newExecution();
    const results = await Promise.allSettled([
      repository.applyStep(step(id, 'a', 'completed')),
      // PostgreSQL's jsonb refuses a NUL character.
      repository.applyStep(step(id, 'b', 'completed', { output: { text: 'nul \u0000 here' } })),
      repository.applyStep(step(id, 'c', 'completed')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stepsOf(id)).map((row: { step_key: string }) => row.step_key)).toEqual([
      'a',
      'c',
    ]);
  });

  it("holds a run's end until the read model shows its completed steps, then shows it", async () => {
    const id = await newExecution();
    await repository.applyStatus(event(id, 1, 'running'));
    await repository.applyStep(step(id, 'a', 'completed'));
    await repository.applyStep(step(id, 'b', 'running'));
    const end = { ...event(id, 2, 'completed'), stepsCompleted: 2, itemIds: [randomUUID()] };
    // A stale event of the same run in the batch waits with it; another run is not held back.
    const other = await newExecution();
    const [outcome, stale, unrelated] = await Promise.all([
      repository.applyStatus(end),
      repository.applyStatus(event(id, 1, 'running')),
      repository.applyStatus(event(other, 1, 'running')),
    ]);
    expect([outcome, stale, unrelated]).toEqual(['waiting-for-steps', 'shown', 'shown']);
    expect(await statusOf(id)).toEqual({ status: 'running', status_seq: 1 });
    expect(await statusOf(other)).toEqual({ status: 'running', status_seq: 1 });

    await repository.applyStep(step(id, 'b', 'completed', { output: { done: true } }));
    await expect(repository.applyStatus(end)).resolves.toBe('shown');
    expect(await statusOf(id)).toEqual({ status: 'completed', status_seq: 2 });
    // Delivered again, the end is simply older than what is shown.
    await expect(repository.applyStatus(end)).resolves.toBe('shown');
  });

  it("shows a run's end without its steps when told to stop waiting", async () => {
    const id = await newExecution();
    const end = { ...event(id, 1, 'completed'), stepsCompleted: 3 };
    await expect(repository.applyStatus(end)).resolves.toBe('waiting-for-steps');
    expect(await statusOf(id)).toEqual({ status: 'pending', status_seq: 0 });
    await expect(repository.applyStatus(end, { waitForSteps: false })).resolves.toBe('shown');
    expect(await statusOf(id)).toEqual({ status: 'completed', status_seq: 1 });
  });

  it('drops the steps and statuses of a run of another organization or of no run', async () => {
    const id = await newExecution();
    await Promise.all([
      repository.applyStep({ ...step(id, 'a', 'completed'), organizationId: randomUUID() }),
      repository.applyStep(step(randomUUID(), 'a', 'completed')),
      repository.applyStatus({ ...event(id, 1, 'running'), organizationId: randomUUID() }),
    ]);
    expect(await stepsOf(id)).toEqual([]);
    expect(await statusOf(id)).toEqual({ status: 'pending', status_seq: 0 });
  });
});
