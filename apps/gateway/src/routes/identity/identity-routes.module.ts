import { Module } from '@nestjs/common';

import { SessionCookie } from '../auth/session-cookie';
import { SsoController } from '../auth/sso.controller';
import { ApiKeysController } from './api-keys.controller';
import { DirectoryController } from './directory.controller';
import { IdentityProvidersController } from './identity-providers.controller';
import { TokenController } from './token.controller';

/** Token exchange, JWKS, single sign-on and the organization directory (identity service). */
@Module({
  controllers: [
    TokenController,
    DirectoryController,
    ApiKeysController,
    IdentityProvidersController,
    SsoController,
  ],
  providers: [SessionCookie.provider],
})
export class IdentityRoutesModule {}
