import { gauge } from '@docket/platform';
import { DataSource } from 'typeorm';

/** Runs by status, read from the execution read model when Prometheus scrapes. */
export function registerExecutionMetrics(dataSource: DataSource): void {
  gauge(
    'docket_flow_runs',
    'Flow executions by status',
    ['status'] as const,
    async function collect() {
      const rows: Array<{ status: string; count: string }> = await dataSource.query(
        `SELECT status, count(*)::text AS count FROM flows.executions GROUP BY status`,
      );
      this.reset();
      for (const row of rows) this.set({ status: row.status }, Number(row.count));
    },
  );
}
