import { useEffect, useState } from 'react';

import { api, errorMessage } from '../api/client';
import { can } from '../permissions';
import { flowPath, followLink, navigate } from '../router';
import type { SessionUser } from '../session';
import { useWorkspaces, WorkspacePicker } from '../workspaces';
import { type Environment, useEnvironments } from './use-environments';
import { type Flow, type Project, useProjects } from './use-projects';

const TRIGGERS = [
  { type: 'trigger.file', label: 'a file is uploaded' },
  { type: 'trigger.api', label: 'an API call' },
  { type: 'trigger.schedule', label: 'a schedule' },
] as const;

/** Whether the draft differs from the latest published version (saved after it). */
function useDraftStatus(flow: Flow): string {
  const [status, setStatus] = useState('…');
  useEffect(() => {
    void Promise.all([
      api.GET('/flows/{flowId}', { params: { path: { flowId: flow.flowId } } }),
      api.GET('/flows/{flowId}/versions', {
        params: { path: { flowId: flow.flowId }, query: { limit: 1 } },
      }),
    ]).then(([detail, versions]) => {
      const latest = versions.data?.data[0];
      if (!detail.data) return setStatus('');
      if (!latest) return setStatus('Draft only');
      setStatus(
        detail.data.draftUpdatedAt > latest.publishedAt
          ? `Changed since ${latest.version}`
          : `Same as ${latest.version}`,
      );
    });
  }, [flow.flowId, flow.updatedAt]);
  return status;
}

function FlowRow(props: { flow: Flow; environments: Environment[] }) {
  const { flow } = props;
  const draft = useDraftStatus(flow);
  const environment = props.environments.find((e) => e.environmentId === flow.activeEnvironmentId);
  return (
    <tr>
      <td>
        <a
          href={flowPath(flow.flowId)}
          onClick={(event) => followLink(event, flowPath(flow.flowId))}
        >
          {flow.name}
        </a>
      </td>
      <td>{flow.trigger}</td>
      <td>{draft}</td>
      <td>{flow.latestVersion ?? '—'}</td>
      <td>
        {flow.active
          ? `Active: ${flow.activeVersion}${environment ? ` in ${environment.name}` : ''}`
          : 'Not active'}
      </td>
    </tr>
  );
}

function NewFlow(props: { projectId: string }) {
  const [name, setName] = useState('');
  const [trigger, setTrigger] = useState<(typeof TRIGGERS)[number]['type']>('trigger.file');
  const [problem, setProblem] = useState<string | null>(null);
  const create = async () => {
    const { data, error } = await api.POST('/projects/{projectId}/flows', {
      params: { path: { projectId: props.projectId } },
      body: {
        name,
        graph: {
          nodes: [{ id: trigger.split('.')[1], type: trigger, name: 'Start', config: {} }],
          edges: [],
        },
      },
    });
    if (!data) return setProblem(errorMessage(error));
    navigate(flowPath(data.flowId));
  };
  return (
    <form
      className="row"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <label>
        New flow name
        <input value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Starts when
        <select
          value={trigger}
          onChange={(e) => setTrigger(e.target.value as (typeof TRIGGERS)[number]['type'])}
        >
          {TRIGGERS.map((t) => (
            <option key={t.type} value={t.type}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={!name.trim()}>
        Create flow
      </button>
      {problem && <span role="alert">{problem}</span>}
    </form>
  );
}

function Agent(props: { project: Project; role: string; environments: Environment[] }) {
  const [flows, setFlows] = useState<Flow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api
      .GET('/projects/{projectId}/flows', {
        params: { path: { projectId: props.project.projectId }, query: { limit: 100 } },
      })
      .then(({ data, error }) => (data ? setFlows(data.data) : setError(errorMessage(error))));
  }, [props.project.projectId]);
  return (
    <section className="agent" aria-label={`AI Agent ${props.project.name}`}>
      <h2>{props.project.name}</h2>
      {error && <p role="alert">{error}</p>}
      {flows && flows.length === 0 && <p>No flows yet.</p>}
      {flows && flows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Flow</th>
              <th>Trigger</th>
              <th>Draft</th>
              <th>Published</th>
              <th>Active</th>
            </tr>
          </thead>
          <tbody>
            {flows.map((flow) => (
              <FlowRow key={flow.flowId} flow={flow} environments={props.environments} />
            ))}
          </tbody>
        </table>
      )}
      {can(props.role, 'flows.build') && <NewFlow projectId={props.project.projectId} />}
    </section>
  );
}

/** Workspaces → their AI Agents (projects, as the API calls them) → each agent's flows. */
export function AgentsPage(props: { user: SessionUser }) {
  const { workspaces, workspaceId, choose, error } = useWorkspaces();
  const environments = useEnvironments(props.user.role);
  const projects = useProjects(workspaceId);
  return (
    <section className="screen" aria-labelledby="agents-title">
      <div className="toolbar">
        <h1 id="agents-title">AI Agents</h1>
        <WorkspacePicker workspaces={workspaces} workspaceId={workspaceId} choose={choose} />
      </div>
      {error && <p role="alert">{error}</p>}
      {projects?.length === 0 && <p>This workspace has no AI Agents you may see.</p>}
      {projects?.map((project) => (
        <Agent
          key={project.projectId}
          project={project}
          role={props.user.role}
          environments={environments}
        />
      ))}
    </section>
  );
}
