import { createHash } from 'node:crypto';

import { DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** JSON with sorted keys, so the same request always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function fingerprintOf(subject: string, request: object): string {
  return createHash('sha256')
    .update(`${subject}\n${canonical(request)}`)
    .digest('hex');
}

/**
 * Exactly-once effects for retried run commands. The key is claimed inside the command's own
 * transaction: a concurrent retry waits on the claim and then finds the stored answer; a failed
 * command rolls its claim back with everything else, so the retry does the work.
 */
@Injectable()
export class CommandLedger {
  constructor(private readonly dataSource: DataSource) {}

  async once<T>(
    organizationId: string,
    idempotencyKey: string,
    subject: string,
    request: object,
    work: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    const fingerprint = fingerprintOf(subject, request);
    return this.dataSource.transaction(async (manager) => {
      const claimed: unknown[] = await manager.query(
        `INSERT INTO items.command_ledger (organization_id, idempotency_key, fingerprint)
         VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
        [organizationId, idempotencyKey, fingerprint],
      );
      if (claimed.length === 0) {
        const [stored]: Array<{ fingerprint: string; response: T }> = await manager.query(
          `SELECT fingerprint, response FROM items.command_ledger
            WHERE organization_id = $1 AND idempotency_key = $2`,
          [organizationId, idempotencyKey],
        );
        if (stored.fingerprint !== fingerprint) {
          throw new DocketException(
            'IDEMPOTENCY_CONFLICT',
            `idempotencyKey ${idempotencyKey} was already used for a different request`,
          );
        }
        return stored.response;
      }
      const response = await work(manager);
      await manager.query(
        `UPDATE items.command_ledger SET response = $3::jsonb
          WHERE organization_id = $1 AND idempotency_key = $2`,
        [organizationId, idempotencyKey, JSON.stringify(response)],
      );
      return response;
    });
  }
}
