import {
  ApiKeyCreated,
  ApiKeyPage,
  ApiKeyRecord,
  ApiKeyRevoked,
  ListApiKeysRequest,
} from '@docket/contracts';
import { ServiceTransactions } from '@docket/persistence';
import { Actor, DocketException, generateApiKey, parseApiKey } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { ApiKeyRepository, ListedKeyRow } from '../database/api-key.repository';
import { AuditEventsRepository } from '../database/audit-events.repository';
import { UserEntity } from '../database/identity.entities';
import { UserRepository } from '../database/user.repository';
import { AccessEvents } from '../directory/access-events';

export interface ApiKeyOwner {
  organizationId: string;
  userId: string;
  role: UserEntity['role'];
  /** The key the caller proved itself with; absent for a single sign-on session. */
  apiKeyId?: string;
  /** The sign-on session a browser's token was refreshed from; absent for API keys. */
  sessionId?: string;
}

@Injectable()
export class ApiKeyService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly users: UserRepository,
    private readonly audit: AuditEventsRepository,
    private readonly transactions: ServiceTransactions,
    private readonly events: AccessEvents,
  ) {}

  /** Null for malformed, unknown or revoked keys; malformed ones never reach the database. */
  async authenticate(candidate: string): Promise<ApiKeyOwner | null> {
    const parsed = parseApiKey(candidate);
    if (!parsed) return null;
    const row = await this.keys.use(parsed.hash);
    return row
      ? {
          organizationId: row.organization_id,
          userId: row.user_id,
          role: row.role,
          apiKeyId: row.id,
        }
      : null;
  }

  async create(
    actor: Actor,
    name: string | undefined,
    userId: string | undefined,
  ): Promise<ApiKeyCreated> {
    const ownerId = userId ?? actor.userId;
    if (ownerId !== actor.userId && actor.role !== 'Admin') {
      throw DocketException.denied('Only an Admin may create API keys for other users');
    }
    return this.transactions.run(async (manager) => {
      const created = await this.insertKey(manager, actor.organizationId, ownerId, name);
      await this.audit.record(manager, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'api-key.created',
        resourceType: 'api-key',
        resourceId: created.apiKeyId,
        details: { name: created.name, prefix: created.prefix, ownerId },
      });
      return created;
    });
  }

  async insertKey(
    manager: EntityManager,
    organizationId: string,
    userId: string,
    name = 'default',
  ): Promise<ApiKeyCreated> {
    const user = await this.users.find(organizationId, userId, manager);
    if (!user) throw DocketException.notFound('User');
    if (user.deactivatedAt)
      throw DocketException.conflict('This user is deactivated; a key for them would not work');
    const { key, parsed } = generateApiKey();
    const row = await this.keys.insert(manager, {
      organizationId,
      userId,
      name,
      prefix: parsed.prefix,
      keyHash: parsed.hash,
    });
    return {
      apiKeyId: row.id,
      apiKey: key,
      prefix: parsed.prefix,
      userId,
      name,
      createdAt: new Date().toISOString(),
    };
  }

  /** An Admin sees every key of the organization; anyone else only their own. */
  async list(actor: Actor, request: ListApiKeysRequest): Promise<ApiKeyPage> {
    if (request.userId && request.userId !== actor.userId && actor.role !== 'Admin')
      throw DocketException.denied("Only an Admin may list other users' keys");
    const listing = {
      organizationId: actor.organizationId,
      page: request.page,
      limit: request.limit,
      userId: actor.role === 'Admin' ? request.userId : actor.userId,
      includeRevoked: request.includeRevoked === true,
    };
    const rows = await this.keys.list(listing);
    return {
      data: rows.map(toRecord),
      // The window count rides on each row; a page past the end needs its own count.
      totalCount: rows.length > 0 ? Number(rows[0].total) : await this.keys.count(listing),
    };
  }

  async revoke(actor: Actor, apiKeyId: string): Promise<ApiKeyRevoked> {
    const revoked = await this.transactions.run(async (manager) => {
      const key = await this.keys.find(manager, actor.organizationId, apiKeyId);
      // Another user's key is invisible to a non-Admin, exactly like another organization's.
      if (!key || (key.userId !== actor.userId && actor.role !== 'Admin'))
        throw DocketException.notFound('API key');
      if (key.revokedAt) return { key, revokedAt: key.revokedAt };
      const revokedAt = new Date();
      await this.keys.revoke(manager, key.id, revokedAt);
      await this.audit.record(manager, {
        organizationId: actor.organizationId,
        actorId: actor.userId,
        action: 'api-key.revoked',
        resourceType: 'api-key',
        resourceId: key.id,
        details: { name: key.name, prefix: key.prefix, ownerId: key.userId },
      });
      return { key, revokedAt };
    });
    this.events.accessChanged(revoked.key.userId);
    return { apiKeyId: revoked.key.id, revokedAt: revoked.revokedAt.toISOString() };
  }
}

function toRecord(row: ListedKeyRow): ApiKeyRecord {
  return {
    apiKeyId: row.id,
    name: row.name,
    prefix: row.prefix,
    userId: row.userId,
    ownerEmail: row.ownerEmail,
    ownerName: row.ownerName,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
    revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
  };
}
