/**
 * The one query every server in the gateway-tax comparison runs: the workspaces of one
 * organization, as the identity service lists them. Shared so the three paths differ only in
 * what carries the request, never in the work at the end of it.
 */
export const WORKSPACES_SQL =
  'SELECT id AS "workspaceId", name, created_at AS "createdAt" FROM identity.workspaces WHERE organization_id = $1 ORDER BY created_at';

export interface WorkspaceRow {
  workspaceId: string;
  name: string;
  createdAt: Date;
}

/** The gateway's list envelope around the rows, so every path sends the same body. */
export function workspacesEnvelope(rows: WorkspaceRow[]): Record<string, unknown> {
  return {
    success: true,
    message: 'Workspaces',
    data: rows,
    page: 1,
    limit: 20,
    totalCount: rows.length,
    totalPages: 1,
  };
}

/** Reports readiness to the parent benchmark on stdout, one JSON line. */
export function announceListening(port: number): void {
  process.stdout.write(`${JSON.stringify({ listening: port, pid: process.pid })}\n`);
}
