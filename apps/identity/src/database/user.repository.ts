import { randomUUID } from 'node:crypto';

import { Role } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';

import { ProjectEntity, ProjectGrantEntity, UserEntity } from './identity.entities';

/** Users of an organization and their project grants. */
@Injectable()
export class UserRepository {
  constructor(private readonly dataSource: DataSource) {}

  find(
    organizationId: string,
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<UserEntity | null> {
    return manager.findOne(UserEntity, { where: { id: userId, organizationId } });
  }

  /** The user's row, locked until the transaction ends: concurrent changes apply one by one. */
  findForUpdate(
    manager: EntityManager,
    organizationId: string,
    userId: string,
  ): Promise<UserEntity | null> {
    return manager.findOne(UserEntity, {
      where: { id: userId, organizationId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** By e-mail, case-insensitively; in one organization, or in any when none is named. */
  findByEmail(
    email: string,
    organizationId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<UserEntity | null> {
    return manager
      .createQueryBuilder(UserEntity, 'u')
      .where('u.organization_id = :organizationId AND lower(u.email) = :email', {
        organizationId,
        email: email.toLowerCase(),
      })
      .getOne();
  }

  async insert(
    manager: EntityManager,
    user: { organizationId: string; email: string; name: string; role: Role },
  ): Promise<UserEntity> {
    const row = manager.create(UserEntity, {
      id: randomUUID(),
      ...user,
      email: user.email.toLowerCase(),
      createdAt: new Date(),
      deactivatedAt: null,
    });
    return manager.save(row);
  }

  list(organizationId: string): Promise<UserEntity[]> {
    return this.dataSource.manager.find(UserEntity, {
      where: { organizationId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  async grantsOf(
    organizationId: string,
    userId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string[]> {
    const grants = await manager.find(ProjectGrantEntity, { where: { userId, organizationId } });
    return grants.map((grant) => grant.projectId);
  }

  /** Every grant of the organization, by user. */
  async grantsByUser(organizationId: string): Promise<Map<string, string[]>> {
    const grants = await this.dataSource.manager.find(ProjectGrantEntity, {
      where: { organizationId },
    });
    const byUser = new Map<string, string[]>();
    for (const grant of grants)
      byUser.set(grant.userId, [...(byUser.get(grant.userId) ?? []), grant.projectId]);
    return byUser;
  }

  /** How many of these projects exist in the organization (a grant may name only those). */
  countProjects(
    manager: EntityManager,
    organizationId: string,
    projectIds: string[],
  ): Promise<number> {
    return manager.count(ProjectEntity, { where: { id: In(projectIds), organizationId } });
  }

  async replaceGrants(
    manager: EntityManager,
    organizationId: string,
    userId: string,
    projectIds: string[],
  ): Promise<void> {
    await manager.delete(ProjectGrantEntity, { userId, organizationId });
    if (projectIds.length === 0) return;
    await manager.insert(
      ProjectGrantEntity,
      projectIds.map((projectId) => ({ userId, projectId, organizationId })),
    );
  }

  async setRole(manager: EntityManager, userId: string, role: Role): Promise<void> {
    await manager.update(UserEntity, { id: userId }, { role });
  }

  async deactivate(manager: EntityManager, userId: string, at: Date): Promise<void> {
    await manager.update(UserEntity, { id: userId }, { deactivatedAt: at });
  }
}
