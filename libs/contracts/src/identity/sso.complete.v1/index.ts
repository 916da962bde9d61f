import { defineContract } from '@docket/platform';
import { IsString, Length } from 'class-validator';

export class CompleteSsoRequest {
  /** The callback's query string as received (state, code or error), without the `?`. */
  @IsString()
  @Length(1, 8000)
  query!: string;
}

export class SsoSessionStarted {
  /** Opaque refresh token for the httpOnly cookie; only its hash is stored. */
  refreshToken!: string;
  refreshExpiresIn!: number;
  returnTo!: string;
}

export const CompleteSsoV1 = defineContract<CompleteSsoRequest, SsoSessionStarted>(
  'identity.sso.complete.v1',
  CompleteSsoRequest,
);
