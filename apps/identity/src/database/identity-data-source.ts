import { createServiceDataSource } from '@docket/persistence';
import { DataSource } from 'typeorm';

import { IdentityConfig } from '../identity.config';
import { IDENTITY_ENTITIES } from './identity.entities';
import { IdentityInitial1763700000000 } from './migrations/1763700000000-identity-initial';
import { IdentitySso1764000000000 } from './migrations/1764000000000-identity-sso';
import { IdentitySessionLogout1764900000000 } from './migrations/1764900000000-identity-session-logout';
import { IdentityAuditAndDeactivation1765000000000 } from './migrations/1765000000000-identity-audit-and-deactivation';

export const IDENTITY_MIGRATIONS = [
  IdentityInitial1763700000000,
  IdentitySso1764000000000,
  IdentitySessionLogout1764900000000,
  IdentityAuditAndDeactivation1765000000000,
];

export function createIdentityDataSource(config: IdentityConfig): DataSource {
  return createServiceDataSource({
    url: config.databaseUrl,
    schema: 'identity',
    entities: IDENTITY_ENTITIES,
    migrations: IDENTITY_MIGRATIONS,
    poolSize: config.databasePoolSize,
    applicationName: 'docket-identity',
  });
}
