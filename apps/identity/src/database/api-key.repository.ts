import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';

import { ApiKeyEntity, UserEntity } from './identity.entities';

/** A key's owner as the token exchange needs it. */
export interface KeyOwnerRow {
  id: string;
  organization_id: string;
  user_id: string;
  role: UserEntity['role'];
}

/** A key as listed: its row and its owner's name and e-mail; never the hash. */
export interface ListedKeyRow {
  id: string;
  name: string;
  prefix: string;
  userId: string;
  ownerEmail: string;
  ownerName: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  total: string;
}

export interface KeyListing {
  organizationId: string;
  page: number;
  limit: number;
  userId?: string;
  includeRevoked: boolean;
}

/** API keys: stored as a prefix and a hash, never the key. */
@Injectable()
export class ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Marks the key used and names its owner; null for unknown, revoked or deactivated. */
  async use(keyHash: string): Promise<KeyOwnerRow | null> {
    // TypeORM returns [rows, affectedCount] for an UPDATE ... RETURNING on PostgreSQL.
    const [rows]: [KeyOwnerRow[], number] = await this.dataSource.query(
      `UPDATE identity.api_keys k SET last_used_at = now()
           FROM identity.users u
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.id = k.user_id
            AND u.deactivated_at IS NULL
        RETURNING k.id, k.organization_id, k.user_id, u.role`,
      [keyHash],
    );
    return rows[0] ?? null;
  }

  async insert(
    manager: EntityManager,
    key: { organizationId: string; userId: string; name: string; prefix: string; keyHash: string },
  ): Promise<ApiKeyEntity> {
    const row = manager.create(ApiKeyEntity, {
      id: randomUUID(),
      ...key,
      revokedAt: null,
      lastUsedAt: null,
    });
    await manager.insert(ApiKeyEntity, row);
    return row;
  }

  find(
    manager: EntityManager,
    organizationId: string,
    apiKeyId: string,
  ): Promise<ApiKeyEntity | null> {
    return manager.findOne(ApiKeyEntity, {
      where: { id: apiKeyId, organizationId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async revoke(manager: EntityManager, apiKeyId: string, at: Date): Promise<void> {
    await manager.update(ApiKeyEntity, { id: apiKeyId }, { revokedAt: at });
  }

  /** Revokes every live key of the user; returns the ids revoked. */
  async revokeAllOf(manager: EntityManager, userId: string): Promise<string[]> {
    const [rows]: [Array<{ id: string }>, number] = await manager.query(
      `UPDATE identity.api_keys SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL RETURNING id`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  /** Whether the key still stands for this user: present and not revoked. */
  stands(organizationId: string, userId: string, apiKeyId: string): Promise<boolean> {
    return this.dataSource.manager.exists(ApiKeyEntity, {
      where: { id: apiKeyId, organizationId, userId, revokedAt: IsNull() },
    });
  }

  /** One page of the organization's keys, newest first, with the owner of each. */
  list(listing: KeyListing): Promise<ListedKeyRow[]> {
    const values: unknown[] = [listing.organizationId];
    const conditions = ['k.organization_id = $1'];
    if (listing.userId) {
      values.push(listing.userId);
      conditions.push(`k.user_id = $${values.length}`);
    }
    if (!listing.includeRevoked) conditions.push('k.revoked_at IS NULL');
    values.push(listing.limit, (listing.page - 1) * listing.limit);
    return this.dataSource.query(
      `SELECT k.id, k.name, k.prefix, k.user_id AS "userId", u.email AS "ownerEmail",
              u.name AS "ownerName", k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt",
              k.revoked_at AS "revokedAt", count(*) OVER () AS total
         FROM identity.api_keys k JOIN identity.users u ON u.id = k.user_id
        WHERE ${conditions.join(' AND ')}
        ORDER BY k.created_at DESC, k.id DESC
        LIMIT $${values.length - 1} OFFSET $${values.length}`,
      values,
    );
  }

  /** How many keys match when a page past the end came back empty. */
  async count(listing: KeyListing): Promise<number> {
    return this.dataSource.manager.count(ApiKeyEntity, {
      where: {
        organizationId: listing.organizationId,
        ...(listing.userId ? { userId: listing.userId } : {}),
        ...(listing.includeRevoked ? {} : { revokedAt: IsNull() }),
      },
    });
  }
}
