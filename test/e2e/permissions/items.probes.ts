import { PermissionProbe } from './permission-probe';

/** An item id that exists nowhere: allowed roles get past authorization and find nothing (404). */
const NO_ITEM = '00000000-0000-4000-8000-0000000000a1';

export const itemsProbes: PermissionProbe[] = [
  {
    operation: 'items.read',
    request: ({ projectId }) => ({ method: 'GET', url: `/items?projectId=${projectId}` }),
  },
  {
    operation: 'items.review',
    request: () => ({ method: 'POST', url: `/items/${NO_ITEM}/lock` }),
  },
  {
    operation: 'items.takeOverLock',
    request: () => ({ method: 'POST', url: `/items/${NO_ITEM}/lock/takeover` }),
  },
];
