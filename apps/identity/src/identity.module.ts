import { SERVICE_TRANSACTIONS_PROVIDER } from '@docket/persistence';
import {
  AesGcmCipher,
  HealthModule,
  loadConfig,
  ReadinessRegistry,
  RpcClientModule,
} from '@docket/platform';
import { Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { ApiKeyService } from './api-keys/api-key.service';
import { AuditEventsHandler } from './audit/audit-events.handler';
import { BootstrapService } from './bootstrap/bootstrap.service';
import { ApiKeyRepository } from './database/api-key.repository';
import { AuditEventsRepository } from './database/audit-events.repository';
import { DirectoryReads } from './database/directory.reads';
import { createIdentityDataSource } from './database/identity-data-source';
import { IdentityProviderRepository } from './database/identity-provider.repository';
import { OrganizationRepository } from './database/organization.repository';
import { SessionRepository } from './database/session.repository';
import { SigningKeyRepository } from './database/signing-key.repository';
import { SsoLoginRepository } from './database/sso-login.repository';
import { UserRepository } from './database/user.repository';
import { WorkspaceRepository } from './database/workspace.repository';
import { AccessEvents } from './directory/access-events';
import { DirectoryHandler } from './directory/directory.handler';
import { DirectoryService } from './directory/directory.service';
import { UserChangesService } from './directory/user-changes.service';
import { IdentityConfig } from './identity.config';
import { IdentityProviderService } from './sso/identity-provider.service';
import { SessionService } from './sso/session.service';
import { SsoHandler } from './sso/sso.handler';
import { SsoService } from './sso/sso.service';
import { SigningKeyService } from './tokens/signing-key.service';
import { TokenHandler } from './tokens/token.handler';
import { TokenService } from './tokens/token.service';

const config = loadConfig(IdentityConfig);

@Module({
  imports: [HealthModule, RpcClientModule.forConfig(config)],
  controllers: [DirectoryHandler, TokenHandler, SsoHandler, AuditEventsHandler],
  providers: [
    { provide: IdentityConfig, useValue: config },
    { provide: DataSource, useFactory: () => createIdentityDataSource(config).initialize() },
    { provide: AesGcmCipher, useValue: AesGcmCipher.fromBase64(config.masterKey) },
    AccessEvents,
    ApiKeyRepository,
    ApiKeyService,
    AuditEventsRepository,
    BootstrapService,
    DirectoryService,
    DirectoryReads,
    IdentityProviderRepository,
    SERVICE_TRANSACTIONS_PROVIDER,
    OrganizationRepository,
    SessionRepository,
    SigningKeyRepository,
    SsoLoginRepository,
    UserChangesService,
    UserRepository,
    WorkspaceRepository,
    IdentityProviderService,
    SessionService,
    SsoService,
    SigningKeyService,
    TokenService,
  ],
  exports: [BootstrapService, IdentityConfig],
})
export class IdentityModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly readiness: ReadinessRegistry,
    private readonly signingKeys: SigningKeyService,
  ) {}

  /** A fresh installation must publish a key before the first exchange, or gateways stay unready. */
  async onModuleInit(): Promise<void> {
    this.readiness.register('postgres', () => this.dataSource.query('SELECT 1'));
    await this.signingKeys.activeKey();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
