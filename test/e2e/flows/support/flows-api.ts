import type { FlowGraph } from '@docket/contracts';
import { apiRequest, ApiResponse, eventually } from '@docket/testing';

/** Thin wrappers over the flows API, exactly as an integrator calls it. */
export type Body = Record<string, unknown> & { code?: string; message?: string };

export const API_ONLY: FlowGraph = { nodes: [{ id: 'trigger', type: 'trigger.api' }], edges: [] };

export function graphOf(
  nodes: FlowGraph['nodes'],
  edges: Array<[string, string, string?]> = [],
): FlowGraph {
  return {
    nodes,
    edges: edges.map(([from, to, branch]) => (branch ? { from, to, branch } : { from, to })),
  };
}

/** trigger -> a chain of transforms; each step's output is its JSONata expression result. */
export function transformChain(expressions: string[]): FlowGraph {
  const nodes: FlowGraph['nodes'] = [{ id: 'trigger', type: 'trigger.api' }];
  const edges: Array<[string, string]> = [];
  expressions.forEach((expression, index) => {
    const id = `t${index + 1}`;
    nodes.push({ id, type: 'utility.transform', config: { expression } });
    edges.push([index === 0 ? 'trigger' : `t${index}`, id]);
  });
  return graphOf(nodes, edges);
}

export async function createFlow(
  token: string,
  projectId: string,
  graph?: FlowGraph,
  name = `Flow ${Math.random().toString(36).slice(2, 8)}`,
): Promise<ApiResponse<Body>> {
  return apiRequest<Body>('POST', `/projects/${projectId}/flows`, {
    token,
    body: graph ? { name, graph } : { name },
  });
}

export async function createdFlowId(token: string, projectId: string, graph?: FlowGraph) {
  const response = await createFlow(token, projectId, graph);
  if (response.status !== 201)
    throw new Error(`flow creation failed: ${JSON.stringify(response.body)}`);
  return response.body.flowId as string;
}

export function saveDraft(token: string, flowId: string, graph: FlowGraph) {
  return apiRequest<Body>('PUT', `/flows/${flowId}/draft`, { token, body: { graph } });
}

export function publish(token: string, flowId: string, bump = 'minor') {
  return apiRequest<Body>('POST', `/flows/${flowId}/publish`, { token, body: { bump } });
}

export function activate(token: string, flowId: string, body: Record<string, unknown> = {}) {
  return apiRequest<Body>('POST', `/flows/${flowId}/activate`, { token, body });
}

/** Creates, publishes and activates a flow; returns its id. */
export async function liveFlow(
  token: string,
  projectId: string,
  graph: FlowGraph,
  activation: Record<string, unknown> = {},
): Promise<string> {
  const flowId = await createdFlowId(token, projectId, graph);
  const published = await publish(token, flowId);
  if (published.status !== 201)
    throw new Error(`publish failed: ${JSON.stringify(published.body)}`);
  const activated = await activate(token, flowId, activation);
  if (activated.status !== 200)
    throw new Error(`activate failed: ${JSON.stringify(activated.body)}`);
  return flowId;
}

export function run(
  token: string,
  flowId: string,
  body: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  return apiRequest<Body>('POST', `/flows/${flowId}/run`, { token, body, headers });
}

export async function startedRun(
  token: string,
  flowId: string,
  body: Record<string, unknown> = {},
) {
  const response = await run(token, flowId, body);
  if (response.status !== 201) throw new Error(`run failed: ${JSON.stringify(response.body)}`);
  return response.body.executionId as string;
}

export function execution(token: string, executionId: string) {
  return apiRequest<Body>('GET', `/flow-executions/${executionId}`, { token });
}

export async function steps(token: string, executionId: string): Promise<Body[]> {
  const response = await apiRequest<{ data: Body[] }>(
    'GET',
    `/flow-executions/${executionId}/steps`,
    {
      token,
    },
  );
  if (response.status !== 200) throw new Error(`steps failed: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** Polls the execution until its status is one of `statuses`. */
export async function waitForStatus(
  token: string,
  executionId: string,
  statuses: string[],
  timeoutMs = 30_000,
): Promise<Body> {
  return eventually(async () => {
    const response = await execution(token, executionId);
    return statuses.includes(String(response.body.status)) ? response.body : undefined;
  }, timeoutMs);
}

/** An environment holding one project-scoped variable, set up by an Admin; returns its id. */
export async function environmentWithVariable(
  adminToken: string,
  projectId: string,
  variable: { name: string; value: string },
): Promise<string> {
  const environment = await apiRequest<Body>('POST', '/environments', {
    token: adminToken,
    body: { name: 'production' },
  });
  if (environment.status !== 201)
    throw new Error(`environment creation failed: ${JSON.stringify(environment.body)}`);
  const environmentId = environment.body.environmentId as string;
  const created = await apiRequest<Body>('POST', '/variables', {
    token: adminToken,
    body: { environmentId, ...variable, scope: 'project', scopeId: projectId },
  });
  if (created.status !== 201)
    throw new Error(`variable creation failed: ${JSON.stringify(created.body)}`);
  return environmentId;
}
