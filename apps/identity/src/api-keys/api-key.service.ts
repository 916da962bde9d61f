import { randomUUID } from 'node:crypto';

import { ApiKeyCreated, ApiKeyRevoked } from '@docket/contracts';
import { Actor, DocketException, generateApiKey, parseApiKey } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { ApiKeyEntity, UserEntity } from '../database/identity.entities';
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
    private readonly dataSource: DataSource,
    private readonly events: AccessEvents,
  ) {}

  /** Null for malformed, unknown or revoked keys; malformed ones never reach the database. */
  async authenticate(candidate: string): Promise<ApiKeyOwner | null> {
    const parsed = parseApiKey(candidate);
    if (!parsed) return null;
    // TypeORM returns [rows, affectedCount] for an UPDATE ... RETURNING on PostgreSQL.
    const [rows]: [
      Array<{ id: string; organization_id: string; user_id: string; role: UserEntity['role'] }>,
      number,
    ] = await this.dataSource.query(
      `UPDATE identity.api_keys k SET last_used_at = now()
           FROM identity.users u
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.id = k.user_id
        RETURNING k.id, k.organization_id, k.user_id, u.role`,
      [parsed.hash],
    );
    const row = rows[0];
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
    return this.dataSource.transaction((manager) =>
      this.insertKey(manager, actor.organizationId, ownerId, name),
    );
  }

  async insertKey(
    manager: EntityManager,
    organizationId: string,
    userId: string,
    name = 'default',
  ): Promise<ApiKeyCreated> {
    const user = await manager.findOne(UserEntity, { where: { id: userId, organizationId } });
    if (!user) throw DocketException.notFound('User');
    const { key, parsed } = generateApiKey();
    const row = manager.create(ApiKeyEntity, {
      id: randomUUID(),
      organizationId,
      userId,
      name,
      prefix: parsed.prefix,
      keyHash: parsed.hash,
      revokedAt: null,
      lastUsedAt: null,
    });
    await manager.insert(ApiKeyEntity, row);
    return {
      apiKeyId: row.id,
      apiKey: key,
      prefix: parsed.prefix,
      userId,
      name,
      createdAt: new Date().toISOString(),
    };
  }

  async revoke(actor: Actor, apiKeyId: string): Promise<ApiKeyRevoked> {
    const repository = this.dataSource.getRepository(ApiKeyEntity);
    const key = await repository.findOne({
      where: { id: apiKeyId, organizationId: actor.organizationId },
    });
    // Another user's key is invisible to a non-Admin, exactly like another organization's.
    if (!key || (key.userId !== actor.userId && actor.role !== 'Admin'))
      throw DocketException.notFound('API key');
    const revokedAt = key.revokedAt ?? new Date();
    if (!key.revokedAt) await repository.update({ id: key.id }, { revokedAt });
    this.events.accessChanged(key.userId);
    return { apiKeyId: key.id, revokedAt: revokedAt.toISOString() };
  }
}
