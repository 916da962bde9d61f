import type { Step } from './use-execution';

function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * A run's steps in order, one per node execution, with their input and output exactly as the
 * API shows them (secrets already masked by the API: the console never sees them).
 */
export function StepList(props: { steps: Step[] }) {
  if (props.steps.length === 0) return <p className="hint">No step has started yet.</p>;
  return (
    <ol className="steps" aria-label="Steps">
      {props.steps.map((step) => (
        <li key={step.stepKey} className={`step step-${step.status}`}>
          <div className="step-head">
            <span className="step-name">{step.nodeName}</span>
            <span className="step-type">{step.nodeType}</span>
            <span className={`run-status run-${step.status}`}>{step.status}</span>
            {step.attempt > 1 && <span>attempt {step.attempt}</span>}
            <span>{duration(step.durationMs)}</span>
          </div>
          {step.error && (
            <p className="problem">
              {step.error.code}: {step.error.message}
            </p>
          )}
          {step.input && (
            <details>
              <summary>Input of {step.nodeName}</summary>
              <pre>{JSON.stringify(step.input, null, 2)}</pre>
            </details>
          )}
          {step.output && (
            <details>
              <summary>Output of {step.nodeName}</summary>
              <pre>{JSON.stringify(step.output, null, 2)}</pre>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
