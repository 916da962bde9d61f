import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

import { WorkspaceRecord } from '../records';

export class CreateWorkspaceRequest {
  @ApiProperty({ example: 'Claims' })
  @IsString()
  @Length(1, 120)
  name!: string;
}

export const CreateWorkspaceV1 = defineContract<CreateWorkspaceRequest, WorkspaceRecord>(
  'identity.workspaces.create.v1',
  CreateWorkspaceRequest,
);
