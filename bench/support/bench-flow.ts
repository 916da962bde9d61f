import { randomUUID } from 'node:crypto';

import type { Client } from '@temporalio/client';

import { FLOW_EXECUTION_WORKFLOW, FlowGraph, FlowRunInput } from '../../libs/contracts/src';

/** The benchmarks' flow: an API trigger and two transforms, three cheap nodes. */
export const BENCH_GRAPH: FlowGraph = {
  nodes: [
    { id: 'trigger', type: 'trigger.api' },
    { id: 'double', type: 'utility.transform', config: { expression: '{ "n": input.n * 2 }' } },
    { id: 'label', type: 'utility.transform', config: { expression: '"run " & nodes.double.n' } },
  ],
  edges: [
    { from: 'trigger', to: 'double' },
    { from: 'double', to: 'label' },
  ],
};

/** Creates, publishes and activates a flow of `graph`; answers its id. */
export async function liveFlow(
  gateway: string,
  token: string,
  projectId: string,
  graph: FlowGraph = BENCH_GRAPH,
): Promise<string> {
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${gateway}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const parsed = (await response.json()) as Record<string, unknown>;
    if (response.status >= 300)
      throw new Error(`${path}: ${response.status} ${JSON.stringify(parsed)}`);
    return parsed;
  };
  const flow = await call('POST', `/projects/${projectId}/flows`, { name: 'Bench flow', graph });
  await call('POST', `/flows/${flow.flowId}/publish`, { bump: 'major' });
  await call('POST', `/flows/${flow.flowId}/activate`, {});
  return flow.flowId as string;
}

/** Starts a run of the flow through the gateway; answers its executionId. */
export async function startThroughGateway(
  gateway: string,
  token: string,
  flowId: string,
  input: Record<string, unknown>,
): Promise<string> {
  const response = await fetch(`${gateway}/flows/${flowId}/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ input }),
  });
  const body = (await response.json()) as { executionId?: string };
  if (response.status !== 201 || !body.executionId) {
    throw new Error(`run start failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.executionId;
}

/**
 * Starts the bench flow's workflow directly with the Temporal client, as the flows service
 * would (the baseline of the API path); answers its executionId.
 */
export async function startDirectly(
  client: Client,
  taskQueue: string,
  run: {
    organizationId: string;
    workspaceId: string;
    projectId: string;
    flowId: string;
    environmentId?: string | null;
  },
  input: Record<string, unknown>,
): Promise<string> {
  const executionId = randomUUID();
  const args: FlowRunInput = {
    executionId,
    organizationId: run.organizationId,
    workspaceId: run.workspaceId,
    projectId: run.projectId,
    flowId: run.flowId,
    flowName: 'Bench flow',
    versionId: null,
    version: 'v1.0.0',
    test: false,
    environmentId: run.environmentId ?? null,
    trigger: 'api',
    graph: BENCH_GRAPH,
    input,
    fileIds: [],
    startedBy: null,
  };
  await client.workflow.start(FLOW_EXECUTION_WORKFLOW, {
    taskQueue,
    workflowId: executionId,
    args: [args],
  });
  return executionId;
}
