export const ROLES = ['Admin', 'Partner', 'Reviewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is calling, as the gateway established it from the token. It travels with every service
 * call, so each service scopes its queries to the organization and the projects the caller
 * may see: `all` for Admins, otherwise the projects granted to the user.
 */
export interface Actor {
  organizationId: string;
  userId: string;
  role: Role;
  projectAccess: 'all' | string[];
}

export function canAccessProject(actor: Actor, projectId: string): boolean {
  return actor.projectAccess === 'all' || actor.projectAccess.includes(projectId);
}
