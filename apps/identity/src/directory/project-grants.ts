import { DocketException, Role } from '@docket/platform';
import { EntityManager } from 'typeorm';

import { UserRepository } from '../database/user.repository';

/**
 * A user's grants become exactly these projects (each must be the organization's), or none for
 * an Admin, who sees every project. Returns the grants as stored.
 */
export async function replaceProjectGrants(
  users: UserRepository,
  manager: EntityManager,
  grant: { organizationId: string; userId: string; role: Role; projectIds: string[] },
): Promise<string[]> {
  const { organizationId, userId } = grant;
  const projectIds = grant.role === 'Admin' ? [] : [...new Set(grant.projectIds)];
  if (projectIds.length > 0) {
    const found = await users.countProjects(manager, organizationId, projectIds);
    if (found !== projectIds.length) throw DocketException.notFound('Project');
  }
  await users.replaceGrants(manager, organizationId, userId, projectIds);
  return projectIds;
}
