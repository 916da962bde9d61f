import {
  AccessTokenResponse,
  ExchangeTokenRequest,
  ExchangeTokenV1,
  GetJwksV1,
  JwksResponse,
} from '@docket/contracts';
import { RpcClient } from '@docket/platform';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { ApiRoute } from '../../openapi/api-route.decorator';

@ApiTags('Authentication')
@Controller()
export class TokenController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('token/authenticate')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Exchange an API key for an access token',
    description:
      'Send the API key only here. The access token is an EdDSA-signed JWT valid for 15 minutes. ' +
      'Rate limited per API-key prefix and client address; failed exchanges are also limited ' +
      'per client address, whatever the key.',
    access: 'token-exchange',
    response: AccessTokenResponse,
    errors: ['UNAUTHENTICATED'],
  })
  exchange(@Body() body: ExchangeTokenRequest): Promise<AccessTokenResponse> {
    return this.rpc.call(ExchangeTokenV1, body, null);
  }

  @Get('.well-known/jwks.json')
  @ApiRoute({ summary: 'Public keys that verify access tokens (JWKS)', access: 'public' })
  jwks(): Promise<JwksResponse> {
    return this.rpc.call(GetJwksV1, {}, null);
  }
}
