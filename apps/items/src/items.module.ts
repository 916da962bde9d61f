import { DirectoryAccess } from '@docket/contracts';
import { SERVICE_TRANSACTIONS_PROVIDER } from '@docket/persistence';
import { HealthModule, loadConfig, ReadinessRegistry, RpcClientModule } from '@docket/platform';
import { Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { DirectoryClient } from './access/directory.client';
import { AuditEventsHandler } from './audit/audit-events.handler';
import { AuditRepository } from './database/audit.repository';
import { CommandLedger } from './database/command-ledger.repository';
import { FieldRepository } from './database/field.repository';
import { ItemRepository } from './database/item.repository';
import { ItemQueryRepository } from './database/item-query.repository';
import { createItemsDataSource } from './database/items-data-source';
import { LockRepository } from './database/lock.repository';
import { ReviewRepository } from './database/review.repository';
import { registerReviewQueueMetric } from './database/review-queue.metrics';
import { SignalOutboxRepository } from './database/signal-outbox.repository';
import { ItemsConfig } from './items.config';
import { ItemQueryHandler } from './queries/item-query.handler';
import { ItemQueryService } from './queries/item-query.service';
import { DeferralSweeper } from './review/deferral.sweeper';
import { LockService } from './review/lock.service';
import { ReviewHandler } from './review/review.handler';
import { ReviewService } from './review/review.service';
import { RunItemHandler } from './runs/run-item.handler';
import { RunItemService } from './runs/run-item.service';
import { RunSignalSender } from './temporal/run-signal.sender';
import { SignalOutboxDispatcher } from './temporal/signal-outbox.dispatcher';

const config = loadConfig(ItemsConfig);

@Module({
  imports: [HealthModule, RpcClientModule.forConfig(config)],
  controllers: [ItemQueryHandler, ReviewHandler, RunItemHandler, AuditEventsHandler],
  providers: [
    { provide: ItemsConfig, useValue: config },
    { provide: DataSource, useFactory: () => createItemsDataSource(config).initialize() },
    AuditRepository,
    CommandLedger,
    DeferralSweeper,
    DirectoryAccess,
    DirectoryClient,
    FieldRepository,
    ItemQueryService,
    ItemQueryRepository,
    ItemRepository,
    SERVICE_TRANSACTIONS_PROVIDER,
    LockRepository,
    LockService,
    ReviewRepository,
    ReviewService,
    RunItemService,
    RunSignalSender,
    SignalOutboxDispatcher,
    SignalOutboxRepository,
  ],
})
export class ItemsModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.readiness.register('postgres', () => this.dataSource.query('SELECT 1'));
    registerReviewQueueMetric(this.dataSource);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
