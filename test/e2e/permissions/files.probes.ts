import { PermissionProbe } from './permission-probe';

// A file id that exists nowhere: an allowed role gets 404, a denied role 401 PERMISSION_DENIED.
const UNKNOWN_FILE = '00000000-0000-4000-8000-000000000000';

export const filesProbes: PermissionProbe[] = [
  {
    operation: 'files.create',
    request: ({ workspaceId }) => ({
      method: 'POST',
      url: '/files',
      body: { filename: 'permission-probe.pdf', workspaceId },
    }),
  },
  {
    operation: 'files.read',
    request: () => ({ method: 'GET', url: `/files/${UNKNOWN_FILE}` }),
  },
];
