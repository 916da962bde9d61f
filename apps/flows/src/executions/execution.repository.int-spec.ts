import { randomUUID } from 'node:crypto';

import { ExecutionStatusEvent } from '@docket/contracts';
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

  it('ends completed when a run\'s "running" and "completed" are applied at the same time', async () => {
    // The consumer applies up to 16 events at once, so both of a short run's events can meet
    // in PostgreSQL; 40 runs make the meeting near certain on any machine.
    const runs = await Promise.all(Array.from({ length: 40 }, () => newExecution()));
    await Promise.all(
      runs.flatMap((id) => [
        repository.applyStatus(event(id, 2, 'completed')),
        repository.applyStatus(event(id, 1, 'running')),
      ]),
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

  it("reads a run's status alone, null for an unknown id", async () => {
    const id = await newExecution();
    expect(await repository.statusOf(id)).toBe('pending');
    await repository.applyStatus(event(id, 1, 'running'));
    expect(await repository.statusOf(id)).toBe('running');
    expect(await repository.statusOf(randomUUID())).toBeNull();
  });
});
