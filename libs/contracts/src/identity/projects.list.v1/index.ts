import { defineContract } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';

import { ProjectRecord } from '../records';

export class ListProjectsRequest {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('4')
  workspaceId?: string;
}

export class ListProjectsResponse {
  data!: ProjectRecord[];
}

export const ListProjectsV1 = defineContract<ListProjectsRequest, ListProjectsResponse>(
  'identity.projects.list.v1',
  ListProjectsRequest,
);
