import { Module } from '@nestjs/common';

import { AuditEventsController } from './audit-events.controller';

/** The organization's audit trail, gathered from every service that records one. */
@Module({ controllers: [AuditEventsController] })
export class AuditRoutesModule {}
