import {
  ApiKeyCreated,
  ApiKeyRevoked,
  CreateApiKeyRequest,
  CreateApiKeyV1,
  RevokeApiKeyV1,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, RpcClient } from '@docket/platform';
import { Body, Controller, Delete, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

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

  @Delete(':apiKeyId')
  @ApiRoute({
    summary: 'Revoke an API key; token exchange with it fails at once',
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
