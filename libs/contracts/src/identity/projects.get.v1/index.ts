import { defineContract } from '@docket/platform';
import { IsUUID } from 'class-validator';

import { ProjectRecord } from '../records';

export class GetProjectRequest {
  @IsUUID('4')
  projectId!: string;
}

export const GetProjectV1 = defineContract<GetProjectRequest, ProjectRecord>(
  'identity.projects.get.v1',
  GetProjectRequest,
);
