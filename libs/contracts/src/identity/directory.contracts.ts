import { defineContract, ROLES } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
} from 'class-validator';

export class WorkspaceRecord {
  @ApiProperty({ format: 'uuid' }) workspaceId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class ProjectRecord {
  @ApiProperty({ format: 'uuid' }) projectId!: string;
  @ApiProperty({ format: 'uuid' }) workspaceId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class UserRecord {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ROLES }) role!: string;
  @ApiProperty({ type: [String], description: 'Projects granted (Admins see every project)' })
  projectIds!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class CreateWorkspaceRequest {
  @ApiProperty({ example: 'Claims' })
  @IsString()
  @Length(1, 120)
  name!: string;
}

export class ListWorkspacesRequest {}

export class CreateProjectRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('4')
  workspaceId!: string;

  @ApiProperty({ example: 'Motor FNOL' })
  @IsString()
  @Length(1, 120)
  name!: string;
}

export class ListProjectsRequest {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('4')
  workspaceId?: string;
}

export class GetProjectRequest {
  @IsUUID('4')
  projectId!: string;
}

export class GetWorkspaceRequest {
  @IsUUID('4')
  workspaceId!: string;
}

export class CreateUserRequest {
  @ApiProperty({ example: 'reviewer@example.com' })
  @IsEmail()
  @Length(3, 254)
  email!: string;

  @ApiProperty({ example: 'Riley Reviewer' })
  @IsString()
  @Length(1, 120)
  name!: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES)
  role!: string;

  @ApiPropertyOptional({ type: [String], description: 'Project grants (ignored for Admins)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('4', { each: true })
  projectIds?: string[];
}

export class ListUsersRequest {}

export class ListWorkspacesResponse {
  data!: WorkspaceRecord[];
}
export class ListProjectsResponse {
  data!: ProjectRecord[];
}
export class ListUsersResponse {
  data!: UserRecord[];
}

export const CreateWorkspaceV1 = defineContract<CreateWorkspaceRequest, WorkspaceRecord>(
  'identity.workspaces.create.v1',
  CreateWorkspaceRequest,
);
export const ListWorkspacesV1 = defineContract<ListWorkspacesRequest, ListWorkspacesResponse>(
  'identity.workspaces.list.v1',
  ListWorkspacesRequest,
);
export const GetWorkspaceV1 = defineContract<GetWorkspaceRequest, WorkspaceRecord>(
  'identity.workspaces.get.v1',
  GetWorkspaceRequest,
);
export const CreateProjectV1 = defineContract<CreateProjectRequest, ProjectRecord>(
  'identity.projects.create.v1',
  CreateProjectRequest,
);
export const ListProjectsV1 = defineContract<ListProjectsRequest, ListProjectsResponse>(
  'identity.projects.list.v1',
  ListProjectsRequest,
);
/** Other services use this to check that a project exists in the caller's organization. */
export const GetProjectV1 = defineContract<GetProjectRequest, ProjectRecord>(
  'identity.projects.get.v1',
  GetProjectRequest,
);
export const CreateUserV1 = defineContract<CreateUserRequest, UserRecord>(
  'identity.users.create.v1',
  CreateUserRequest,
);
export const ListUsersV1 = defineContract<ListUsersRequest, ListUsersResponse>(
  'identity.users.list.v1',
  ListUsersRequest,
);
