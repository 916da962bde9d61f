import { AuditEventShare, ListAuditEventsRequest, ListItemsAuditEventsV1 } from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { AuditRepository } from '../database/audit.repository';

/** This service's share of `GET /audit-events`: lock takeovers and closed items. */
@Controller()
export class AuditEventsHandler {
  constructor(private readonly audit: AuditRepository) {}

  @RpcHandler(ListItemsAuditEventsV1)
  list(request: ListAuditEventsRequest, call: CallContext): Promise<AuditEventShare> {
    return this.audit.trail({ ...request, organizationId: actorOf(call).organizationId });
  }
}
