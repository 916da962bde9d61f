import { useCallback, useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';
import { pollWithBackoff } from '../api/poll';

export type Execution = Schemas['ExecutionDetailRecord'];
export type Step = Schemas['ExecutionStepRecord'];

/** A run in these states changes no more. */
export const FINISHED = new Set(['completed', 'failed', 'canceled']);

/**
 * One execution and its steps, looked at again while it is not finished (after 1 s, then less
 * often, at most every 3 s), so its steps fill in as the run goes.
 */
export function useExecution(executionId: string | null): {
  execution: Execution | null;
  steps: Step[];
  error: string | null;
  reload: () => void;
} {
  const [execution, setExecution] = useState<Execution | null>(null);
  const [steps, setSteps] = useState<Step[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  const load = useCallback(async (id: string): Promise<boolean> => {
    const [run, stepPage] = await Promise.all([
      api.GET('/flow-executions/{executionId}', { params: { path: { executionId: id } } }),
      api.GET('/flow-executions/{executionId}/steps', {
        params: { path: { executionId: id }, query: { limit: 100 } },
      }),
    ]);
    if (!run.data) {
      setError(errorMessage(run.error));
      return true;
    }
    setError(null);
    setExecution(run.data);
    if (stepPage.data) setSteps(stepPage.data.data);
    return FINISHED.has(run.data.status);
  }, []);

  useEffect(() => {
    if (!executionId) return;
    let stopped = false;
    setExecution(null);
    setSteps([]);
    void load(executionId).then((done) => {
      if (done || stopped) return;
      void pollWithBackoff(async () => stopped || (await load(executionId)), { maxMs: 3000 });
    });
    return () => {
      stopped = true;
    };
  }, [executionId, generation, load]);

  return { execution, steps, error, reload: () => setGeneration((n) => n + 1) };
}
