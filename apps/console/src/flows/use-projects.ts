import { useEffect, useState } from 'react';

import { api, type Schemas } from '../api/client';

export type Project = Schemas['ProjectRecord'];
export type Flow = Schemas['FlowRecord'];

/** The AI Agents (projects) of a workspace that the person may see; null while loading. */
export function useProjects(workspaceId: string): Project[] | null {
  const [projects, setProjects] = useState<Project[] | null>(null);
  useEffect(() => {
    if (!workspaceId) return;
    setProjects(null);
    void api
      .GET('/projects', { params: { query: { workspaceId, limit: 100 } } })
      .then(({ data }) => setProjects(data?.data ?? []));
  }, [workspaceId]);
  return projects;
}

/** The flows of the given AI Agents, for pickers (runs filter, variable scopes). */
export function useFlowsOf(projects: Project[] | null): Flow[] {
  const [flows, setFlows] = useState<Flow[]>([]);
  const ids = (projects ?? []).map((project) => project.projectId).join(',');
  useEffect(() => {
    if (!ids) return setFlows([]);
    void Promise.all(
      ids.split(',').map((projectId) =>
        api.GET('/projects/{projectId}/flows', {
          params: { path: { projectId }, query: { limit: 100 } },
        }),
      ),
    ).then((answers) => setFlows(answers.flatMap((answer) => answer.data?.data ?? [])));
  }, [ids]);
  return flows;
}
