import { useEffect, useState } from 'react';

import { api, errorMessage, type Schemas } from '../api/client';
import { ConfirmDialog } from '../components/confirm-dialog';
import { humanTime } from '../components/human-time';
import { useEnvironments } from '../flows/use-environments';
import { useFlowsOf, useProjects } from '../flows/use-projects';
import { can } from '../permissions';
import type { SessionUser } from '../session';
import { useWorkspaces, WorkspacePicker } from '../workspaces';

type Variable = Schemas['VariableRecord'];
type Scope = Variable['scope'];

const SCOPE_WORDS: Record<Scope, string> = {
  workspace: 'Workspace',
  project: 'AI Agent',
  flow: 'Flow',
};

/** Change a variable's value: the new value is written, never shown back. */
function ChangeValue(props: { variable: Variable; onDone: (message: string) => void }) {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className="small" onClick={() => setOpen(true)}>
        Change value of {props.variable.name}
      </button>
    );
  }
  const save = async () => {
    const { data, error } = await api.PATCH('/variables/{variableId}', {
      params: { path: { variableId: props.variable.variableId } },
      body: { value },
    });
    setOpen(false);
    props.onDone(data ? `${props.variable.name} changed` : errorMessage(error));
  };
  return (
    <span className="row">
      <input
        type="password"
        aria-label={`New value of ${props.variable.name}`}
        value={value}
        autoComplete="off"
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="button" className="small" disabled={!value} onClick={() => void save()}>
        Save value
      </button>
    </span>
  );
}

/**
 * Environments and their variables. Values are always shown masked as the API gives them;
 * Admins and Partners create and change variables; only Admins reveal (after giving a reason)
 * or delete, exactly as the API allows.
 */
