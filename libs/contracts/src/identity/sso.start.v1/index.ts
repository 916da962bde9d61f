import { defineContract } from '@docket/platform';
import { IsBoolean, IsEmail, IsOptional, IsString, Length, Matches } from 'class-validator';

/** Paths the console may return to: same origin, relative, no scheme-relative `//host`. */
export const RETURN_TO_PATTERN = /^\/(?![/\\])[\x21-\x7e]*$/;

export class StartSsoRequest {
  @IsEmail()
  @Length(3, 254)
  email!: string;

  @IsString()
  @Length(1, 2000)
  @Matches(RETURN_TO_PATTERN)
  returnTo!: string;

  /** Ask the provider for the password again (`prompt=login`), whoever is signed in there. */
  @IsOptional()
  @IsBoolean()
  reauthenticate?: boolean;
}

export class SsoRedirect {
  /** The identity provider's authorization endpoint with the request's parameters. */
  authorizationUrl!: string;
}

export const StartSsoV1 = defineContract<StartSsoRequest, SsoRedirect>(
  'identity.sso.start.v1',
  StartSsoRequest,
);
