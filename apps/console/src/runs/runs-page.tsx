import { useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';
import type { operations } from '../api/schema';
import { humanTime } from '../components/human-time';
import { useFlowsOf, useProjects } from '../flows/use-projects';
import { followLink, runPath } from '../router';
import { useWorkspaces, WorkspacePicker } from '../workspaces';
import { FINISHED } from './use-execution';

type Execution = Schemas['ExecutionRecord'];
type Query = NonNullable<operations['ExecutionsController_list']['parameters']['query']>;
type Status = NonNullable<Query['status']>;

const STATUSES: Status[] = ['pending', 'running', 'in_review', 'completed', 'failed', 'canceled'];
const TRIGGERS = ['api', 'file', 'schedule', 'rerun'] as const;
const PAGE_SIZE = 20;
/** While a listed run is unfinished the list looks again this often; otherwise less often. */
const LIVE_MS = 3000;
const IDLE_MS = 10_000;

interface Filters {
  projectId: string;
  flowId: string;
  status: Status | '';
  trigger: (typeof TRIGGERS)[number] | '';
  test: boolean;
  createdAfter: string;
  createdBefore: string;
  sortBy: 'createdAt' | 'updatedAt' | 'completedAt' | 'status';
  sortOrder: 'asc' | 'desc';
}

const NO_FILTERS: Filters = {
  projectId: '',
  flowId: '',
  status: '',
  trigger: '',
  test: false,
  createdAfter: '',
  createdBefore: '',
  sortBy: 'createdAt',
  sortOrder: 'desc',
};

/** A datetime-local value (the browser's local time) as the ISO 8601 instant the API reads. */
function isoOf(local: string): string | undefined {
  return local ? new Date(local).toISOString() : undefined;
}

/** The API query for the filters: every filter GET /flow-executions has. */
function queryOf(workspaceId: string, filters: Filters, page: number): Query {
  return {
    ...(filters.projectId ? { projectId: filters.projectId } : { workspaceId }),
    ...(filters.flowId ? { flowId: filters.flowId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.trigger ? { trigger: filters.trigger } : {}),
    test: filters.test,
    createdAfter: isoOf(filters.createdAfter),
    createdBefore: isoOf(filters.createdBefore),
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
    page,
    limit: PAGE_SIZE,
  };
}

/**
 * Run history: every filter of GET /flow-executions, status counts over the other filters (one
 * count per status, from each status's total), and the list, which looks again every few
 * seconds while a listed run is unfinished.
 */
export function RunsPage() {
  const { workspaces, workspaceId, choose } = useWorkspaces();
  const projects = useProjects(workspaceId);
  const flows = useFlowsOf(projects);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [runs, setRuns] = useState<Execution[] | null>(null);
  const [total, setTotal] = useState(0);
  const [counts, setCounts] = useState<Partial<Record<Status, number>>>({});
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!workspaceId) return;
    let current = true;
    void api
      .GET('/flow-executions', { params: { query: queryOf(workspaceId, filters, page) } })
      .then(({ data, error }) => {
        if (!current) return;
        if (!data) return setError(errorMessage(error));
        setError(null);
        setRuns(data.data);
        setTotal(data.totalCount);
      });
    void Promise.all(
      STATUSES.map((status) =>
        api.GET('/flow-executions', {
          params: { query: { ...queryOf(workspaceId, { ...filters, status }, 1), limit: 1 } },
        }),
      ),
    ).then((answers) => {
      if (!current) return;
      setCounts(
        Object.fromEntries(STATUSES.map((status, i) => [status, answers[i].data?.totalCount ?? 0])),
      );
    });
    return () => {
      current = false;
    };
  }, [workspaceId, filters, page, tick]);

  const live = runs?.some((run) => !FINISHED.has(run.status)) ?? false;
  // New runs appear by themselves, and unfinished ones change status.
  useEffect(() => {
    const timer = setTimeout(() => setTick((n) => n + 1), live ? LIVE_MS : IDLE_MS);
    return () => clearTimeout(timer);
  }, [live, runs]);

  const set = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const flowName = (id: string) => flows.find((flow) => flow.flowId === id)?.name ?? id;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section className="screen" aria-labelledby="runs-title">
      <div className="toolbar">
        <h1 id="runs-title">Runs</h1>
        <WorkspacePicker workspaces={workspaces} workspaceId={workspaceId} choose={choose} />
      </div>
      <section className="cards" aria-label="Runs per status">
        {STATUSES.filter((status) => counts[status]).map((status) => (
          <button
            key={status}
            type="button"
            className={`card run-${status}`}
            aria-pressed={filters.status === status}
            onClick={() => set({ status: filters.status === status ? '' : status })}
          >
            <span className="count">{counts[status]}</span> {status}
          </button>
        ))}
      </section>
      <form className="filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          AI Agent
          <select
            value={filters.projectId}
            onChange={(e) => set({ projectId: e.target.value, flowId: '' })}
          >
            <option value="">All</option>
            {(projects ?? []).map((project) => (
              <option key={project.projectId} value={project.projectId}>
                {project.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Flow
          <select value={filters.flowId} onChange={(e) => set({ flowId: e.target.value })}>
            <option value="">All</option>
            {flows
              .filter((flow) => !filters.projectId || flow.projectId === filters.projectId)
              .map((flow) => (
                <option key={flow.flowId} value={flow.flowId}>
                  {flow.name}
                </option>
              ))}
          </select>
        </label>
        <label>
          Status
          <select
            value={filters.status}
            onChange={(e) => set({ status: e.target.value as Status })}
          >
            <option value="">All</option>
            {STATUSES.map((status) => (
              <option key={status}>{status}</option>
            ))}
          </select>
        </label>
        <label>
          Trigger
          <select
            value={filters.trigger}
            onChange={(e) => set({ trigger: e.target.value as Filters['trigger'] })}
          >
            <option value="">All</option>
            {TRIGGERS.map((trigger) => (
              <option key={trigger}>{trigger}</option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={filters.test}
            onChange={(e) => set({ test: e.target.checked })}
          />{' '}
          Test runs of drafts
        </label>
        <label>
          Created after
          <input
            type="datetime-local"
            value={filters.createdAfter}
            onChange={(e) => set({ createdAfter: e.target.value })}
          />
        </label>
        <label>
          Created before
          <input
            type="datetime-local"
            value={filters.createdBefore}
            onChange={(e) => set({ createdBefore: e.target.value })}
          />
        </label>
        <label>
          Sort by
          <select
            value={filters.sortBy}
            onChange={(e) => set({ sortBy: e.target.value as Filters['sortBy'] })}
          >
            <option value="createdAt">created</option>
            <option value="updatedAt">updated</option>
            <option value="completedAt">completed</option>
            <option value="status">status</option>
          </select>
        </label>
        <label>
          Order
          <select
            value={filters.sortOrder}
            onChange={(e) => set({ sortOrder: e.target.value as Filters['sortOrder'] })}
          >
            <option value="desc">newest first</option>
            <option value="asc">oldest first</option>
          </select>
        </label>
      </form>
      {error && <p role="alert">{error}</p>}
      <table aria-label="Runs" data-live={live}>
        <thead>
          <tr>
            <th>Started</th>
            <th>Flow</th>
            <th>Version</th>
            <th>Status</th>
            <th>Trigger</th>
            <th>Items</th>
          </tr>
        </thead>
        <tbody>
          {(runs ?? []).map((run) => (
            <tr key={run.executionId}>
              <td>
                <a
                  href={runPath(run.executionId)}
                  onClick={(event) => followLink(event, runPath(run.executionId))}
                >
                  {humanTime(run.createdAt)}
                </a>
              </td>
              <td>{run.flowName || flowName(run.flowId)}</td>
              <td>{run.flowVersion}</td>
              <td>
                <span className={`run-status run-${run.status}`}>{run.status}</span>
                {run.error && <span className="problem"> {run.error.message}</span>}
              </td>
              <td>{run.trigger}</td>
              <td>{run.itemIds.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {runs?.length === 0 && <p>No runs match.</p>}
      {pages > 1 && (
        <div className="pager">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous page
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next page
          </button>
        </div>
      )}
    </section>
  );
}
