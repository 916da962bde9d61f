import { defineContract } from '@docket/platform';
import { IsObject, IsOptional } from 'class-validator';

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
