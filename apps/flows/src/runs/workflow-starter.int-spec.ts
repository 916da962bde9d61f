import { randomUUID } from 'node:crypto';

import { FlowGraph } from '@docket/contracts';
import { loadConfig } from '@docket/platform';
import { connectToTestSchema } from '@docket/testing';
import { WorkflowNotFoundError } from '@temporalio/client';
import { DataSource } from 'typeorm';

import { ExecutionRepository } from '../database/execution.repository';
import { FlowVersionRepository } from '../database/flow-version.repository';
import { ExecutionEntity, FLOWS_ENTITIES } from '../database/flows.entities';
import { FlowsConfig } from '../flows.config';
import { TemporalClientProvider } from '../temporal/temporal-client.provider';
import { FlowVersionCache } from './flow-version.cache';
import { WorkflowStarter } from './workflow-starter.service';

jest.setTimeout(60_000);

/**
 * The run start against the Temporal dev server and PostgreSQL: the API path's start, a cancel
 * that came while it started, and a start Temporal refused, which the relay then makes. A
 * private task queue that no worker polls keeps the workflows started here from running.
 */
describe('WorkflowStarter (Temporal and PostgreSQL)', () => {
  const suffix = randomUUID().slice(0, 8);
  const organizationId = randomUUID();
  const flowId = randomUUID();
  const ids = { workspaceId: randomUUID(), projectId: randomUUID() };
  const graph: FlowGraph = { nodes: [{ id: 'trigger', type: 'trigger.api' }], edges: [] };
  let dataSource: DataSource;
  let executions: ExecutionRepository;
  let temporal: TemporalClientProvider;
  let refusingTemporal: TemporalClientProvider;
  let starter: WorkflowStarter;
  const started: string[] = [];

  function providerFor(namespace: string): TemporalClientProvider {
    return new TemporalClientProvider(
      loadConfig(FlowsConfig, {
        TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS,
        TEMPORAL_NAMESPACE: namespace,
        TEMPORAL_TASK_QUEUE: `starter-int-${suffix}`,
      }),
    );
  }

  beforeAll(async () => {
    dataSource = await connectToTestSchema('flows', { entities: FLOWS_ENTITIES, poolSize: 4 });
    executions = new ExecutionRepository(dataSource);
    temporal = providerFor('docket-test');
    // A namespace Temporal does not have: every start is refused, as when Temporal is down.
    refusingTemporal = providerFor(`missing-${suffix}`);
    starter = new WorkflowStarter(
      executions,
      new FlowVersionCache(new FlowVersionRepository(dataSource)),
      temporal,
    );
    await dataSource.query(
      `INSERT INTO flows.flows (id, organization_id, workspace_id, project_id, name, draft,
         draft_updated_by, created_by)
       VALUES ($1, $2, $3, $4, 'starter', $5, $6, $6)`,
      [flowId, organizationId, ids.workspaceId, ids.projectId, graph, randomUUID()],
    );
  });

  afterAll(async () => {
    const client = await temporal.client();
    await Promise.all(
      started.map((id) =>
        client.workflow
          .getHandle(id)
          .terminate('test over')
          .catch(() => undefined),
      ),
    );
    await dataSource.query('DELETE FROM flows.executions WHERE organization_id = $1', [
      organizationId,
    ]);
    await dataSource.query('DELETE FROM flows.flows WHERE id = $1', [flowId]);
    await Promise.all([temporal.onApplicationShutdown(), refusingTemporal.onApplicationShutdown()]);
    await dataSource.destroy();
  });

  /** A test run of the draft, recorded as the launcher records it. */
  async function recordedRun(): Promise<ExecutionEntity> {
    const now = new Date();
    const row: ExecutionEntity = {
      id: randomUUID(),
      organizationId,
      ...ids,
      flowId,
      flowName: 'starter',
      versionId: null,
      flowVersion: 'draft',
      test: true,
      environmentId: null,
      trigger: 'api',
      parentExecutionId: null,
      triggerKey: null,
      status: 'pending',
      statusSeq: 0,
      input: {},
      fileIds: [],
      draftGraph: graph,
      itemIds: [],
      error: null,
      startedBy: null,
      workflowStarted: false,
      traceId: null,
      createdAt: now,
      startedAt: null,
      completedAt: null,
      updatedAt: now,
    };
    expect(await executions.insert(row)).toBe(true);
    started.push(row.id);
    return row;
  }

  async function workflowStarted(id: string): Promise<boolean> {
    const [row]: Array<{ workflow_started: boolean }> = await dataSource.query(
      'SELECT workflow_started FROM flows.executions WHERE id = $1',
      [id],
    );
    return row.workflow_started;
  }

  /** How many of the workflow's history events carry the attributes named. */
  async function eventsWith(
    id: string,
    attributes:
      'workflowExecutionStartedEventAttributes' | 'workflowExecutionCancelRequestedEventAttributes',
  ): Promise<number> {
    const client = await temporal.client();
    const history = await client.workflow.getHandle(id).fetchHistory();
    return (history.events ?? []).filter((event) => event[attributes]).length;
  }

  it('starts a recorded run and records that its workflow runs', async () => {
    const row = await recordedRun();
    await starter.startRecorded(row);
    const client = await temporal.client();
    const description = await client.workflow.getHandle(row.id).describe();
    expect(description.status.name).toBe('RUNNING');
    expect(description.taskQueue).toBe(`starter-int-${suffix}`);
    expect(await workflowStarted(row.id)).toBe(true);
    // The relay leaves it alone.
    expect(await executions.unstarted(0, 1000)).not.toContain(row.id);
  });

  it('cancels the new workflow of a run canceled while it was being started', async () => {
    const row = await recordedRun();
    // The cancel found no workflow yet, so it ended the run in the read model.
    await executions.markEnded(row.id, 'canceled', null);
    await starter.startRecorded(row);
    expect(await eventsWith(row.id, 'workflowExecutionCancelRequestedEventAttributes')).toBe(1);
  });

  it('leaves a start Temporal refused to the relay, which then starts the run', async () => {
    const row = await recordedRun();
    const refused = new WorkflowStarter(
      executions,
      new FlowVersionCache(new FlowVersionRepository(dataSource)),
      refusingTemporal,
    );
    await refused.startRecorded(row);
    const client = await temporal.client();
    await expect(client.workflow.getHandle(row.id).describe()).rejects.toBeInstanceOf(
      WorkflowNotFoundError,
    );
    expect(await workflowStarted(row.id)).toBe(false);
    expect(await executions.unstarted(0, 1000)).toContain(row.id);

    await starter.start(row.id);
    const description = await client.workflow.getHandle(row.id).describe();
    expect(description.status.name).toBe('RUNNING');
    expect(await workflowStarted(row.id)).toBe(true);
    // A second start of the same run (the API path's, late) is refused by Temporal, harmlessly.
    await starter.startRecorded(row);
    expect(await eventsWith(row.id, 'workflowExecutionStartedEventAttributes')).toBe(1);
    expect(await eventsWith(row.id, 'workflowExecutionCancelRequestedEventAttributes')).toBe(0);
  });
});
