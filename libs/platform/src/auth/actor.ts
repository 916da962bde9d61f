import { DocketException } from '../errors/docket.exception';

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

/**
 * The project grant rule, said once for the gateway guard and every service: a project of the
 * caller's organization that they hold no grant for is PERMISSION_DENIED (a project of another
 * organization never gets this far: it is NOT_FOUND). `what` names the project in the message
 * when the caller named something else ("the project of this item").
 */
export function assertProjectAccess(actor: Actor, projectId: string, what = 'this project'): void {
  if (!canAccessProject(actor, projectId)) throw projectAccessDenied(what);
}

/** The refusal itself, for a caller that first proves the project exists (else NOT_FOUND). */
export function projectAccessDenied(what = 'this project'): DocketException {
  return DocketException.denied(`You have no access to ${what}`);
}
