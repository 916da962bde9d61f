import { Actor } from '@docket/platform';

/** The nil-like UUID that marks work done by the system for an organization (no user). */
export const SYSTEM_USER_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The worker acts for an organization when a run needs to read its files or items. It is
 * scoped to that organization, like any caller, so it can never reach another one's data.
 */
export function systemActor(organizationId: string): Actor {
  return { organizationId, userId: SYSTEM_USER_ID, role: 'Admin', projectAccess: 'all' };
}
