import { UpdateUserRequest, UserRecord } from '@docket/contracts';
import { ServiceTransactions } from '@docket/persistence';
import { Actor, DocketException, Role } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { ApiKeyRepository } from '../database/api-key.repository';
import { AuditEventsRepository } from '../database/audit-events.repository';
import { UserEntity } from '../database/identity.entities';
import { SessionRepository } from '../database/session.repository';
import { UserRepository } from '../database/user.repository';
import { AccessEvents } from './access-events';
import { replaceProjectGrants } from './project-grants';
import { toUserRecord } from './user-record';

/**
 * What an Admin changes about a person: role and project grants, and deactivation when they
 * leave. Each change commits with its audit event, then every gateway forgets what it cached
 * about the person, so the change holds on their very next request.
 */
@Injectable()
export class UserChangesService {
  constructor(
    private readonly users: UserRepository,
    private readonly keys: ApiKeyRepository,
    private readonly sessions: SessionRepository,
    private readonly audit: AuditEventsRepository,
    private readonly transactions: ServiceTransactions,
    private readonly events: AccessEvents,
  ) {}

  async update(actor: Actor, request: UpdateUserRequest): Promise<UserRecord> {
    if (request.role === undefined && request.projectIds === undefined)
      throw DocketException.invalid('Give a new role, new projectIds, or both');
    const record = await this.transactions.run(async (manager) => {
      const user = await this.changeable(manager, actor, request.userId);
      if (request.role !== undefined && request.role !== user.role && user.id === actor.userId)
        throw DocketException.conflict('You cannot change your own role; ask another Admin');
      const before = {
        role: user.role,
        projectIds: await this.users.grantsOf(actor.organizationId, user.id, manager),
      };
      const role = (request.role as Role | undefined) ?? user.role;
      if (role !== user.role) await this.users.setRole(manager, user.id, role);
      const projectIds = await replaceProjectGrants(this.users, manager, {
        organizationId: actor.organizationId,
        userId: user.id,
        role,
        projectIds: request.projectIds ?? before.projectIds,
      });
      await this.audit.record(manager, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'user.changed',
        resourceType: 'user',
        resourceId: user.id,
        details: { email: user.email, before, after: { role, projectIds } },
      });
      return toUserRecord({ ...user, role }, projectIds);
    });
    this.events.accessChanged(record.userId);
    return record;
  }

  /**
   * Someone who left: their keys are revoked and their sessions end in the same transaction
   * as the deactivation, and single sign-on refuses them from then on. Deactivating again
   * changes nothing.
   */
  async deactivate(actor: Actor, userId: string): Promise<UserRecord> {
    if (userId === actor.userId)
      throw DocketException.conflict('You cannot deactivate yourself; ask another Admin');
    const record = await this.transactions.run(async (manager) => {
      const user = await this.users.findForUpdate(manager, actor.organizationId, userId);
      if (!user) throw DocketException.notFound('User');
      const projectIds = await this.users.grantsOf(actor.organizationId, user.id, manager);
      if (user.deactivatedAt) return toUserRecord(user, projectIds);
      const at = new Date();
      await this.users.deactivate(manager, user.id, at);
      const revokedKeys = await this.keys.revokeAllOf(manager, user.id);
      const endedSessions = await this.sessions.revokeAllOf(manager, user.id);
      await this.audit.record(manager, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'user.deactivated',
        resourceType: 'user',
        resourceId: user.id,
        details: { email: user.email, revokedApiKeyIds: revokedKeys, endedSessions },
      });
      return toUserRecord({ ...user, deactivatedAt: at }, projectIds);
    });
    this.events.accessChanged(record.userId);
    return record;
  }

  private async changeable(
    manager: EntityManager,
    actor: Actor,
    userId: string,
  ): Promise<UserEntity> {
    const user = await this.users.findForUpdate(manager, actor.organizationId, userId);
    if (!user) throw DocketException.notFound('User');
    if (user.deactivatedAt)
      throw DocketException.conflict('This user is deactivated; their access cannot change');
    return user;
  }
}
