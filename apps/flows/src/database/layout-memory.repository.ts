import { randomUUID } from 'node:crypto';

import type { LayoutMemoryRecord } from '@docket/contracts';
import type { LayoutMemory } from '@docket/document-intelligence';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** Layouts a project remembers; the least recently taught is forgotten beyond this. */
export const MAX_LAYOUT_MEMORIES_PER_PROJECT = 200;

interface MemoryRow {
  id: string;
  fingerprint: string[];
  fields: LayoutMemory['fields'];
  tables: NonNullable<LayoutMemory['tables']>;
  empty_fields: string[];
  version: number;
}

/** The project's layout memories in PostgreSQL, scoped to one organization on every query. */
@Injectable()
export class LayoutMemoryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** What the engine needs of each memory (fingerprint, fields, version), newest first. */
  async list(organizationId: string, projectId: string): Promise<LayoutMemoryRecord[]> {
    const memories = await this.summaries(organizationId, projectId);
    return memories.map(({ fingerprint, fields, tables, emptyFields, version }) => ({
      fingerprint,
      fields,
      tables,
      ...(emptyFields && emptyFields.length > 0 ? { emptyFields } : {}),
      version,
    }));
  }

  /** The project's memories with their ids and when each last learned, for an Admin to see. */
  async summaries(
    organizationId: string,
    projectId: string,
  ): Promise<Array<LayoutMemoryRecord & { id: string; updatedAt: Date }>> {
    const rows: Array<MemoryRow & { updated_at: Date }> = await this.dataSource.query(
      `SELECT id, fingerprint, fields, tables, empty_fields, version, updated_at
         FROM flows.layout_memories
        WHERE organization_id = $1 AND project_id = $2 ORDER BY updated_at DESC`,
      [organizationId, projectId],
    );
    return rows.map(({ id, fingerprint, fields, tables, empty_fields, version, updated_at }) => ({
      id,
      fingerprint,
      fields: [...fields],
      tables: [...tables],
      emptyFields: [...empty_fields],
      version,
      updatedAt: updated_at,
    }));
  }

  /**
   * Forgets every layout of the project. The review keys stay: a retried review step must not
   * teach again what an Admin chose to forget.
   */
  async forget(organizationId: string, projectId: string): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM flows.layout_memories WHERE organization_id = $1 AND project_id = $2`,
      [organizationId, projectId],
    );
    return deleted;
  }

  /**
   * Runs `learn` on the project's memories inside one transaction that also records the key:
   * a key already recorded means this review was learned, and nothing happens. The project's
   * rows are locked, so two reviews of one layout merge rather than overwrite each other.
   */
  async learnOnce(
    organizationId: string,
    projectId: string,
    idempotencyKey: string,
    learn: (
      memories: Array<LayoutMemory & { id: string; version: number }>,
    ) => { id: string | null; memory: LayoutMemory } | null,
  ): Promise<{ applied: boolean; fields: number; version: number }> {
    return this.dataSource.transaction(async (manager) => {
      const recorded: unknown[] = await manager.query(
        `INSERT INTO flows.layout_memory_keys
           (project_id, idempotency_key, organization_id, applied_at)
         VALUES ($1, $2, $3, now()) ON CONFLICT DO NOTHING RETURNING 1`,
        [projectId, idempotencyKey, organizationId],
      );
      if (recorded.length === 0) return { applied: false, fields: 0, version: 0 };
      const rows: MemoryRow[] = await manager.query(
        `SELECT id, fingerprint, fields, tables, empty_fields, version FROM flows.layout_memories
          WHERE organization_id = $1 AND project_id = $2 ORDER BY updated_at DESC FOR UPDATE`,
        [organizationId, projectId],
      );
      const outcome = learn(rows.map((row) => ({ ...row, emptyFields: row.empty_fields })));
      if (!outcome) return { applied: true, fields: 0, version: 0 };
      const version = await this.write(manager, organizationId, projectId, outcome, rows);
      await this.evictBeyondCap(manager, organizationId, projectId);
      return { applied: true, fields: outcome.memory.fields.length, version };
    });
  }

  private async write(
    manager: EntityManager,
    organizationId: string,
    projectId: string,
    { id, memory }: { id: string | null; memory: LayoutMemory },
    rows: readonly MemoryRow[],
  ): Promise<number> {
    const fingerprint = JSON.stringify(memory.fingerprint);
    const fields = JSON.stringify(memory.fields);
    const tables = JSON.stringify(memory.tables ?? []);
    const emptyFields = JSON.stringify(memory.emptyFields ?? []);
    const existing = id ? rows.find((row) => row.id === id) : undefined;
    if (existing) {
      await manager.query(
        `UPDATE flows.layout_memories
            SET fingerprint = $2, fields = $3, tables = $4, empty_fields = $5,
                version = version + 1, updated_at = clock_timestamp()
          WHERE id = $1`,
        [existing.id, fingerprint, fields, tables, emptyFields],
      );
      return existing.version + 1;
    }
    await manager.query(
      `INSERT INTO flows.layout_memories
         (id, project_id, organization_id, fingerprint, fields, tables, empty_fields, version,
          created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1, clock_timestamp(), clock_timestamp())`,
      [randomUUID(), projectId, organizationId, fingerprint, fields, tables, emptyFields],
    );
    return 1;
  }

  private async evictBeyondCap(
    manager: EntityManager,
    organizationId: string,
    projectId: string,
  ): Promise<void> {
    await manager.query(
      `DELETE FROM flows.layout_memories WHERE id IN (
         SELECT id FROM flows.layout_memories
          WHERE organization_id = $1 AND project_id = $2
          ORDER BY updated_at DESC OFFSET $3)`,
      [organizationId, projectId, MAX_LAYOUT_MEMORIES_PER_PROJECT],
    );
  }
}
