import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, Length } from 'class-validator';

export class ExchangeTokenRequest {
  @ApiProperty({
    description: 'The API key, exactly as shown once at creation',
    example: 'dkt_...',
  })
  @IsString()
  @Length(1, 200)
  apiKey!: string;
}

export class AccessTokenResponse {
  @ApiProperty({ description: 'Asymmetric-signed JWT (EdDSA), valid for expiresIn seconds' })
  accessToken!: string;

  @ApiProperty({ enum: ['Bearer'] })
  tokenType!: 'Bearer';

  @ApiProperty({ description: 'Lifetime in seconds', example: 900 })
  expiresIn!: number;
}

/** identity.token.exchange.v1 — an API key for a short-lived access token. */
export const ExchangeTokenV1 = defineContract<ExchangeTokenRequest, AccessTokenResponse>(
  'identity.token.exchange.v1',
  ExchangeTokenRequest,
);

export class GetJwksRequest {
  @IsOptional()
  @IsObject()
  hint?: Record<string, never>;
}

export interface PublicJwk {
  kid: string;
  kty: string;
  crv?: string;
  x?: string;
  alg: string;
  use: 'sig';
}

export interface JwksResponse {
  keys: PublicJwk[];
}

/** identity.jwks.get.v1 — the public signing keys, cached by every gateway. */
export const GetJwksV1 = defineContract<GetJwksRequest, JwksResponse>(
  'identity.jwks.get.v1',
  GetJwksRequest,
);

export class ResolveAccessRequest {
  @IsString()
  userId!: string;
}

export interface ResolvedAccess {
  active: boolean;
  projectAccess: 'all' | string[];
}

/** identity.access.resolve.v1 — which projects a user may see now (grants change after login). */
export const ResolveAccessV1 = defineContract<ResolveAccessRequest, ResolvedAccess>(
  'identity.access.resolve.v1',
  ResolveAccessRequest,
);

/** Broadcast (core NATS, no reply) when grants or keys change, so gateways drop cached access. */
export const ACCESS_CHANGED_SUBJECT = 'identity.access.changed.v1';
