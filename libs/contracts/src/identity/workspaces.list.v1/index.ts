import { defineContract } from '@docket/platform';

import { WorkspaceRecord } from '../records';

export class ListWorkspacesRequest {}

export class ListWorkspacesResponse {
  data!: WorkspaceRecord[];
}

export const ListWorkspacesV1 = defineContract<ListWorkspacesRequest, ListWorkspacesResponse>(
  'identity.workspaces.list.v1',
  ListWorkspacesRequest,
);
