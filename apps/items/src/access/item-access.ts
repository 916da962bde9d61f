import { Actor, assertProjectAccess, DocketException } from '@docket/platform';

/**
 * Services check the projects they derive (docs/development.md): an item of the caller's
 * organization in a project the caller has no grant for is PERMISSION_DENIED. Items of other
 * organizations never get this far; they are NOT_FOUND.
 */
export function assertItemProjectAccess(actor: Actor, item: { project_id: string }): void {
  assertProjectAccess(actor, item.project_id, 'the project of this item');
}

/** The item must be where the caller says it is; a mismatch reveals nothing (NOT_FOUND). */
export function assertInProject(item: { project_id: string }, projectId: string | undefined): void {
  if (projectId !== undefined && item.project_id !== projectId) {
    throw DocketException.notFound('Item');
  }
}
