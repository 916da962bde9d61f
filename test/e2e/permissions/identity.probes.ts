import { PermissionProbe } from './permission-probe';

const NOBODY = '00000000-0000-4000-8000-000000000000';

export const identityProbes: PermissionProbe[] = [
  {
    operation: 'workspaces.create',
    request: () => ({ method: 'POST', url: '/workspaces', body: { name: `ws ${Math.random()}` } }),
  },
  { operation: 'workspaces.list', request: () => ({ method: 'GET', url: '/workspaces' }) },
  {
    operation: 'projects.create',
    request: ({ workspaceId }) => ({
      method: 'POST',
      url: `/workspaces/${workspaceId}/projects`,
      body: { name: 'probe' },
    }),
  },
  {
    operation: 'projects.list',
    request: ({ workspaceId }) => ({ method: 'GET', url: `/projects?workspaceId=${workspaceId}` }),
  },
  {
    operation: 'users.create',
    request: () => ({
      method: 'POST',
      url: '/users',
      body: { email: `p${Math.random()}@example.test`, name: 'p', role: 'Reviewer' },
    }),
  },
  { operation: 'users.list', request: () => ({ method: 'GET', url: '/users' }) },
  {
    operation: 'users.update',
    request: () => ({ method: 'PATCH', url: `/users/${NOBODY}`, body: { role: 'Partner' } }),
  },
  {
    operation: 'users.deactivate',
    request: () => ({ method: 'POST', url: `/users/${NOBODY}/deactivate` }),
  },
  {
    operation: 'apiKeys.create',
    request: () => ({ method: 'POST', url: '/api-keys', body: { name: 'probe' } }),
  },
  { operation: 'apiKeys.list', request: () => ({ method: 'GET', url: '/api-keys' }) },
  {
    operation: 'apiKeys.revoke',
    request: () => ({ method: 'DELETE', url: `/api-keys/${NOBODY}` }),
  },
  {
    operation: 'identityProviders.read',
    request: () => ({ method: 'GET', url: '/identity-providers' }),
  },
  {
    operation: 'identityProviders.manage',
    request: () => ({ method: 'DELETE', url: `/identity-providers/${NOBODY}` }),
  },
  { operation: 'auditEvents.read', request: () => ({ method: 'GET', url: '/audit-events' }) },
];
