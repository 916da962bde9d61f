import {
  CreateProjectRequest,
  CreateProjectV1,
  CreateUserRequest,
  CreateUserV1,
  CreateWorkspaceRequest,
  CreateWorkspaceV1,
  DeactivateUserRequest,
  DeactivateUserV1,
  GetProjectRequest,
  GetProjectV1,
  GetWorkspaceRequest,
  GetWorkspaceV1,
  ListProjectsRequest,
  ListProjectsResponse,
  ListProjectsV1,
  ListUsersResponse,
  ListUsersV1,
  ListWorkspacesResponse,
  ListWorkspacesV1,
  ProjectRecord,
  ResolveAccessRequest,
  ResolveAccessV1,
  ResolvedAccess,
  UpdateUserRequest,
  UpdateUserV1,
  UserRecord,
  WorkspaceRecord,
} from '@docket/contracts';
import { actorOf, CallContext, DocketException, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { DirectoryService } from './directory.service';
import { UserChangesService } from './user-changes.service';

@Controller()
export class DirectoryHandler {
  constructor(
    private readonly directory: DirectoryService,
    private readonly userChanges: UserChangesService,
  ) {}

  @RpcHandler(CreateWorkspaceV1)
  createWorkspace(request: CreateWorkspaceRequest, call: CallContext): Promise<WorkspaceRecord> {
    return this.directory.createWorkspace(actorOf(call), request.name);
  }

  @RpcHandler(ListWorkspacesV1)
  async listWorkspaces(_: object, call: CallContext): Promise<ListWorkspacesResponse> {
    return { data: await this.directory.listWorkspaces(actorOf(call)) };
  }

  @RpcHandler(GetWorkspaceV1)
  getWorkspace(request: GetWorkspaceRequest, call: CallContext): Promise<WorkspaceRecord> {
    return this.directory.getWorkspace(actorOf(call), request.workspaceId);
  }

  @RpcHandler(CreateProjectV1)
  createProject(request: CreateProjectRequest, call: CallContext): Promise<ProjectRecord> {
    return this.directory.createProject(actorOf(call), request);
  }

  @RpcHandler(ListProjectsV1)
  async listProjects(
    request: ListProjectsRequest,
    call: CallContext,
  ): Promise<ListProjectsResponse> {
    return { data: await this.directory.listProjects(actorOf(call), request.workspaceId) };
  }

  @RpcHandler(GetProjectV1)
  getProject(request: GetProjectRequest, call: CallContext): Promise<ProjectRecord> {
    return this.directory.getProject(actorOf(call), request.projectId);
  }

  @RpcHandler(CreateUserV1)
  createUser(request: CreateUserRequest, call: CallContext): Promise<UserRecord> {
    return this.directory.createUser(actorOf(call), request);
  }

  @RpcHandler(ListUsersV1)
  async listUsers(_: object, call: CallContext): Promise<ListUsersResponse> {
    return { data: await this.directory.listUsers(actorOf(call)) };
  }

  @RpcHandler(UpdateUserV1)
  updateUser(request: UpdateUserRequest, call: CallContext): Promise<UserRecord> {
    return this.userChanges.update(actorOf(call), request);
  }

  @RpcHandler(DeactivateUserV1)
  deactivateUser(request: DeactivateUserRequest, call: CallContext): Promise<UserRecord> {
    return this.userChanges.deactivate(actorOf(call), request.userId);
  }

  @RpcHandler(ResolveAccessV1)
  resolveAccess(request: ResolveAccessRequest, call: CallContext): Promise<ResolvedAccess> {
    const actor = actorOf(call);
    if (actor.userId !== request.userId) throw DocketException.denied();
    return this.directory.resolveAccess(
      actor.organizationId,
      request.userId,
      request.apiKeyId,
      request.sessionId,
    );
  }
}