export function VariablesPage(props: { user: SessionUser }) {
  const role = props.user.role;
  const { workspaces, workspaceId, choose } = useWorkspaces();
  const projects = useProjects(workspaceId);
  const flows = useFlowsOf(projects);
  const [environmentsSeen, setEnvironmentsSeen] = useState(0);
  const environments = useEnvironments(role, environmentsSeen);
  const [environmentId, setEnvironmentId] = useState('');
  const [variables, setVariables] = useState<Variable[]>([]);
  const [generation, setGeneration] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [revealing, setRevealing] = useState<Variable | null>(null);
  const [deleting, setDeleting] = useState<Variable | null>(null);
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState({
    name: '',
    value: '',
    scope: 'workspace' as Scope,
    scopeId: '',
  });
  const [newEnvironment, setNewEnvironment] = useState('');

  useEffect(() => {
    if (!environmentId && environments[0]) setEnvironmentId(environments[0].environmentId);
  }, [environments, environmentId]);

  useEffect(() => {
    if (!environmentId) return;
    void api
      .GET('/variables', { params: { query: { environmentId, limit: 100 } } })
      .then(({ data, error }) =>
        data ? setVariables(data.data) : setMessage(errorMessage(error)),
      );
  }, [environmentId, generation]);

  const scopeTargets = (scope: Scope) =>
    scope === 'workspace'
      ? workspaces
          .filter((w) => w.workspaceId === workspaceId)
          .map((w) => ({ id: w.workspaceId, name: w.name }))
      : scope === 'project'
        ? (projects ?? []).map((p) => ({ id: p.projectId, name: p.name }))
        : flows.map((f) => ({ id: f.flowId, name: f.name }));
  const nameOf = (variable: Variable) =>
    scopeTargets(variable.scope).find((target) => target.id === variable.scopeId)?.name ??
    variable.scopeId.slice(0, 8);
  const done = (text: string) => {
    setMessage(text);
    setGeneration((n) => n + 1);
  };

  const create = async () => {
    const scopeId = draft.scopeId || scopeTargets(draft.scope)[0]?.id || '';
    const { data, error } = await api.POST('/variables', {
      body: { environmentId, name: draft.name, value: draft.value, scope: draft.scope, scopeId },
    });
    if (!data) return setMessage(errorMessage(error));
    setDraft({ name: '', value: '', scope: draft.scope, scopeId: '' });
    done(`${data.name} created`);
  };

  const createEnvironment = async () => {
    const { data, error } = await api.POST('/environments', { body: { name: newEnvironment } });
    if (!data) return setMessage(errorMessage(error));
    setNewEnvironment('');
    setEnvironmentId(data.environmentId);
    setEnvironmentsSeen((n) => n + 1);
  };

  /** The reason is recorded with the reveal in the audit trail. */
  const reveal = async (variable: Variable, reason: string) => {
    setRevealing(null);
    const { data, error } = await api.POST('/variables/{variableId}/reveal', {
      params: { path: { variableId: variable.variableId } },
      body: { reason },
    });
    if (!data) return setMessage(errorMessage(error));
    setRevealed((all) => ({ ...all, [variable.variableId]: data.value }));
  };

  const remove = async (variable: Variable) => {
    setDeleting(null);
    const { data, error } = await api.DELETE('/variables/{variableId}', {
      params: { path: { variableId: variable.variableId } },
    });
    done(data ? `${variable.name} deleted` : errorMessage(error));
  };

  return (
    <section className="screen" aria-labelledby="variables-title">
      <div className="toolbar">
        <h1 id="variables-title">Environments and variables</h1>
        <WorkspacePicker workspaces={workspaces} workspaceId={workspaceId} choose={choose} />
      </div>
      <p className="hint">
        Values are stored encrypted and always shown masked. A flow uses a variable only in a secret
        slot (a write-back's signing secret, an HTTP header). At run time the most specific scope
        wins: flow, then AI Agent, then workspace.
      </p>
      <div className="row">
        <label>
          Environment
          <select value={environmentId} onChange={(event) => setEnvironmentId(event.target.value)}>
            {environments.map((environment) => (
              <option key={environment.environmentId} value={environment.environmentId}>
                {environment.name}
              </option>
            ))}
          </select>
        </label>
        {can(role, 'environments.create') && (
          <>
            <label>
              New environment
              <input
                value={newEnvironment}
                maxLength={100}
                onChange={(e) => setNewEnvironment(e.target.value)}
              />
            </label>
            <button
              type="button"
              disabled={!newEnvironment.trim()}
              onClick={() => void createEnvironment()}
            >
              Create environment
            </button>
          </>
        )}
      </div>
      {message && <p role="status">{message}</p>}
      <table aria-label="Variables">
        <thead>
          <tr>
            <th>Name</th>
            <th>Scope</th>
            <th>Value</th>
            <th>Changed</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {variables.map((variable) => (
            <tr key={variable.variableId}>
              <td>{variable.name}</td>
              <td>
                {SCOPE_WORDS[variable.scope]}: {nameOf(variable)}
              </td>
              <td>
                <code>{revealed[variable.variableId] ?? variable.value}</code>
              </td>
              <td>{humanTime(variable.updatedAt)}</td>
              <td className="actions">
                {can(role, 'variables.update') && <ChangeValue variable={variable} onDone={done} />}
                {can(role, 'variables.reveal') && !revealed[variable.variableId] && (
                  <button type="button" className="small" onClick={() => setRevealing(variable)}>
                    Reveal {variable.name}
                  </button>
                )}
                {can(role, 'variables.delete') && (
                  <button
                    type="button"
                    className="small danger"
                    onClick={() => setDeleting(variable)}
                  >
                    Delete {variable.name}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {environmentId && variables.length === 0 && <p>No variables in this environment yet.</p>}
      {can(role, 'variables.create') && environmentId && (
        <form
          className="row"
          aria-label="New variable"
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <label>
            Name
            <input
              value={draft.name}
              pattern="[A-Za-z_][A-Za-z0-9_]{0,63}"
              required
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </label>
          <label>
            Value
            <input
              type="password"
              autoComplete="off"
              value={draft.value}
              required
              onChange={(e) => setDraft({ ...draft, value: e.target.value })}
            />
          </label>
          <label>
            Scope
            <select
              value={draft.scope}
              onChange={(e) => setDraft({ ...draft, scope: e.target.value as Scope, scopeId: '' })}
            >
              {(Object.keys(SCOPE_WORDS) as Scope[]).map((scope) => (
                <option key={scope} value={scope}>
                  {SCOPE_WORDS[scope]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {SCOPE_WORDS[draft.scope]}
            <select
              value={draft.scopeId}
              onChange={(e) => setDraft({ ...draft, scopeId: e.target.value })}
            >
              {scopeTargets(draft.scope).map((target) => (
                <option key={target.id} value={target.id}>
                  {target.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Create variable</button>
        </form>
      )}
      {revealing && (
        <ConfirmDialog
          title={`Reveal ${revealing.name}?`}
          confirmLabel="Reveal"
          reasonLabel="Why do you need to see this value?"
          onConfirm={(reason) => void reveal(revealing, reason)}
          onCancel={() => setRevealing(null)}
        >
          <p>
            The decrypted value is shown on this page only. The reveal is recorded in the audit
            trail with your name and this reason.
          </p>
        </ConfirmDialog>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete"
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>Flows that use it will fail to resolve it in this environment.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
