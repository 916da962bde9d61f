import { defineContract } from '@docket/platform';

import { AuditEventShare, ListAuditEventsRequest } from '../../common/audit-event';

/** flows.audit-events.list.v1 — the flows service's share of the organization's audit trail. */
export const ListFlowsAuditEventsV1 = defineContract<ListAuditEventsRequest, AuditEventShare>(
  'flows.audit-events.list.v1',
  ListAuditEventsRequest,
);
