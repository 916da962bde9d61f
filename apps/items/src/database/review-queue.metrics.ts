import { gauge } from '@docket/platform';
import { DataSource } from 'typeorm';

const STATUSES = ['REVIEW', 'DEFERRED'];

/**
 * Review queue depth, read from the database when Prometheus scrapes, so every replica reports
 * the same truth instead of a count of what it happened to see.
 */
export function registerReviewQueueMetric(dataSource: DataSource): void {
  gauge(
    'docket_review_queue_depth',
    'Items waiting for a reviewer, by status',
    ['status'] as const,
    async function collect() {
      const rows: Array<{ status: string; count: string }> = await dataSource.query(
        `SELECT status, count(*)::text AS count FROM items.items WHERE status = ANY($1) GROUP BY status`,
        [STATUSES],
      );
      for (const status of STATUSES) {
        this.set({ status }, Number(rows.find((r) => r.status === status)?.count ?? 0));
      }
    },
  );
}
