import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Items, their documents, fields with every version, reviews, locks, the audit trail, the
 * idempotency ledger of run commands and the outbox of signals to runs.
 *
 * Search: `search_vector` (names, summary, field values) serves searchText; GIN trigram indexes
 * serve the fuzzy filters (ILIKE and word similarity `<%`). `field_text` is the current field
 * values of the item flattened, maintained by the field writers.
 */
export class ItemsInitial1763800000000 implements MigrationInterface {
  name = 'ItemsInitial1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await q.query(`CREATE TABLE items.display_id_counters (
      organization_id uuid PRIMARY KEY, last_value bigint NOT NULL)`);

    await q.query(`CREATE TABLE items.items (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      workspace_id uuid NOT NULL,
      project_id uuid NOT NULL,
      display_id bigint NOT NULL,
      display_name text NOT NULL,
      summary text NOT NULL DEFAULT '',
      insight text NOT NULL DEFAULT '',
      status text NOT NULL CHECK (status IN
        ('QUEUED','IN_PROGRESS','REVIEW','DEFERRED','COMPLETE','CLOSED','FAILED','CANCELED')),
      flow_id text NOT NULL,
      flow_name text NOT NULL,
      temporal_workflow_id text NOT NULL,
      assignee_id uuid,
      reviewer_name text,
      deferred_until timestamptz,
      field_text text NOT NULL DEFAULT '',
      search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', display_name), 'A') ||
        setweight(to_tsvector('simple', summary), 'B') ||
        to_tsvector('simple', field_text)) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, display_id))`);
    // Lists are scoped by project or workspace and sorted; the id breaks ties for stable pages.
    await q.query(
      `CREATE INDEX items_project_created ON items.items (project_id, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX items_project_updated ON items.items (project_id, updated_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX items_project_status_created ON items.items (project_id, status, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX items_workspace_created ON items.items (workspace_id, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX items_workspace_status_created ON items.items (workspace_id, status, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX items_assignee ON items.items (assignee_id) WHERE assignee_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX items_flow_id ON items.items (flow_id)`);
    await q.query(`CREATE INDEX items_workflow ON items.items (temporal_workflow_id)`);
    await q.query(
      `CREATE INDEX items_deferred_due ON items.items (deferred_until) WHERE status = 'DEFERRED'`,
    );
    await q.query(`CREATE INDEX items_search ON items.items USING gin (search_vector)`);
    for (const column of [
      'flow_name',
      'display_name',
      'summary',
      'insight',
      'reviewer_name',
      'field_text',
    ]) {
      await q.query(
        `CREATE INDEX items_${column}_trgm ON items.items USING gin (${column} gin_trgm_ops)`,
      );
    }

    await q.query(`CREATE TABLE items.item_documents (
      item_id uuid NOT NULL REFERENCES items.items(id) ON DELETE CASCADE,
      document_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      file_id uuid,
      name text NOT NULL,
      mime_type text,
      page_count integer,
      classification text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (item_id, document_id))`);

    // One row per (item, key, document): the current version, denormalised for reads.
    await q.query(`CREATE TABLE items.fields (
      id uuid PRIMARY KEY,
      item_id uuid NOT NULL REFERENCES items.items(id) ON DELETE CASCADE,
      organization_id uuid NOT NULL,
      document_id uuid,
      key text NOT NULL,
      type text NOT NULL,
      value jsonb NOT NULL,
      value_text text NOT NULL,
      confidence double precision,
      grounding jsonb NOT NULL DEFAULT '[]',
      flagged boolean NOT NULL DEFAULT false,
      flag_reasons text[] NOT NULL DEFAULT '{}',
      version integer NOT NULL,
      current_version_id uuid NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid,
      CONSTRAINT fields_item_key_document UNIQUE NULLS NOT DISTINCT (item_id, key, document_id))`);
    await q.query(
      `CREATE INDEX fields_item_document_key ON items.fields (item_id, document_id, key)`,
    );

    // Every version ever written; only the current one is served by the API.
    await q.query(`CREATE TABLE items.field_versions (
      id uuid PRIMARY KEY,
      field_id uuid NOT NULL REFERENCES items.fields(id) ON DELETE CASCADE,
      item_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      version integer NOT NULL,
      type text NOT NULL,
      value jsonb NOT NULL,
      confidence double precision,
      grounding jsonb NOT NULL DEFAULT '[]',
      flagged boolean NOT NULL DEFAULT false,
      flag_reasons text[] NOT NULL DEFAULT '{}',
      source text NOT NULL CHECK (source IN ('extraction', 'review')),
      author_id uuid,
      review_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (field_id, version))`);
    await q.query(
      `CREATE INDEX field_versions_review ON items.field_versions (review_id) WHERE review_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX field_versions_unreviewed_edits ON items.field_versions (item_id)
      WHERE source = 'review' AND review_id IS NULL`);

    await q.query(`CREATE TABLE items.item_reviews (
      id uuid PRIMARY KEY,
      item_id uuid NOT NULL REFERENCES items.items(id) ON DELETE CASCADE,
      organization_id uuid NOT NULL,
      reviewer_id uuid NOT NULL,
      reviewer_name text NOT NULL,
      submitted_at timestamptz NOT NULL)`);
    await q.query(`CREATE INDEX item_reviews_item ON items.item_reviews (item_id, submitted_at)`);

    await q.query(`CREATE TABLE items.item_locks (
      item_id uuid PRIMARY KEY REFERENCES items.items(id) ON DELETE CASCADE,
      organization_id uuid NOT NULL,
      holder_id uuid NOT NULL,
      holder_name text NOT NULL,
      acquired_at timestamptz NOT NULL,
      heartbeat_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL)`);

    await q.query(`CREATE TABLE items.item_audit (
      id bigserial PRIMARY KEY,
      item_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      actor_id uuid,
      action text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX item_audit_item ON items.item_audit (item_id, created_at)`);

    // Idempotency of run commands: the first answer per (organization, caller key).
    await q.query(`CREATE TABLE items.command_ledger (
      organization_id uuid NOT NULL,
      idempotency_key text NOT NULL,
      fingerprint text NOT NULL,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, idempotency_key))`);

    // Signals to runs are written with the review and delivered after commit, retried until done.
    await q.query(`CREATE TABLE items.signal_outbox (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      item_id uuid NOT NULL,
      workflow_id text NOT NULL,
      signal_name text NOT NULL,
      payload jsonb NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      failed_at timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX signal_outbox_due ON items.signal_outbox (next_attempt_at)
      WHERE delivered_at IS NULL AND failed_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'signal_outbox',
      'command_ledger',
      'item_audit',
      'item_locks',
      'item_reviews',
      'field_versions',
      'fields',
      'item_documents',
      'items',
      'display_id_counters',
    ]) {
      await q.query(`DROP TABLE items.${table}`);
    }
  }
}
