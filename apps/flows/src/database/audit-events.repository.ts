import { AuditAction, AuditResourceType } from '@docket/contracts';
import { AuditTrail } from '@docket/persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The flows service's audit events (table flows.audit_events), written in each change's transaction. */
@Injectable()
export class AuditEventsRepository extends AuditTrail<AuditAction, AuditResourceType> {
  constructor(dataSource: DataSource) {
    super('flows', dataSource);
  }
}
