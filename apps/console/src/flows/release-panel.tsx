import { useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';
import { can } from '../permissions';
import { EnvironmentSelect } from './environment-select';

type Flow = Schemas['FlowRecord'];
type Version = Schemas['FlowVersionRecord'];
type Environment = Schemas['EnvironmentRecord'];

/** The version a bump gives, as the API computes it (first publish is v1.0.0). */
export function nextVersion(
  latest: string | null | undefined,
  bump: 'major' | 'minor' | 'patch',
): string {
  if (!latest) return 'v1.0.0';
  const [major, minor, patch] = latest.slice(1).split('.').map(Number);
  if (bump === 'major') return `v${major + 1}.0.0`;
  if (bump === 'minor') return `v${major}.${minor + 1}.0`;
  return `v${major}.${minor}.${patch + 1}`;
}

/**
 * Publish and activate, each with what it does said next to its button: publishing records a
 * version and starts nothing; activating makes the trigger start runs of a version with an
 * environment's variables; deactivating stops new runs and lets running ones finish.
 */
export function ReleasePanel(props: {
  flow: Flow;
  role: string;
  environments: Environment[];
  unsavedChanges: boolean;
  onFlow: (flow: Flow) => void;
}) {
  const { flow } = props;
  const [versions, setVersions] = useState<Version[]>([]);
  const [bump, setBump] = useState<'major' | 'minor' | 'patch'>('minor');
  const [notes, setNotes] = useState('');
  const [version, setVersion] = useState('');
  const [environmentId, setEnvironmentId] = useState(flow.activeEnvironmentId ?? '');
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    void api
      .GET('/flows/{flowId}/versions', {
        params: { path: { flowId: flow.flowId }, query: { limit: 100 } },
      })
      .then(({ data }) => data && setVersions(data.data));
  }, [flow.flowId, generation]);

  const publish = async () => {
    const { data, error } = await api.POST('/flows/{flowId}/publish', {
      params: { path: { flowId: flow.flowId } },
      body: { bump, ...(notes ? { notes } : {}) },
    });
    if (!data) return setMessage({ text: errorMessage(error), failed: true });
    setMessage({ text: `Published ${data.version}`, failed: false });
    setNotes('');
    props.onFlow({ ...flow, latestVersion: data.version });
    setGeneration((n) => n + 1);
  };

  const activate = async () => {
    const { data, error } = await api.POST('/flows/{flowId}/activate', {
      params: { path: { flowId: flow.flowId } },
      body: { ...(version ? { version } : {}), ...(environmentId ? { environmentId } : {}) },
    });
    if (!data) return setMessage({ text: errorMessage(error), failed: true });
    setMessage({ text: `Active on ${data.activeVersion}`, failed: false });
    props.onFlow(data);
    setGeneration((n) => n + 1);
  };

  const deactivate = async () => {
    const { data, error } = await api.POST('/flows/{flowId}/deactivate', {
      params: { path: { flowId: flow.flowId } },
    });
    if (!data) return setMessage({ text: errorMessage(error), failed: true });
    setMessage({ text: 'Deactivated', failed: false });
    props.onFlow(data);
  };

  const environmentName = (id: string | null | undefined) =>
    props.environments.find((e) => e.environmentId === id)?.name ?? 'no environment';

  return (
    <section className="release" aria-labelledby="release-title">
      <h2 id="release-title">Publish and activate</h2>
      <p role="status" aria-label="Flow status">
        {flow.active
          ? `Active: ${flow.activeVersion} runs with ${environmentName(flow.activeEnvironmentId)}.`
          : 'Not active: the trigger starts no runs.'}{' '}
        {flow.latestVersion ? `Latest version ${flow.latestVersion}.` : 'Never published.'}
      </p>
      {can(props.role, 'flows.publish') && (
        <div className="row">
          <label>
            Version bump
            <select value={bump} onChange={(event) => setBump(event.target.value as typeof bump)}>
              <option value="patch">patch</option>
              <option value="minor">minor</option>
              <option value="major">major</option>
            </select>
          </label>
          <label>
            Notes
            <input
              value={notes}
              maxLength={500}
              onChange={(event) => setNotes(event.target.value)}
            />
          </label>
          <button type="button" disabled={props.unsavedChanges} onClick={() => void publish()}>
            Publish {nextVersion(flow.latestVersion, bump)}
          </button>
          <span className="hint">
            Records the saved draft as version {nextVersion(flow.latestVersion, bump)}. It does not
            start processing{props.unsavedChanges ? '; save your changes first' : ''}.
          </span>
        </div>
      )}
      {can(props.role, 'flows.activate') && (
        <div className="row">
          <label>
            Version to run
            <select value={version} onChange={(event) => setVersion(event.target.value)}>
              <option value="">latest</option>
              {versions.map((v) => (
                <option key={v.versionId} value={v.version}>
                  {v.version}
                  {v.active ? ' (active)' : ''}
                </option>
              ))}
            </select>
          </label>
          <EnvironmentSelect
            label="Environment of its runs"
            environments={props.environments}
            value={environmentId}
            onChange={setEnvironmentId}
          />
          <button type="button" disabled={versions.length === 0} onClick={() => void activate()}>
            Activate
          </button>
          <span className="hint">
            {versions.length === 0
              ? 'Publish a version first: only a published version can be activated.'
              : "The trigger goes live: each new file or call starts a run of this version with the environment's variables. Runs already going finish on their version."}
          </span>
          {flow.active && (
            <>
              <button type="button" onClick={() => void deactivate()}>
                Deactivate
              </button>
              <span className="hint">No new runs start; runs already going finish.</span>
            </>
          )}
        </div>
      )}
      {message && (
        <p role={message.failed ? 'alert' : 'status'} className={message.failed ? 'problem' : ''}>
          {message.text}
        </p>
      )}
    </section>
  );
}
