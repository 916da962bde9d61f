export interface ProbeContext {
  projectId: string;
  workspaceId: string;
}

/**
 * One request per permission-matrix operation. For a role the matrix allows, the request must
 * get past authorization (any status but 401); for a role it denies, 401 PERMISSION_DENIED.
 */
export interface PermissionProbe {
  operation: string;
  request: (ctx: ProbeContext) => { method: string; url: string; body?: unknown };
}
