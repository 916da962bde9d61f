import type { Environment } from './use-environments';

/** Picks an environment (whose variables a run uses), or none. */
export function EnvironmentSelect(props: {
  label: string;
  environments: Environment[];
  value: string;
  onChange: (environmentId: string) => void;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">None</option>
        {props.environments.map((environment) => (
          <option key={environment.environmentId} value={environment.environmentId}>
            {environment.name}
          </option>
        ))}
      </select>
    </label>
  );
}
