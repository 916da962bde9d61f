import {
  ExecutionError,
  ExecutionSortField,
  ExecutionStatus,
  ExecutionStatusEvent,
  ExecutionStepEvent,
  ExecutionTrigger,
} from '@docket/contracts';
import { WriteBatcher } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import {
  mergeStatusEvents,
  mergeStepEvents,
  stepRank,
} from '../execution-rules/execution-event.merge';
import {
  isTerminal,
  sourcesOf,
  TERMINAL_STATUSES,
} from '../execution-rules/execution-status.machine';
import { ExecutionEntity, ExecutionStepEntity } from './flows.entities';

export interface ExecutionFilter {
  organizationId: string;
  projectId?: string;
  workspaceId?: string;
  /** Null = every project; otherwise only these. */
  projectIds: string[] | null;
  flowId?: string;
  status?: ExecutionStatus;
  trigger?: ExecutionTrigger;
  test: boolean;
  createdAfter?: string;
  createdBefore?: string;
  page: number;
  limit: number;
  sortBy: ExecutionSortField;
  sortOrder: 'asc' | 'desc';
}

const SORT_COLUMNS: Record<ExecutionSortField, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  completedAt: 'completed_at',
  status: 'status',
};

/** The run machine's terminal statuses as an SQL list (fixed words, never input). */
const TERMINAL = `(${TERMINAL_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** A status event to write, and whether a run's end may wait for its steps (see applyStatus). */
interface StatusWrite {
  event: ExecutionStatusEvent;
  waitForSteps: boolean;
}

/**
 * `shown`: written, or older than what the read model shows. `waiting-for-steps`: a run's end
 * whose completed steps the read model does not show yet; nothing of its status was changed.
 */
export type StatusOutcome = 'shown' | 'waiting-for-steps';

/** The execution read model in PostgreSQL (schema `flows`). */
@Injectable()
export class ExecutionRepository {
  /** The worker's events arrive a few per run: written in batches, one statement each. */
  private readonly statusWrites = new WriteBatcher<StatusWrite, StatusOutcome>((writes) =>
    this.writeStatuses(writes),
  );
  private readonly stepWrites = new WriteBatcher<ExecutionStepEvent>((events) =>
    this.writeSteps(events),
  );
  /** Every started workflow is recorded (API path and relay): under load, many in one statement. */
  private readonly startedMarks = new WriteBatcher<string, ExecutionStatus | null>((ids) =>
    this.writeStartedMarks(ids),
  );

  constructor(private readonly dataSource: DataSource) {}

  /** False when a run with the same trigger key exists already (nothing inserted). */
  async insert(row: ExecutionEntity): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO flows.executions (id, organization_id, workspace_id, project_id, flow_id,
         flow_name, version_id, flow_version, test, environment_id, trigger, parent_execution_id,
         trigger_key, status, status_seq, input, file_ids, draft_graph, started_by, trace_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'pending', 0, $14, $15,
         $16, $17, $18)
       ON CONFLICT (flow_id, trigger_key) WHERE trigger_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        row.id,
        row.organizationId,
        row.workspaceId,
        row.projectId,
        row.flowId,
        row.flowName,
        row.versionId,
        row.flowVersion,
        row.test,
        row.environmentId,
        row.trigger,
        row.parentExecutionId,
        row.triggerKey,
        JSON.stringify(row.input),
        row.fileIds,
        row.draftGraph === null ? null : JSON.stringify(row.draftGraph),
        row.startedBy,
        row.traceId,
      ],
    );
    return rows.length === 1;
  }

  /**
   * Takes the start of a run's workflow: false when it is started already or no longer pending.
   * One statement, nothing read back: the API path holds the row it has just recorded.
   */
  async claimStart(id: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE flows.executions SET workflow_started = true
        WHERE id = $1 AND workflow_started = false AND status = 'pending'
       RETURNING id`,
      [id],
    );
    return rows.length === 1;
  }

  /**
   * Records that a run's workflow has started (the relay then leaves the run alone) and answers
   * the run's status, null for an unknown id: a run canceled while its workflow was being
   * started shows `canceled` here, and its workflow is then canceled too.
   */
  markStarted(id: string): Promise<ExecutionStatus | null> {
    return this.startedMarks.add(id);
  }

  private async writeStartedMarks(ids: string[]): Promise<Array<ExecutionStatus | null>> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [Array<{ id: string; status: ExecutionStatus }>, number] =
      await this.dataSource.query(
        `UPDATE flows.executions SET workflow_started = true
          WHERE id = ANY($1::uuid[])
         RETURNING id, status`,
        [ids],
      );
    const statuses = new Map(rows.map((row) => [row.id, row.status]));
    return ids.map((id) => statuses.get(id) ?? null);
  }

  /** A run by id alone, for the start relay (which knows only ids). */
  findById(id: string): Promise<ExecutionEntity | null> {
    return this.dataSource.manager.findOne(ExecutionEntity, { where: { id } });
  }

  /** Gives a claimed start back (Temporal refused it): the relay claims it again. */
  async releaseStart(id: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE flows.executions SET workflow_started = false WHERE id = $1',
      [id],
    );
  }

  /** Runs recorded but not started for a while: their first start attempt failed or was lost. */
  async unstarted(olderThanMs: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM flows.executions
        WHERE workflow_started = false AND status = 'pending'
          AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2`,
      [olderThanMs / 1000, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Only for runs whose workflow never started, or is gone: the worker reports all others. */
  async markEnded(id: string, status: 'failed' | 'canceled', error: ExecutionError | null) {
    await this.dataSource.query(
      `UPDATE flows.executions SET status = $2, error = $3, completed_at = now(), updated_at = now(),
         status_seq = status_seq + 1
       WHERE id = $1 AND status = ANY($4)`,
      [id, status, error === null ? null : JSON.stringify(error), [...sourcesOf(status)]],
    );
  }

  /**
   * Applies a status event from the worker; resolves once it is written (with the others of its
   * batch). Events may repeat or arrive out of order: a status applies only when its seq is
   * newer and the run is not over; item ids are merged always. A run's end that names its
   * completed steps applies only once the read model shows that many (they travel as separate
   * events), unless `waitForSteps` is false: then it applies whatever the steps.
   */
  async applyStatus(
    event: ExecutionStatusEvent,
    options: { waitForSteps: boolean } = { waitForSteps: true },
  ): Promise<StatusOutcome> {
    if (options.waitForSteps && event.stepsCompleted !== undefined) {
      // The run's steps were published before its end: those this process has received are
      // written first, so the end rarely has to come back for them.
      await this.stepWrites.settled();
    }
    return this.statusWrites.add({ event, waitForSteps: options.waitForSteps });
  }

  /** Upserts a step; an older attempt or phase never overwrites a newer one. */
  applyStep(event: ExecutionStepEvent): Promise<void> {
    return this.stepWrites.add(event);
  }

  private async writeStatuses(writes: StatusWrite[]): Promise<StatusOutcome[]> {
    const runs = mergeStatusEvents(
      writes.map(({ event, waitForSteps }) =>
        waitForSteps ? event : { ...event, stepsCompleted: undefined },
      ),
    );
    // Whether an event is newer is judged on the row being updated, never on a separate read
    // of it: two writes of one run at once (two replicas) would both read the row before
    // either wrote it, and the one that waited for the other's lock would then write with a
    // stale verdict ("running" over "completed"). PostgreSQL re-evaluates expressions on the
    // target row against the version the other transaction committed. A run's end that names
    // its completed steps also waits until the read model shows that many.
    const fresh = `(e.status_seq < v.seq AND e.status NOT IN ${TERMINAL}
      AND (v.steps IS NULL OR v.steps_shown >= v.steps))`;
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [Array<{ id: string; status: string; status_seq: number }>, number] =
      await this.dataSource.query(
        `UPDATE flows.executions e SET
         status = CASE WHEN ${fresh} THEN v.status ELSE e.status END,
         status_seq = CASE WHEN ${fresh} THEN v.seq ELSE e.status_seq END,
         error = CASE WHEN ${fresh} AND v.error IS NOT NULL THEN v.error ELSE e.error END,
         started_at = COALESCE(e.started_at, v.started_at),
         completed_at = CASE WHEN ${fresh} AND v.status IN ${TERMINAL} THEN v.at
                             ELSE e.completed_at END,
         item_ids = ARRAY(SELECT DISTINCT unnest(e.item_ids || v.item_ids)),
         updated_at = now()
       FROM (SELECT id, organization_id, seq, status, at, started_at, error, steps,
                    ARRAY(SELECT jsonb_array_elements_text(items)::uuid) AS item_ids,
                    CASE WHEN steps IS NULL THEN NULL ELSE
                      (SELECT count(*) FROM flows.execution_steps s
                        WHERE s.execution_id = u.id
                          AND s.status IN ('completed', 'canceled')) END AS steps_shown
               FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::timestamptz[],
                           $6::timestamptz[], $7::jsonb[], $8::jsonb[], $9::int[])
                 AS u(id, organization_id, seq, status, at, started_at, error, items, steps)) v
       WHERE e.id = v.id AND e.organization_id = v.organization_id
       RETURNING e.id, e.status, e.status_seq`,
        [
          runs.map((r) => r.executionId),
          runs.map((r) => r.organizationId),
          runs.map((r) => r.seq),
          runs.map((r) => r.status),
          runs.map((r) => r.at),
          runs.map((r) => r.startedAt),
          runs.map((r) => (r.error ? JSON.stringify(r.error) : null)),
          runs.map((r) => JSON.stringify(r.itemIds)),
          runs.map((r) => r.stepsCompleted),
        ],
      );
    // A fresh event that left its run's status as it was waits for the run's steps.
    const after = new Map(rows.map((row) => [row.id, row]));
    return writes.map(({ event }): StatusOutcome => {
      const row = after.get(event.executionId);
      const unapplied =
        row !== undefined &&
        event.seq > row.status_seq &&
        !isTerminal(row.status as ExecutionStatus);
      return unapplied ? 'waiting-for-steps' : 'shown';
    });
  }

  private async writeSteps(events: ExecutionStepEvent[]): Promise<void> {
    const steps = mergeStepEvents(events);
    const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
    await this.dataSource.query(
      `INSERT INTO flows.execution_steps AS s (execution_id, step_key, sequence, node_id, node_type,
         node_name, status, attempt, rank, started_at, completed_at, input, output, error)
       SELECT v.execution_id, v.step_key, v.sequence, v.node_id, v.node_type, v.node_name,
              v.status, v.attempt, v.rank, v.started_at, v.completed_at, v.input, v.output, v.error
         FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[],
                     $7::text[], $8::int[], $9::int[], $10::timestamptz[], $11::timestamptz[],
                     $12::jsonb[], $13::jsonb[], $14::jsonb[], $15::uuid[])
           AS v(execution_id, step_key, sequence, node_id, node_type, node_name, status, attempt,
                rank, started_at, completed_at, input, output, error, organization_id)
         -- Steps of runs that are not in this organization's read model are dropped.
         JOIN flows.executions x ON x.id = v.execution_id AND x.organization_id = v.organization_id
       ON CONFLICT (execution_id, step_key) DO UPDATE SET
         status = EXCLUDED.status, rank = EXCLUDED.rank,
         -- A cancel keeps the attempt it ended (the workflow does not know it).
         attempt = CASE WHEN EXCLUDED.status = 'canceled' THEN s.attempt ELSE EXCLUDED.attempt END,
         started_at = LEAST(s.started_at, EXCLUDED.started_at), completed_at = EXCLUDED.completed_at,
         input = COALESCE(EXCLUDED.input, s.input), output = EXCLUDED.output, error = EXCLUDED.error
       -- As replacesStep: a higher rank wins; a cancel ends only a running or waiting step.
       WHERE s.rank <= EXCLUDED.rank
         AND (EXCLUDED.status <> 'canceled' OR s.status IN ('running', 'waiting'))`,
      [
        steps.map((e) => e.executionId),
        steps.map((e) => e.stepKey),
        steps.map((e) => e.sequence),
        steps.map((e) => e.nodeId),
        steps.map((e) => e.nodeType),
        steps.map((e) => e.nodeName),
        steps.map((e) => e.status),
        steps.map((e) => e.attempt),
        steps.map((e) => stepRank(e.attempt, e.status)),
        steps.map((e) => e.startedAt),
        steps.map((e) => e.completedAt ?? null),
        steps.map((e) => json(e.input)),
        steps.map((e) => json(e.output)),
        steps.map((e) => (e.error ? JSON.stringify(e.error) : null)),
        steps.map((e) => e.organizationId),
      ],
    );
  }

  async find(organizationId: string, id: string): Promise<ExecutionEntity | null> {
    return this.dataSource.manager.findOne(ExecutionEntity, { where: { id, organizationId } });
  }

  async list(filter: ExecutionFilter): Promise<{ rows: ExecutionEntity[]; total: number }> {
    const query = this.dataSource.manager
      .createQueryBuilder(ExecutionEntity, 'e')
      .where('e.organization_id = :org', { org: filter.organizationId })
      .andWhere('e.test = :test', { test: filter.test });
    if (filter.projectId)
      query.andWhere('e.project_id = :projectId', { projectId: filter.projectId });
    if (filter.workspaceId) {
      query.andWhere('e.workspace_id = :workspaceId', { workspaceId: filter.workspaceId });
    }
    if (filter.projectIds) {
      if (filter.projectIds.length === 0) return { rows: [], total: 0 };
      query.andWhere('e.project_id IN (:...projectIds)', { projectIds: filter.projectIds });
    }
    if (filter.flowId) query.andWhere('e.flow_id = :flowId', { flowId: filter.flowId });
    if (filter.status) query.andWhere('e.status = :status', { status: filter.status });
    if (filter.trigger) query.andWhere('e.trigger = :trigger', { trigger: filter.trigger });
    if (filter.createdAfter) {
      query.andWhere('e.created_at >= :after', { after: filter.createdAfter });
    }
    if (filter.createdBefore) {
      query.andWhere('e.created_at <= :before', { before: filter.createdBefore });
    }
    const direction = filter.sortOrder === 'asc' ? 'ASC' : 'DESC';
    query
      .orderBy(
        `e.${SORT_COLUMNS[filter.sortBy]}`,
        direction,
        direction === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST',
      )
      .addOrderBy('e.id', direction)
      .skip((filter.page - 1) * filter.limit)
      .take(filter.limit);
    const [rows, total] = await query.getManyAndCount();
    return { rows, total };
  }

  async steps(
    executionId: string,
    page: number,
    limit: number,
  ): Promise<{ rows: ExecutionStepEntity[]; total: number }> {
    const [rows, total] = await this.dataSource.manager.findAndCount(ExecutionStepEntity, {
      where: { executionId },
      order: { sequence: 'ASC', stepKey: 'ASC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return { rows, total };
  }
}
