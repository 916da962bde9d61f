import {
  CreateIdentityProviderRequest,
  CreateIdentityProviderV1,
  DeleteIdentityProviderV1,
  GetIdentityProviderV1,
  IdentityProviderDeleted,
  IdentityProviderRecord,
  ListIdentityProvidersV1,
  UpdateIdentityProviderBody,
  UpdateIdentityProviderV1,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, Page, RpcClient } from '@docket/platform';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { PageQuery, slicePage } from '../../http/page.query';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

/** The organization's OpenID Connect providers, which people sign in through (Admin only). */
@ApiTags('Single sign-on')
@Controller('identity-providers')
export class IdentityProvidersController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @ApiRoute({
    summary: 'Register an OpenID Connect identity provider for e-mail domains',
    description:
      'The client secret is stored encrypted and never returned. A domain belongs to one ' +
      'provider across all organizations. Register `{PUBLIC_BASE_URL}/auth/sso/callback` as ' +
      'the redirect URI at the provider.',
    permission: 'identityProviders.manage',
    status: 201,
    response: IdentityProviderRecord,
    errors: ['CONFLICT'],
  })
  async create(
    @Body() body: CreateIdentityProviderRequest,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<IdentityProviderRecord>> {
    const created = await this.rpc.call(CreateIdentityProviderV1, body, actor);
    return enveloped('Identity provider registered', created);
  }

  @Get()
  @ApiRoute({
    summary: "List your organization's identity providers",
    permission: 'identityProviders.read',
    page: IdentityProviderRecord,
  })
  async list(
    @Query() query: PageQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<IdentityProviderRecord>> {
    const { data } = await this.rpc.call(ListIdentityProvidersV1, {}, actor);
    return slicePage(data, query, 'Identity providers');
  }

  @Get(':identityProviderId')
  @ApiRoute({
    summary: 'Get an identity provider',
    permission: 'identityProviders.read',
    response: IdentityProviderRecord,
    errors: ['NOT_FOUND'],
  })
  async get(
    @Param('identityProviderId', uuidPipe) identityProviderId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<IdentityProviderRecord>> {
    const found = await this.rpc.call(GetIdentityProviderV1, { identityProviderId }, actor);
    return enveloped('Identity provider', found);
  }

  @Patch(':identityProviderId')
  @ApiRoute({
    summary: 'Change an identity provider (any subset of its fields)',
    description:
      'Sending `domains` replaces the whole list; a new `clientSecret` replaces the old.',
    permission: 'identityProviders.manage',
    response: IdentityProviderRecord,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async update(
    @Param('identityProviderId', uuidPipe) identityProviderId: string,
    @Body() body: UpdateIdentityProviderBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<IdentityProviderRecord>> {
    const updated = await this.rpc.call(
      UpdateIdentityProviderV1,
      { ...body, identityProviderId },
      actor,
    );
    return enveloped('Identity provider updated', updated);
  }

  @Delete(':identityProviderId')
  @ApiRoute({
    summary: 'Remove an identity provider; its domains can no longer sign in',
    permission: 'identityProviders.manage',
    response: IdentityProviderDeleted,
    errors: ['NOT_FOUND'],
  })
  async delete(
    @Param('identityProviderId', uuidPipe) identityProviderId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<IdentityProviderDeleted>> {
    const deleted = await this.rpc.call(DeleteIdentityProviderV1, { identityProviderId }, actor);
    return enveloped('Identity provider removed', deleted);
  }
}
