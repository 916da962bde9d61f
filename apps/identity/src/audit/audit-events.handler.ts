import {
  AuditEventShare,
  ListAuditEventsRequest,
  ListIdentityAuditEventsV1,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { AuditEventsRepository } from '../database/audit-events.repository';

/** This service's share of `GET /audit-events` (Admin only, by the gateway's permission). */
@Controller()
export class AuditEventsHandler {
  constructor(private readonly audit: AuditEventsRepository) {}

  @RpcHandler(ListIdentityAuditEventsV1)
  list(request: ListAuditEventsRequest, call: CallContext): Promise<AuditEventShare> {
    return this.audit.list({ ...request, organizationId: actorOf(call).organizationId });
  }
}
