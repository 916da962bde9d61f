import { UserRecord } from '@docket/contracts';

import { UserEntity } from '../database/identity.entities';

export function toUserRecord(row: UserEntity, projectIds: string[]): UserRecord {
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    projectIds,
    createdAt: row.createdAt.toISOString(),
    active: row.deactivatedAt === null,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  };
}
