import { randomUUID } from 'node:crypto';

import type { EntityManager } from 'typeorm';

/** Something that runs SQL: a data source, or the entity manager of an open transaction. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/** What a service records: who did what to which resource, and (never secret) details. */
export interface AuditEntry<Action extends string = string, Resource extends string = string> {
  organizationId: string;
  actorId: string | null;
  action: Action;
  resourceType: Resource;
  resourceId: string;
  details?: Record<string, unknown>;
}

/** A service's share of the trail: the newest `first` events matching, organization-scoped. */
export interface AuditQuery {
  organizationId: string;
  first: number;
  actorId?: string;
  action?: string;
  resourceType?: string;
  resourceId?: string;
  occurredAfter?: string;
  occurredBefore?: string;
}

/** An event as the API shows it; `eventId` names the service that recorded it. */
export interface AuditEvent<Action extends string = string, Resource extends string = string> {
  eventId: string;
  occurredAt: string;
  actorId: string | null;
  action: Action;
  resourceType: Resource;
  resourceId: string;
  details: Record<string, unknown>;
}

/** A service's share: its newest events matching, and how many match in all. */
export interface AuditShare<Action extends string = string, Resource extends string = string> {
  data: Array<AuditEvent<Action, Resource>>;
  totalCount: number;
}

export interface AuditRow {
  id: string;
  occurredAt: Date;
  actorId: string | null;
  action: string;
  resourceType: string;
  resourceId: string;
  details: Record<string, unknown>;
  total: string;
}

/**
 * One service's `audit_events` table. Every service that records audit events keeps the same
 * table in its own schema and writes it with the EntityManager of the transaction that makes
 * the change, so an event exists exactly when its change does; no cross-schema reads are needed,
 * because each service answers its share of the trail and the gateway merges them.
 */
export class AuditTrail<Action extends string = string, Resource extends string = string> {
  /**
   * `schema` is the service's schema, and names the service in every event id; `reader` runs
   * the trail's queries (the service's data source).
   */
  constructor(
    private readonly schema: string,
    private readonly reader?: SqlRunner,
  ) {}

  /** The statements a service's migration runs to create its table. */
  createTableStatements(): string[] {
    return [
      `CREATE TABLE ${this.schema}.audit_events (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        actor_id uuid,
        action text NOT NULL,
        resource_type text NOT NULL,
        resource_id text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}')`,
      `CREATE INDEX audit_events_org_time ON ${this.schema}.audit_events
        (organization_id, occurred_at DESC, id DESC)`,
    ];
  }

  async record(manager: EntityManager, entry: AuditEntry<Action, Resource>): Promise<void> {
    await manager.query(
      `INSERT INTO ${this.schema}.audit_events
         (id, organization_id, actor_id, action, resource_type, resource_id, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [
        randomUUID(),
        entry.organizationId,
        entry.actorId,
        entry.action,
        entry.resourceType,
        entry.resourceId,
        JSON.stringify(entry.details ?? {}),
      ],
    );
  }

  async list(query: AuditQuery): Promise<AuditShare<Action, Resource>> {
    if (!this.reader) throw new Error(`The ${this.schema} audit trail was built without a reader`);
    const { where, values } = auditConditions(query, {
      organizationId: 'organization_id',
      occurredAt: 'occurred_at',
      actorId: 'actor_id',
      action: 'action',
      resourceType: 'resource_type',
      resourceId: 'resource_id',
    });
    const rows = (await this.reader.query(
      `SELECT id, occurred_at AS "occurredAt", actor_id AS "actorId", action,
              resource_type AS "resourceType", resource_id AS "resourceId", details,
              count(*) OVER () AS total
         FROM ${this.schema}.audit_events WHERE ${where}
        ORDER BY occurred_at DESC, id DESC LIMIT ${Number(query.first)}`,
      values,
    )) as AuditRow[];
    return auditShareOf(this.schema, rows) as AuditShare<Action, Resource>;
  }
}

/** Column (or SQL expression) names a table's audit filters apply to. */
export interface AuditColumns {
  organizationId: string;
  occurredAt: string;
  actorId: string;
  action: string;
  resourceType: string;
  resourceId: string;
}

/**
 * The WHERE clause of a share: the organization always, then each filter given. Shared with
 * tables that keep their history in their own shape (the items service's item audit).
 */
export function auditConditions(
  query: AuditQuery,
  columns: AuditColumns,
): { where: string; values: unknown[] } {
  const values: unknown[] = [query.organizationId];
  const conditions = [`${columns.organizationId} = $1`];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  if (query.actorId) add((p) => `${columns.actorId} = ${p}::uuid`, query.actorId);
  if (query.action) add((p) => `${columns.action} = ${p}`, query.action);
  if (query.resourceType) add((p) => `${columns.resourceType} = ${p}`, query.resourceType);
  if (query.resourceId) add((p) => `${columns.resourceId} = ${p}`, query.resourceId);
  if (query.occurredAfter)
    add((p) => `${columns.occurredAt} >= ${p}::timestamptz`, query.occurredAfter);
  if (query.occurredBefore)
    add((p) => `${columns.occurredAt} < ${p}::timestamptz`, query.occurredBefore);
  return { where: conditions.join(' AND '), values };
}

/**
 * Rows of a share query (selected as `id, occurredAt, actorId, action, resourceType,
 * resourceId, details` and `count(*) OVER () AS total`) as the API shows them. The window
 * function counts every match before LIMIT; no row returned means none matched.
 */
export function auditShareOf(service: string, rows: AuditRow[]): AuditShare {
  return {
    data: rows.map((row) => ({
      eventId: `${service}:${row.id}`,
      occurredAt: new Date(row.occurredAt).toISOString(),
      actorId: row.actorId,
      action: row.action,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      details: row.details,
    })),
    totalCount: rows.length > 0 ? Number(rows[0].total) : 0,
  };
}
