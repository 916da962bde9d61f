import {
  CompleteSsoRequest,
  CompleteSsoV1,
  CreateIdentityProviderRequest,
  CreateIdentityProviderV1,
  DeleteIdentityProviderRequest,
  DeleteIdentityProviderV1,
  GetIdentityProviderRequest,
  GetIdentityProviderV1,
  IdentityProviderDeleted,
  IdentityProviderRecord,
  ListIdentityProvidersResponse,
  ListIdentityProvidersV1,
  RefreshSessionRequest,
  RefreshSessionV1,
  RevokeSessionRequest,
  RevokeSessionV1,
  SessionRefreshed,
  SessionRevoked,
  SsoRedirect,
  SsoSessionStarted,
  StartSsoRequest,
  StartSsoV1,
  UpdateIdentityProviderRequest,
  UpdateIdentityProviderV1,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { IdentityProviderService } from './identity-provider.service';
import { SessionService } from './session.service';
import { SsoService } from './sso.service';

@Controller()
export class SsoHandler {
  constructor(
    private readonly providers: IdentityProviderService,
    private readonly sso: SsoService,
    private readonly sessions: SessionService,
  ) {}

  @RpcHandler(CreateIdentityProviderV1)
  create(
    request: CreateIdentityProviderRequest,
    call: CallContext,
  ): Promise<IdentityProviderRecord> {
    return this.providers.create(actorOf(call), request);
  }

  @RpcHandler(ListIdentityProvidersV1)
  async list(_: object, call: CallContext): Promise<ListIdentityProvidersResponse> {
    return { data: await this.providers.list(actorOf(call)) };
  }

  @RpcHandler(GetIdentityProviderV1)
  get(request: GetIdentityProviderRequest, call: CallContext): Promise<IdentityProviderRecord> {
    return this.providers.get(actorOf(call), request.identityProviderId);
  }

  @RpcHandler(UpdateIdentityProviderV1)
  update(
    request: UpdateIdentityProviderRequest,
    call: CallContext,
  ): Promise<IdentityProviderRecord> {
    const { identityProviderId, ...changes } = request;
    return this.providers.update(actorOf(call), identityProviderId, changes);
  }

  @RpcHandler(DeleteIdentityProviderV1)
  async delete(
    request: DeleteIdentityProviderRequest,
    call: CallContext,
  ): Promise<IdentityProviderDeleted> {
    await this.providers.delete(actorOf(call), request.identityProviderId);
    return { identityProviderId: request.identityProviderId };
  }

  @RpcHandler(StartSsoV1)
  start(request: StartSsoRequest): Promise<SsoRedirect> {
    return this.sso.start(request);
  }

  @RpcHandler(CompleteSsoV1)
  complete(request: CompleteSsoRequest): Promise<SsoSessionStarted> {
    return this.sso.complete(request.query);
  }

  @RpcHandler(RefreshSessionV1)
  refresh(request: RefreshSessionRequest): Promise<SessionRefreshed> {
    return this.sessions.refresh(request.refreshToken);
  }

  @RpcHandler(RevokeSessionV1)
  revoke(request: RevokeSessionRequest): Promise<SessionRevoked> {
    return this.sso.signOut(request.refreshToken);
  }
}
