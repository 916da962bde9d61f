import { PermissionProbe } from './permission-probe';

/** Ids that exist nowhere: allowed roles get past authorization and find nothing (404). */
const NO_FLOW = '00000000-0000-4000-8000-0000000000f1';
const NO_EXECUTION = '00000000-0000-4000-8000-0000000000f2';
const NO_ENVIRONMENT = '00000000-0000-4000-8000-0000000000f3';
const NO_VARIABLE = '00000000-0000-4000-8000-0000000000f4';

const unique = () => Math.random().toString(36).slice(2, 10);

export const flowsProbes: PermissionProbe[] = [
  {
    operation: 'flows.read',
    request: ({ projectId }) => ({ method: 'GET', url: `/projects/${projectId}/flows` }),
  },
  {
    operation: 'flows.build',
    request: ({ projectId }) => ({
      method: 'POST',
      url: `/projects/${projectId}/flows`,
      body: { name: `probe ${unique()}` },
    }),
  },
  {
    // Checked by the flows service on the graph: adding an AI intelligence node needs ai.use.
    operation: 'ai.use',
    request: ({ projectId }) => ({
      method: 'POST',
      url: `/projects/${projectId}/flows`,
      body: {
        name: `probe ${unique()}`,
        graph: {
          nodes: [
            { id: 'trigger', type: 'trigger.api' },
            { id: 'summary', type: 'ai.summarize' },
          ],
          edges: [{ from: 'trigger', to: 'summary' }],
        },
      },
    }),
  },
  {
    operation: 'flows.publish',
    request: () => ({ method: 'POST', url: `/flows/${NO_FLOW}/publish`, body: { bump: 'patch' } }),
  },
  {
    operation: 'flows.activate',
    request: () => ({ method: 'POST', url: `/flows/${NO_FLOW}/activate`, body: {} }),
  },
  {
    operation: 'flows.run',
    request: () => ({ method: 'POST', url: `/flows/${NO_FLOW}/run`, body: {} }),
  },
  {
    operation: 'executions.read',
    request: ({ projectId }) => ({ method: 'GET', url: `/flow-executions?projectId=${projectId}` }),
  },
  {
    operation: 'executions.rerun',
    request: () => ({ method: 'POST', url: `/flow-executions/${NO_EXECUTION}/rerun` }),
  },
  {
    operation: 'executions.cancel',
    request: () => ({ method: 'POST', url: `/flow-executions/${NO_EXECUTION}/cancel` }),
  },
  {
    operation: 'environments.create',
    request: () => ({ method: 'POST', url: '/environments', body: { name: `probe-${unique()}` } }),
  },
  {
    operation: 'environments.list',
    request: () => ({ method: 'GET', url: '/environments' }),
  },
  {
    operation: 'variables.create',
    request: ({ projectId }) => ({
      method: 'POST',
      url: '/variables',
      body: {
        environmentId: NO_ENVIRONMENT,
        name: 'PROBE',
        value: 'probe-value',
        scope: 'project',
        scopeId: projectId,
      },
    }),
  },
  {
    operation: 'variables.update',
    request: () => ({ method: 'PATCH', url: `/variables/${NO_VARIABLE}`, body: { value: 'x' } }),
  },
  {
    operation: 'variables.list',
    request: () => ({ method: 'GET', url: '/variables' }),
  },
  {
    operation: 'variables.reveal',
    request: () => ({
      method: 'POST',
      url: `/variables/${NO_VARIABLE}/reveal`,
      body: { reason: 'permission probe' },
    }),
  },
  {
    operation: 'variables.delete',
    request: () => ({ method: 'DELETE', url: `/variables/${NO_VARIABLE}` }),
  },
];
