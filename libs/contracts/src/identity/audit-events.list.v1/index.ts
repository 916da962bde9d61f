import { defineContract } from '@docket/platform';

import { AuditEventShare, ListAuditEventsRequest } from '../../common/audit-event';

/** identity.audit-events.list.v1 — the identity service's share of the organization's audit trail. */
export const ListIdentityAuditEventsV1 = defineContract<ListAuditEventsRequest, AuditEventShare>(
  'identity.audit-events.list.v1',
  ListAuditEventsRequest,
);
