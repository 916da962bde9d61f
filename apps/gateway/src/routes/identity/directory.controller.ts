import {
  CreateProjectV1,
  CreateUserRequest,
  CreateUserV1,
  CreateWorkspaceRequest,
  CreateWorkspaceV1,
  DeactivateUserV1,
  ListProjectsV1,
  ListUsersV1,
  ListWorkspacesV1,
  ProjectRecord,
  UpdateUserBody,
  UpdateUserV1,
  UserRecord,
  WorkspaceRecord,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, Page, RpcClient } from '@docket/platform';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { PageQuery, slicePage } from '../../http/page.query';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

class CreateProjectBody {
  @ApiProperty({ example: 'Motor FNOL' })
  @IsString()
  @Length(1, 120)
  name!: string;
}

class ListProjectsQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('4')
  workspaceId?: string;
}

@ApiTags('Organization')
@Controller()
export class DirectoryController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('workspaces')
  @ApiRoute({
    summary: 'Create a workspace',
    permission: 'workspaces.create',
    status: 201,
    response: WorkspaceRecord,
    errors: ['CONFLICT'],
  })
  async createWorkspace(
    @Body() body: CreateWorkspaceRequest,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<WorkspaceRecord>> {
    return enveloped('Workspace created', await this.rpc.call(CreateWorkspaceV1, body, actor));
  }

  @Get('workspaces')
  @ApiRoute({
    summary: 'List the workspaces you can see',
    permission: 'workspaces.list',
    page: WorkspaceRecord,
  })
  async listWorkspaces(
    @Query() query: PageQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<WorkspaceRecord>> {
    const { data } = await this.rpc.call(ListWorkspacesV1, {}, actor);
    return slicePage(data, query, 'Workspaces');
  }

  @Post('workspaces/:workspaceId/projects')
  @ApiRoute({
    summary: 'Create a project (AI Agent) in a workspace',
    permission: 'projects.create',
    status: 201,
    response: ProjectRecord,
    errors: ['NOT_FOUND'],
  })
  async createProject(
    @Param('workspaceId', uuidPipe) workspaceId: string,
    @Body() body: CreateProjectBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ProjectRecord>> {
    const project = await this.rpc.call(CreateProjectV1, { workspaceId, name: body.name }, actor);
    return enveloped('Project created', project);
  }

  @Get('projects')
  @ApiRoute({
    summary: 'List the projects you can see, optionally in one workspace',
    permission: 'projects.list',
    errors: ['NOT_FOUND'],
    page: ProjectRecord,
  })
  async listProjects(
    @Query() query: ListProjectsQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<ProjectRecord>> {
    const { data } = await this.rpc.call(ListProjectsV1, { workspaceId: query.workspaceId }, actor);
    return slicePage(data, query, 'Projects');
  }

  @Post('users')
  @ApiRoute({
    summary: 'Create a user with one role and project grants',
    permission: 'users.create',
    status: 201,
    response: UserRecord,
    errors: ['CONFLICT', 'NOT_FOUND'],
  })
  async createUser(
    @Body() body: CreateUserRequest,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<UserRecord>> {
    return enveloped('User created', await this.rpc.call(CreateUserV1, body, actor));
  }

  @Get('users')
  @ApiRoute({
    summary: 'List users of your organization',
    permission: 'users.list',
    page: UserRecord,
  })
  async listUsers(
    @Query() query: PageQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<UserRecord>> {
    const { data } = await this.rpc.call(ListUsersV1, {}, actor);
    return slicePage(data, query, 'Users');
  }

  @Patch('users/:userId')
  @ApiRoute({
    summary: "Change a user's role, project grants, or both",
    description:
      '`projectIds` replaces every grant; an Admin sees every project and keeps none. The ' +
      "change holds on the person's next request, whatever token they hold. You cannot change " +
      'your own role, nor a deactivated user.',
    permission: 'users.update',
    response: UserRecord,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async updateUser(
    @Param('userId', uuidPipe) userId: string,
    @Body() body: UpdateUserBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<UserRecord>> {
    return enveloped('User updated', await this.rpc.call(UpdateUserV1, { ...body, userId }, actor));
  }

  @Post('users/:userId/deactivate')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Deactivate a user who left: sessions end, keys are revoked, sign-in is refused',
    description:
      'At once and for good: every session of the person ends, every API key of theirs is ' +
      'revoked (tokens bought with them stop working on every gateway within seconds), and ' +
      'single sign-on refuses them. The user stays listed (`active: false`) so their history ' +
      'keeps a name. Deactivating a deactivated user changes nothing; you cannot deactivate ' +
      'yourself.',
    permission: 'users.deactivate',
    response: UserRecord,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async deactivateUser(
    @Param('userId', uuidPipe) userId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<UserRecord>> {
    return enveloped('User deactivated', await this.rpc.call(DeactivateUserV1, { userId }, actor));
  }
}
