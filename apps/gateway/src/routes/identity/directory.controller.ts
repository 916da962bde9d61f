import {
  CreateProjectV1,
  CreateUserRequest,
  CreateUserV1,
  CreateWorkspaceRequest,
  CreateWorkspaceV1,
  ListProjectsV1,
  ListUsersV1,
  ListWorkspacesV1,
  ProjectRecord,
  UserRecord,
  WorkspaceRecord,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, Page, RpcClient } from '@docket/platform';
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
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
}
