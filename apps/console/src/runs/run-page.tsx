import { useState } from 'react';

import { api, errorMessage } from '../api/client';
import { ConfirmDialog } from '../components/confirm-dialog';
import { humanTime } from '../components/human-time';
import { can } from '../permissions';
import { BASE, flowPath, followLink, itemPath, navigate, runPath } from '../router';
import type { SessionUser } from '../session';
import { StepList } from './step-list';
import { FINISHED, useExecution } from './use-execution';

/**
 * One run: its status (looked at again while unfinished), what started it, its error, its
 * input, its steps with their inputs and outputs as the API shows them, the items it created,
 * and Rerun (same inputs and version; side effects are repeated) and Cancel.
 */
export function RunPage(props: { executionId: string; user: SessionUser }) {
  const { execution, steps, error, reload } = useExecution(props.executionId);
  const [asking, setAsking] = useState<'rerun' | 'cancel' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const role = props.user.role;

  if (error) return <p role="alert">{error}</p>;
  if (!execution) return <p className="loading">Loading the run…</p>;

  const rerun = async () => {
    setAsking(null);
    const { data, error } = await api.POST('/flow-executions/{executionId}/rerun', {
      params: { path: { executionId: execution.executionId } },
    });
    if (!data) return setProblem(errorMessage(error));
    navigate(runPath(data.executionId));
  };

  const cancel = async () => {
    setAsking(null);
    const { data, error } = await api.POST('/flow-executions/{executionId}/cancel', {
      params: { path: { executionId: execution.executionId } },
    });
    if (!data) return setProblem(errorMessage(error));
    reload();
  };

  const finished = FINISHED.has(execution.status);
  return (
    <section aria-labelledby="run-title" className="screen run">
      <div className="toolbar">
        <a href={`${BASE}/runs`} onClick={(event) => followLink(event, `${BASE}/runs`)}>
          ← Runs
        </a>
        <h1 id="run-title">
          Run of{' '}
          <a
            href={flowPath(execution.flowId)}
            onClick={(event) => followLink(event, flowPath(execution.flowId))}
          >
            {execution.flowName}
          </a>{' '}
          {execution.flowVersion}
        </h1>
        <strong
          role="status"
          aria-label="Run status"
          className={`run-status run-${execution.status}`}
        >
          {execution.status}
        </strong>
        {can(role, 'executions.rerun') && (
          <button type="button" onClick={() => setAsking('rerun')}>
            Rerun
          </button>
        )}
        {can(role, 'executions.cancel') && !finished && (
          <button type="button" className="danger" onClick={() => setAsking('cancel')}>
            Cancel run
          </button>
        )}
      </div>
      {problem && <p role="alert">{problem}</p>}
      <dl className="facts">
        <dt>Started by</dt>
        <dd>
          {execution.trigger}
          {execution.test ? ' (test run of the draft)' : ''}
          {execution.parentExecutionId && (
            <>
              {' '}
              · rerun of{' '}
              <a
                href={runPath(execution.parentExecutionId)}
                onClick={(event) => followLink(event, runPath(execution.parentExecutionId!))}
              >
                {execution.parentExecutionId.slice(0, 8)}
              </a>
            </>
          )}
        </dd>
        <dt>Created</dt>
        <dd>{humanTime(execution.createdAt)}</dd>
        {execution.completedAt && (
          <>
            <dt>Finished</dt>
            <dd>{humanTime(execution.completedAt)}</dd>
          </>
        )}
        {execution.error && (
          <>
            <dt>Error</dt>
            <dd className="problem">
              {execution.error.code}: {execution.error.message}
              {execution.error.nodeName ? ` (at ${execution.error.nodeName})` : ''}
            </dd>
          </>
        )}
        <dt>Items</dt>
        <dd>
          {execution.itemIds.length === 0
            ? 'none'
            : execution.itemIds.map((itemId) => (
                <a
                  key={itemId}
                  href={itemPath(itemId, execution.projectId)}
                  onClick={(event) => followLink(event, itemPath(itemId, execution.projectId))}
                >
                  Open item {itemId.slice(0, 8)}
                </a>
              ))}
        </dd>
      </dl>
      <details>
        <summary>Input of the run</summary>
        <pre>{JSON.stringify({ input: execution.input, fileIds: execution.fileIds }, null, 2)}</pre>
      </details>
      <h2>Steps</h2>
      <StepList steps={steps} />
      {asking === 'rerun' && (
        <ConfirmDialog
          title="Rerun this run?"
          confirmLabel="Rerun"
          onConfirm={() => void rerun()}
          onCancel={() => setAsking(null)}
        >
          <p>
            A new run starts with the same input on version {execution.flowVersion}. Its side
            effects (write-backs, requests) happen again.
          </p>
        </ConfirmDialog>
      )}
      {asking === 'cancel' && (
        <ConfirmDialog
          title="Cancel this run?"
          confirmLabel="Cancel run"
          onConfirm={() => void cancel()}
          onCancel={() => setAsking(null)}
        >
          <p>The run stops where it is; steps already done are not undone.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
