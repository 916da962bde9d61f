import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, Length } from 'class-validator';

import { ProjectRecord } from '../records';

export class CreateProjectRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('4')
  workspaceId!: string;

  @ApiProperty({ example: 'Motor FNOL' })
  @IsString()
  @Length(1, 120)
  name!: string;
}

export const CreateProjectV1 = defineContract<CreateProjectRequest, ProjectRecord>(
  'identity.projects.create.v1',
  CreateProjectRequest,
);
