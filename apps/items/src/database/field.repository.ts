import { randomUUID } from 'node:crypto';

import {
  FieldVersionRecord,
  FieldWriteInput,
  JsonValue,
  WrittenFieldVersion,
} from '@docket/contracts';
import { DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { FIELD_COLUMNS, FieldRow } from './item-rows';

/** Cap of the flattened field text kept on the item for search; tsvector has a 1 MB limit. */
const FIELD_TEXT_LIMIT = 100_000;

export interface FieldAuthor {
  source: 'extraction' | 'review';
  userId: string | null;
  /** The reviewer's name as it is now (users may be renamed later). */
  name?: string | null;
}

export interface FieldPageFilter {
  documentId?: string;
  key?: string;
  type?: string;
}

/** Scalar leaves of a value, for search: "ACME 1200 EUR" out of `{name, amount, currency}`. */
export function flattenValue(value: JsonValue): string {
  if (value === null) return '';
  if (typeof value !== 'object') return String(value);
  const parts = Array.isArray(value) ? value : Object.values(value);
  return parts
    .map((part) => flattenValue(part))
    .filter(Boolean)
    .join(' ');
}

/** The SQL of one page of current fields and of their count (also used by the benchmark). */
export function fieldPageStatements(
  itemId: string,
  filter: FieldPageFilter,
  offset: number,
  limit: number,
): { page: string; count: string; values: unknown[] } {
  const values: unknown[] = [itemId];
  const clauses = ['f.item_id = $1'];
  if (filter.documentId) clauses.push(`f.document_id = $${values.push(filter.documentId)}`);
  if (filter.key !== undefined) clauses.push(`f.key = $${values.push(filter.key)}`);
  if (filter.type !== undefined) clauses.push(`f.type = $${values.push(filter.type)}`);
  const where = clauses.join(' AND ');
  return {
    page: `SELECT ${FIELD_COLUMNS} FROM items.fields f WHERE ${where}
      ORDER BY f.key, f.document_id LIMIT ${limit} OFFSET ${offset}`,
    count: `SELECT count(*)::int AS total FROM items.fields f WHERE ${where}`,
    values,
  };
}

function identity(key: string, documentId: string | null | undefined): string {
  return `${documentId ?? '-'}\u0000${key}`;
}

/** Fields (the current version) and field_versions (every version ever written). */
@Injectable()
export class FieldRepository {
  /**
   * Writes a new version of each field (version 1 for a new one) and makes it current. The
   * caller holds the item row lock, so versions of one item never race.
   */
  async writeVersions(
    manager: EntityManager,
    item: { id: string; organization_id: string },
    inputs: FieldWriteInput[],
    author: FieldAuthor,
  ): Promise<WrittenFieldVersion[]> {
    const seen = new Set<string>();
    for (const input of inputs) {
      const id = identity(input.key, input.documentId);
      if (seen.has(id)) {
        throw DocketException.invalid(
          `Field ${input.key}${input.documentId ? ` of document ${input.documentId}` : ''} appears twice`,
        );
      }
      seen.add(id);
    }
    const existing: Array<{
      id: string;
      key: string;
      document_id: string | null;
      version: number;
    }> = await manager.query(
      `SELECT id, key, document_id, version FROM items.fields
        WHERE item_id = $1 AND key = ANY($2::text[])`,
      [item.id, [...new Set(inputs.map((i) => i.key))]],
    );
    const current = new Map(existing.map((row) => [identity(row.key, row.document_id), row]));
    const rows = inputs.map((input) => {
      const before = current.get(identity(input.key, input.documentId));
      return {
        field_id: before?.id ?? randomUUID(),
        version_id: randomUUID(),
        version: (before?.version ?? 0) + 1,
        document_id: input.documentId ?? null,
        key: input.key,
        type: input.type,
        value: input.value,
        value_text: flattenValue(input.value),
        confidence: input.confidence ?? null,
        grounding: input.grounding ?? [],
        flagged: input.flagged ?? false,
        flag_reasons: input.flagReasons ?? [],
      };
    });
    // jsonb_to_recordset reads a JSON null as SQL NULL; a field not found is stored as JSON null.
    const payload = JSON.stringify(rows);
    await manager.query(
      `INSERT INTO items.fields AS f (id, item_id, organization_id, document_id, key, type, value,
         value_text, confidence, grounding, flagged, flag_reasons, version, current_version_id,
         updated_at, updated_by, updated_by_name)
       SELECT x.field_id, $1, $2, x.document_id, x.key, x.type, COALESCE(x.value, 'null'), x.value_text,
         x.confidence, x.grounding, x.flagged,
         ARRAY(SELECT jsonb_array_elements_text(x.flag_reasons)), x.version, x.version_id,
         clock_timestamp(), $4, $5
         FROM jsonb_to_recordset($3::jsonb) AS x(field_id uuid, version_id uuid, version integer,
           document_id uuid, key text, type text, value jsonb, value_text text,
           confidence double precision, grounding jsonb, flagged boolean, flag_reasons jsonb)
       ON CONFLICT ON CONSTRAINT fields_item_key_document DO UPDATE SET type = EXCLUDED.type,
         value = EXCLUDED.value, value_text = EXCLUDED.value_text,
         confidence = EXCLUDED.confidence, grounding = EXCLUDED.grounding,
         flagged = EXCLUDED.flagged, flag_reasons = EXCLUDED.flag_reasons,
         version = EXCLUDED.version, current_version_id = EXCLUDED.current_version_id,
         updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by,
         updated_by_name = EXCLUDED.updated_by_name,
         accepted_by = NULL, accepted_by_name = NULL, accepted_at = NULL`,
      [item.id, item.organization_id, payload, author.userId, author.name ?? null],
    );
    await manager.query(
      `INSERT INTO items.field_versions (id, field_id, item_id, organization_id, version, type,
         value, confidence, grounding, flagged, flag_reasons, source, author_id, author_name)
       SELECT x.version_id, x.field_id, $1, $2, x.version, x.type, COALESCE(x.value, 'null'),
         x.confidence,
         x.grounding, x.flagged, ARRAY(SELECT jsonb_array_elements_text(x.flag_reasons)), $4, $5,
         $6
         FROM jsonb_to_recordset($3::jsonb) AS x(field_id uuid, version_id uuid, version integer,
           type text, value jsonb, confidence double precision, grounding jsonb, flagged boolean,
           flag_reasons jsonb)`,
      [item.id, item.organization_id, payload, author.source, author.userId, author.name ?? null],
    );
    await this.refreshSearchText(manager, item.id);
    return rows.map((row) => ({
      key: row.key,
      documentId: row.document_id,
      fieldVersionId: row.version_id,
      version: row.version,
    }));
  }

  /** Keeps the item's flattened field text (full-text and fuzzy field-value search) current. */
  private async refreshSearchText(manager: EntityManager, itemId: string): Promise<void> {
    await manager.query(
      `UPDATE items.items SET updated_at = clock_timestamp(), field_text = left(COALESCE(
         (SELECT string_agg(value_text, ' ' ORDER BY key, document_id) FROM items.fields
           WHERE item_id = $1 AND value_text <> ''), ''), $2)
        WHERE id = $1`,
      [itemId, FIELD_TEXT_LIMIT],
    );
  }

  async findForUpdate(
    manager: EntityManager,
    itemId: string,
    key: string,
    documentId: string | undefined,
  ): Promise<FieldRow | undefined> {
    const rows: FieldRow[] = await manager.query(
      `SELECT ${FIELD_COLUMNS} FROM items.fields f
        WHERE f.item_id = $1 AND f.key = $2 AND f.document_id IS NOT DISTINCT FROM $3
        FOR UPDATE`,
      [itemId, key, documentId ?? null],
    );
    return rows[0];
  }

  /** Records that a reviewer accepted the field's current version as it is. */
  async accept(
    manager: EntityManager,
    fieldId: string,
    reviewer: { userId: string; name: string },
  ): Promise<void> {
    await manager.query(
      `UPDATE items.fields SET accepted_by = $2, accepted_by_name = $3,
         accepted_at = clock_timestamp() WHERE id = $1`,
      [fieldId, reviewer.userId, reviewer.name],
    );
  }

  /** Every current field's value, for the cross-field rules a correction is checked by. */
  async values(
    manager: EntityManager,
    itemId: string,
  ): Promise<Array<{ key: string; type: string; value: JsonValue; documentId: string | null }>> {
    return manager.query(
      `SELECT key, type, value, document_id AS "documentId" FROM items.fields
        WHERE item_id = $1 ORDER BY key, document_id`,
      [itemId],
    );
  }

  /** The stored versions of one field, newest first (the edit history). */
  async history(
    manager: EntityManager,
    itemId: string,
    key: string,
    documentId: string | undefined,
    limit: number,
  ): Promise<FieldVersionRecord[]> {
    const rows: Array<{
      version: number;
      value: JsonValue;
      source: string;
      author_id: string | null;
      author_name: string | null;
      confidence: number | null;
      flagged: boolean;
      flag_reasons: string[];
      created_at: Date;
    }> = await manager.query(
      `SELECT v.version, v.value, v.source, v.author_id, v.author_name, v.confidence, v.flagged,
         v.flag_reasons, v.created_at
         FROM items.field_versions v JOIN items.fields f ON f.id = v.field_id
        WHERE f.item_id = $1 AND f.key = $2 AND f.document_id IS NOT DISTINCT FROM $3
        ORDER BY v.version DESC LIMIT $4`,
      [itemId, key, documentId ?? null, limit],
    );
    return rows.map((row) => ({
      version: row.version,
      value: row.value,
      source: row.source,
      author: row.author_id ? { userId: row.author_id, name: row.author_name ?? '' } : null,
      confidence: row.confidence,
      flagged: row.flagged,
      flagReasons: row.flag_reasons,
      createdAt: row.created_at.toISOString(),
    }));
  }

  async current(manager: EntityManager, fieldId: string): Promise<FieldRow> {
    const rows: FieldRow[] = await manager.query(
      `SELECT ${FIELD_COLUMNS} FROM items.fields f WHERE f.id = $1`,
      [fieldId],
    );
    return rows[0];
  }

  /** Ordered by key, then document (item-level last): the order of the unique index. */
  async page(
    manager: EntityManager,
    itemId: string,
    filter: FieldPageFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: FieldRow[]; total: number }> {
    const sql = fieldPageStatements(itemId, filter, offset, limit);
    const [rows, counted] = await Promise.all([
      manager.query(sql.page, sql.values) as Promise<FieldRow[]>,
      manager.query(sql.count, sql.values) as Promise<Array<{ total: number }>>,
    ]);
    return { rows, total: counted[0].total };
  }

  /** Every current field, with whether the open review changed it (for the review signal). */
  async allWithReviewEdits(
    manager: EntityManager,
    itemId: string,
    reviewId: string,
  ): Promise<Array<FieldRow & { edited_in_review: boolean }>> {
    return manager.query(
      `SELECT ${FIELD_COLUMNS}, EXISTS (SELECT 1 FROM items.field_versions v
           WHERE v.field_id = f.id AND v.review_id = $2) AS edited_in_review
         FROM items.fields f WHERE f.item_id = $1 ORDER BY f.key, f.document_id`,
      [itemId, reviewId],
    );
  }
}
