import { Module } from '@nestjs/common';

import { ApiKeysController } from './api-keys.controller';
import { DirectoryController } from './directory.controller';
import { TokenController } from './token.controller';

/** Token exchange, JWKS and the organization directory (identity service). */
@Module({ controllers: [TokenController, DirectoryController, ApiKeysController] })
export class IdentityRoutesModule {}
