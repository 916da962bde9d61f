import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What GET /items needs to stay fast at a million items in one project (docs/items-query-plans.md):
 *
 * - List indexes carry organization_id (and project_id for workspaces) as INCLUDE columns, so the
 *   id page of a list is an index-only scan and a deep page skips rows without touching the heap.
 * - item_counts keeps counts per project, flow name and status, maintained by triggers in the
 *   writing transaction: the unfiltered list total and the status cards (also when narrowed by
 *   a fuzzy flowName) cost a handful of rows, not a count over a million.
 * - flow_names is the (small) set of flow names per organization; a fuzzy flowName filter matches
 *   it first and then selects items by exact flow_name through a btree index, instead of a
 *   trigram scan over every item.
 */
export class ItemsListPerformance1763800000001 implements MigrationInterface {
  name = 'ItemsListPerformance1763800000001';

  async up(q: QueryRunner): Promise<void> {
    const lists: Array<[string, string, string]> = [
      ['items_project_created', 'project_id, created_at DESC, id DESC', 'organization_id'],
      ['items_project_updated', 'project_id, updated_at DESC, id DESC', 'organization_id'],
      [
        'items_project_status_created',
        'project_id, status, created_at DESC, id DESC',
        'organization_id',
      ],
      [
        'items_workspace_created',
        'workspace_id, created_at DESC, id DESC',
        'organization_id, project_id',
      ],
      [
        'items_workspace_status_created',
        'workspace_id, status, created_at DESC, id DESC',
        'organization_id, project_id',
      ],
    ];
    for (const [name, columns, include] of lists) {
      await q.query(`DROP INDEX items.${name}`);
      await q.query(`CREATE INDEX ${name} ON items.items (${columns}) INCLUDE (${include})`);
    }
    await q.query(`DROP INDEX items.items_flow_name_trgm`);
    await q.query(`CREATE INDEX items_project_flow_name ON items.items
      (project_id, flow_name, created_at DESC, id DESC) INCLUDE (organization_id)`);

    await q.query(`CREATE TABLE items.flow_names (
      organization_id uuid NOT NULL, flow_name text NOT NULL,
      PRIMARY KEY (organization_id, flow_name))`);
    await q.query(
      `CREATE INDEX flow_names_trgm ON items.flow_names USING gin (flow_name gin_trgm_ops)`,
    );
    await q.query(`INSERT INTO items.flow_names SELECT DISTINCT organization_id, flow_name
      FROM items.items ON CONFLICT DO NOTHING`);
    await q.query(`CREATE FUNCTION items.remember_flow_names() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO items.flow_names (organization_id, flow_name)
          SELECT DISTINCT organization_id, flow_name FROM inserted ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER items_remember_flow_names AFTER INSERT ON items.items
      REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
      EXECUTE FUNCTION items.remember_flow_names()`);

    // Per project, flow name and status: small (projects x flows x 8), exact, and enough for
    // the unfiltered total, the status cards, and both narrowed by a fuzzy flowName.
    await q.query(`CREATE TABLE items.item_counts (
      project_id uuid NOT NULL, flow_name text NOT NULL, status text NOT NULL,
      organization_id uuid NOT NULL, workspace_id uuid NOT NULL, count bigint NOT NULL,
      PRIMARY KEY (organization_id, project_id, flow_name, status))`);
    await q.query(`CREATE INDEX item_counts_workspace ON items.item_counts (workspace_id)`);
    await q.query(`INSERT INTO items.item_counts
      SELECT project_id, flow_name, status, organization_id, workspace_id, count(*)
        FROM items.items GROUP BY project_id, flow_name, status, organization_id, workspace_id`);
    await q.query(`CREATE FUNCTION items.count_items(
        delta bigint, p uuid, f text, s text, o uuid, w uuid)
      RETURNS void LANGUAGE sql AS $$
        INSERT INTO items.item_counts AS c
          (project_id, flow_name, status, organization_id, workspace_id, count)
        VALUES (p, f, s, o, w, delta)
        ON CONFLICT (organization_id, project_id, flow_name, status)
          DO UPDATE SET count = c.count + EXCLUDED.count
      $$`);
    await q.query(`CREATE FUNCTION items.count_inserted_items() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM items.count_items(count(*), project_id, flow_name, status, organization_id,
            workspace_id)
          FROM inserted GROUP BY project_id, flow_name, status, organization_id, workspace_id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION items.count_deleted_items() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM items.count_items(-count(*), project_id, flow_name, status, organization_id,
            workspace_id)
          FROM deleted GROUP BY project_id, flow_name, status, organization_id, workspace_id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION items.count_moved_item() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM items.count_items(-1, OLD.project_id, OLD.flow_name, OLD.status,
          OLD.organization_id, OLD.workspace_id);
        PERFORM items.count_items(1, NEW.project_id, NEW.flow_name, NEW.status,
          NEW.organization_id, NEW.workspace_id);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER items_count_inserted AFTER INSERT ON items.items
      REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT
      EXECUTE FUNCTION items.count_inserted_items()`);
    await q.query(`CREATE TRIGGER items_count_deleted AFTER DELETE ON items.items
      REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT
      EXECUTE FUNCTION items.count_deleted_items()`);
    await q.query(`CREATE TRIGGER items_count_moved
      AFTER UPDATE OF status, project_id, flow_name ON items.items
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR OLD.project_id IS DISTINCT FROM NEW.project_id
        OR OLD.flow_name IS DISTINCT FROM NEW.flow_name)
      EXECUTE FUNCTION items.count_moved_item()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER items_count_moved ON items.items`);
    await q.query(`DROP TRIGGER items_count_deleted ON items.items`);
    await q.query(`DROP TRIGGER items_count_inserted ON items.items`);
    await q.query(`DROP TRIGGER items_remember_flow_names ON items.items`);
    await q.query(`DROP FUNCTION items.count_moved_item()`);
    await q.query(`DROP FUNCTION items.count_deleted_items()`);
    await q.query(`DROP FUNCTION items.count_inserted_items()`);
    await q.query(`DROP FUNCTION items.count_items(bigint, uuid, text, text, uuid, uuid)`);
    await q.query(`DROP FUNCTION items.remember_flow_names()`);
    await q.query(`DROP TABLE items.item_counts`);
    await q.query(`DROP TABLE items.flow_names`);
    await q.query(`DROP INDEX items.items_project_flow_name`);
    await q.query(
      `CREATE INDEX items_flow_name_trgm ON items.items USING gin (flow_name gin_trgm_ops)`,
    );
  }
}
