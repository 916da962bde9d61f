import { defineContract } from '@docket/platform';

import { AuditEventShare, ListAuditEventsRequest } from '../../common/audit-event';

/** items.audit-events.list.v1 — the items service's share of the organization's audit trail. */
export const ListItemsAuditEventsV1 = defineContract<ListAuditEventsRequest, AuditEventShare>(
  'items.audit-events.list.v1',
  ListAuditEventsRequest,
);
