import matrix from '@docket/permission-matrix';

/** An operation of the permission matrix (the one the gateway's guard enforces). */
export type Operation = Exclude<keyof typeof matrix, '$comment'>;
export type Role = 'Admin' | 'Partner' | 'Reviewer';

/**
 * Whether the API lets this role do the operation. The console reads the gateway's own matrix,
 * so it never shows a control the API would refuse, and never hides one it allows.
 */
export function can(role: string, operation: Operation): boolean {
  return (matrix[operation] as string[]).includes(role);
}
