import {
  AccessTokenResponse,
  ApiKeyCreated,
  ApiKeyPage,
  ApiKeyRevoked,
  CreateApiKeyRequest,
  CreateApiKeyV1,
  ExchangeTokenRequest,
  ExchangeTokenV1,
  GetJwksV1,
  JwksResponse,
  ListApiKeysRequest,
  ListApiKeysV1,
  RevokeApiKeyRequest,
  RevokeApiKeyV1,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { ApiKeyService } from '../api-keys/api-key.service';
import { SigningKeyService } from './signing-key.service';
import { TokenService } from './token.service';

@Controller()
export class TokenHandler {
  constructor(
    private readonly tokens: TokenService,
    private readonly signingKeys: SigningKeyService,
    private readonly apiKeys: ApiKeyService,
  ) {}

  @RpcHandler(ExchangeTokenV1)
  exchange(request: ExchangeTokenRequest): Promise<AccessTokenResponse> {
    return this.tokens.exchange(request.apiKey);
  }

  @RpcHandler(GetJwksV1)
  async jwks(): Promise<JwksResponse> {
    return { keys: await this.signingKeys.publicKeys() };
  }

  @RpcHandler(CreateApiKeyV1)
  createApiKey(request: CreateApiKeyRequest, call: CallContext): Promise<ApiKeyCreated> {
    return this.apiKeys.create(actorOf(call), request.name, request.userId);
  }

  @RpcHandler(ListApiKeysV1)
  listApiKeys(request: ListApiKeysRequest, call: CallContext): Promise<ApiKeyPage> {
    return this.apiKeys.list(actorOf(call), request);
  }

  @RpcHandler(RevokeApiKeyV1)
  revokeApiKey(request: RevokeApiKeyRequest, call: CallContext): Promise<ApiKeyRevoked> {
    return this.apiKeys.revoke(actorOf(call), request.apiKeyId);
  }
}
