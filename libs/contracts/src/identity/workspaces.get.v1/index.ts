import { defineContract } from '@docket/platform';
import { IsUUID } from 'class-validator';

import { WorkspaceRecord } from '../records';

export class GetWorkspaceRequest {
  @IsUUID('4')
  workspaceId!: string;
}

export const GetWorkspaceV1 = defineContract<GetWorkspaceRequest, WorkspaceRecord>(
  'identity.workspaces.get.v1',
  GetWorkspaceRequest,
);
