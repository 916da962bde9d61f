import { DatabaseConfig, DEVELOPMENT_MASTER_KEY, Env } from '@docket/platform';
import { IsInt, IsString, Min } from 'class-validator';

export class IdentityConfig extends DatabaseConfig {
  @Env('JWT_ISSUER', 'iss claim of access tokens')
  @IsString()
  jwtIssuer = 'https://docket.local/identity';

  @Env('JWT_AUDIENCE', 'aud claim of access tokens; the gateway accepts only this audience')
  @IsString()
  jwtAudience = 'docket-api';

  @Env('ACCESS_TOKEN_TTL_SECONDS', 'Access token lifetime (the design fixes 15 minutes)')
  @IsInt()
  @Min(60)
  accessTokenTtlSeconds = 900;

  @Env('DOCKET_MASTER_KEY', 'Base64 32-byte key that wraps signing and variable keys', {
    secret: true,
  })
  @IsString()
  masterKey = DEVELOPMENT_MASTER_KEY;

  @Env(
    'PUBLIC_BASE_URL',
    'Public gateway URL; single sign-on callbacks go to its /auth/sso/callback',
  )
  @IsString()
  publicBaseUrl = 'http://localhost:3000';

  @Env('SSO_SESSION_TTL_SECONDS', 'How long a single sign-on session lasts before signing in again')
  @IsInt()
  @Min(60)
  sessionTtlSeconds = 12 * 3600;

  @Env('SSO_LOGIN_TTL_SECONDS', 'How long a started sign-in may take at the identity provider')
  @IsInt()
  @Min(30)
  ssoLoginTtlSeconds = 600;
}
