import {
  ApiKeyCreated,
  ApiKeyRecord,
  ApiKeyRevoked,
  CreateApiKeyRequest,
  CreateApiKeyV1,
  ListApiKeysV1,
  RevokeApiKeyV1,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, Page, pageOf, RpcClient } from '@docket/platform';
import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { PageQuery } from '../../http/page.query';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

class ListApiKeysQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "Only this user's keys (Admins)" })
  @IsOptional()
  @IsUUID('4')
  userId?: string;

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    default: 'false',
    description: 'Also list revoked keys',
  })
  @IsOptional()
  @IsIn(['true', 'false'])
  includeRevoked?: 'true' | 'false';
}

@ApiTags('Authentication')
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @ApiRoute({
    summary: 'Create an API key (shown once)',
    description: 'Only the hash is stored: the key in this response cannot be read again.',
    permission: 'apiKeys.create',
    status: 201,
    response: ApiKeyCreated,
    errors: ['NOT_FOUND'],
  })
  async create(
    @Body() body: CreateApiKeyRequest,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ApiKeyCreated>> {
    return enveloped(
      'API key created; store it now, it is shown once',
      await this.rpc.call(CreateApiKeyV1, body, actor),
    );
  }

  @Get()
  @ApiRoute({
    summary: 'List API keys: prefix, owner, created, last used; never the key',
    description:
      "An Admin sees every key of the organization (or one user's, with `userId`); anyone " +
      'else sees only their own. Newest first; revoked keys only with `includeRevoked=true`.',
    permission: 'apiKeys.list',
    page: ApiKeyRecord,
  })
  async list(
    @Query() query: ListApiKeysQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<ApiKeyRecord>> {
    const { data, totalCount } = await this.rpc.call(
      ListApiKeysV1,
      {
        page: query.page,
        limit: query.limit,
        ...(query.userId ? { userId: query.userId } : {}),
        includeRevoked: query.includeRevoked === 'true',
      },
      actor,
    );
    return pageOf(data, query.page, query.limit, totalCount, 'API keys');
  }

  @Delete(':apiKeyId')
  @ApiRoute({
    summary: 'Revoke an API key; token exchange with it fails at once',
    description:
      'Tokens already bought with the key stop working on every gateway within seconds. ' +
      'Revoking a revoked key answers with its original revocation time.',
    permission: 'apiKeys.revoke',
    response: ApiKeyRevoked,
    errors: ['NOT_FOUND'],
  })
  async revoke(
    @Param('apiKeyId', uuidPipe) apiKeyId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ApiKeyRevoked>> {
    return enveloped('API key revoked', await this.rpc.call(RevokeApiKeyV1, { apiKeyId }, actor));
  }
}
