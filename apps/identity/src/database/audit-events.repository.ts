import { AuditAction, AuditResourceType } from '@docket/contracts';
import { AuditTrail } from '@docket/persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The identity service's audit events (table identity.audit_events), written in each change's transaction. */
@Injectable()
export class AuditEventsRepository extends AuditTrail<AuditAction, AuditResourceType> {
  constructor(dataSource: DataSource) {
    super('identity', dataSource);
  }
}
