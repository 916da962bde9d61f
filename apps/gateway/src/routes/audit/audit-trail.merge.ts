import { AuditEventRecord, AuditEventShare } from '@docket/contracts';

/** Newest first; events of one instant in a fixed order, so pages never overlap. */
function newestFirst(a: AuditEventRecord, b: AuditEventRecord): number {
  if (a.occurredAt !== b.occurredAt) return a.occurredAt < b.occurredAt ? 1 : -1;
  return a.eventId < b.eventId ? 1 : a.eventId > b.eventId ? -1 : 0;
}

/**
 * One page of the organization's trail from every service's share. Each share holds that
 * service's newest `page * limit` events matching, so the merged page is exact: any event on it
 * is among its own service's newest `page * limit`.
 */
export function mergeAuditShares(
  shares: AuditEventShare[],
  page: number,
  limit: number,
): { data: AuditEventRecord[]; totalCount: number } {
  const merged = shares.flatMap((share) => share.data).sort(newestFirst);
  return {
    data: merged.slice((page - 1) * limit, page * limit),
    totalCount: shares.reduce((sum, share) => sum + share.totalCount, 0),
  };
}
