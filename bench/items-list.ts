/**
 * Items at scale: 1,000,000 items with ten fields each (bulk-loaded in SQL, not through the API),
 * then measured through the gateway: the default list, a searchText query, a fuzzy flowName
 * filter, a deep page (500) and GET /items/{id}/fields. Prints p50/p95 of each and its ratio to
 * the gateway-tax baseline of the Foundation benchmark (GET /workspaces through the gateway),
 * measured in the same run, the same way.
 *
 * Targets at 1M items: list p95 <= 30 ms, search p95 <= 60 ms, deep page <= 3x the first page,
 * fields p95 <= 20 ms.
 *
 *   node -r @swc-node/register bench/items-list.ts [--profile sandbox2] [--items 1000000]
 *     [--fresh] [--seconds 5] [--rounds 3] [--connections 4] [--explain]
 *
 * The stack of the profile must be up with identity, items and gateway (`--fresh` rebuilds it:
 * new database, migrations, services, seed). The seeded organization is remembered in
 * .data/bench/items-<profile>.json, so later runs measure without seeding again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { Client } from 'pg';

import { fieldPageStatements } from '../apps/items/src/database/field.repository';
import { listStatements } from '../apps/items/src/database/item-list.sql';
import { resolveFilters } from '../apps/items/src/queries/item-filters';
import {
  bootstrapOrganization,
  BootstrappedOrganization,
  exchangeToken,
  portOf,
  ProfileName,
  PROFILES,
} from '../libs/testing/src';
import {
  INSERT_FIELD_VERSIONS,
  INSERT_FIELDS,
  INSERT_ITEMS,
  SEED_FUNCTIONS,
} from './items-seed.sql';

const { values: options } = parseArgs({
  options: {
    profile: { type: 'string', default: 'sandbox2' },
    items: { type: 'string', default: '1000000' },
    fresh: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '4' },
    explain: { type: 'boolean', default: false },
  },
});

const ROOT = path.resolve(__dirname, '..');
const PROFILE = PROFILES[options.profile as ProfileName];
const GATEWAY = `http://127.0.0.1:${portOf(PROFILE, 'gateway')}`;
const ITEMS = Number(options.items);
const BATCH = 100_000;
const MARKER = path.join(ROOT, '.data/bench', `items-${PROFILE.name}.json`);

interface BenchOrganization extends BootstrappedOrganization {
  items: number;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function services(...args: string[]): void {
  execFileSync(
    process.execPath,
    ['-r', '@swc-node/register', 'deploy/stack/services.ts', ...args],
    { cwd: ROOT, stdio: 'inherit' },
  );
}

function freshStack(): void {
  execFileSync('bash', ['deploy/stack/build.sh'], { cwd: ROOT, stdio: 'inherit' });
  services('down', PROFILE.name);
  services('reset-db', PROFILE.name);
  services('migrate', PROFILE.name);
  services('up', PROFILE.name, '--only', 'identity,items,gateway');
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  say(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Bulk load. Secondary indexes are dropped for the load and rebuilt from their own definitions
 * afterwards (faster than maintaining them row by row); constraints and triggers stay, so
 * item_counts and flow_names are maintained exactly as in production.
 */
async function seed(database: Client, org: BootstrappedOrganization): Promise<void> {
  say(`seeding ${ITEMS.toLocaleString('en')} items with 10 fields each into ${PROFILE.database}`);
  await database.query(`SET synchronous_commit = off`);
  await database.query(`SET maintenance_work_mem = '512MB'`);
  for (const statement of SEED_FUNCTIONS) await database.query(statement);
  const { rows: indexes } = await database.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = 'items' AND i.tablename IN ('items', 'fields', 'field_versions')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const index of indexes) await database.query(`DROP INDEX items.${index.name}`);
  const ranges: Array<[number, number]> = [];
  for (let first = 1; first <= ITEMS; first += BATCH)
    ranges.push([first, Math.min(ITEMS, first + BATCH - 1)]);
  const scope = [org.organizationId, org.workspaceId, org.projectId];
  await timed('items', async () => {
    for (const [first, last] of ranges) {
      await database.query(INSERT_ITEMS, [...scope, first, last, ITEMS]);
    }
  });
  await database.query(
    `INSERT INTO items.display_id_counters (organization_id, last_value) VALUES ($1, $2)
     ON CONFLICT (organization_id) DO UPDATE SET last_value = EXCLUDED.last_value`,
    [org.organizationId, ITEMS],
  );
  await timed('fields', async () => {
    for (const [first, last] of ranges) {
      await database.query(INSERT_FIELDS, [org.organizationId, first, last]);
    }
  });
  await timed('field versions', async () => {
    for (const [first, last] of ranges) {
      await database.query(INSERT_FIELD_VERSIONS, [org.organizationId, first, last]);
    }
  });
  await timed(`${indexes.length} indexes rebuilt`, async () => {
    for (const index of indexes) await database.query(index.definition);
  });
  // The visibility map makes the list's id page an index-only scan; statistics for the planner.
  await timed('vacuum analyze', async () => {
    await database.query(`VACUUM (ANALYZE) items.items, items.fields, items.field_versions`);
    await database.query(`ANALYZE items.item_counts, items.flow_names`);
  });
}

async function benchOrganization(database: Client): Promise<BenchOrganization> {
  if (!options.fresh && existsSync(MARKER)) {
    const known = JSON.parse(readFileSync(MARKER, 'utf8')) as BenchOrganization;
    const { rows } = await database.query<{ n: string }>(
      `SELECT last_value AS n FROM items.display_id_counters WHERE organization_id = $1`,
      [known.organizationId],
    );
    if (Number(rows[0]?.n) === known.items && known.items === ITEMS) {
      say(`reusing the seeded organization ${known.organizationId} (${ITEMS} items)`);
      return known;
    }
  }
  const org = await bootstrapOrganization('Items bench', PROFILE);
  await seed(database, org);
  const bench = { ...org, items: ITEMS };
  mkdirSync(path.dirname(MARKER), { recursive: true });
  writeFileSync(MARKER, JSON.stringify(bench, null, 2));
  return bench;
}

interface Target {
  label: string;
  urls: string[];
}

/** A closed loop of `connections` clients for `seconds`; returns every latency in ms. */
async function measure(target: Target, token: string, seconds: number, connections: number) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const url = target.urls[next++ % target.urls.length];
        const started = performance.now();
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${target.label}: ${response.status} ${url}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function explain(database: Client, org: BenchOrganization, sampleItemId: string) {
  const scope = { organizationId: org.organizationId, projectId: org.projectId };
  const scenarios: Array<[string, Record<string, unknown>]> = [
    ['Default list', {}],
    ['searchText', { searchText: 'Zenora Marine' }],
    ['Fuzzy flowName', { flowName: 'Invoce Intake' }],
    ['Deep page (500)', { page: 500 }],
  ];
  for (const [title, query] of scenarios) {
    const page = Number(query.page ?? 1);
    const sql = listStatements(scope, resolveFilters({ ...scope, ...query }), { page, limit: 20 });
    for (const [part, statement] of [
      ['page', sql.page],
      [sql.total.fromCounts ? 'total (item_counts)' : 'total', sql.total],
    ] as const) {
      const { rows } = await database.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`,
        statement.values,
      );
      say(
        `\n### ${title}: ${part}\n\n\`\`\`\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``,
      );
    }
  }
  const fields = fieldPageStatements(sampleItemId, {}, 0, 20);
  for (const [part, text] of [
    ['page', fields.page],
    ['total', fields.count],
  ] as const) {
    const { rows } = await database.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`,
      fields.values,
    );
    say(
      `\n### Fields of one item: ${part}\n\n\`\`\`\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``,
    );
  }
}

async function main(): Promise<void> {
  if (!PROFILE) throw new Error(`unknown profile ${options.profile}`);
  if (options.fresh) freshStack();
  const database = new Client({ connectionString: PROFILE.env.DATABASE_URL });
  await database.connect();
  try {
    const org = await benchOrganization(database);
    const { rows: sample } = await database.query<{ id: string }>(
      `SELECT id FROM items.items TABLESAMPLE SYSTEM (1) WHERE organization_id = $1 LIMIT 200`,
      [org.organizationId],
    );
    if (options.explain) return await explain(database, org, sample[0].id);

    const token = await exchangeToken(org.apiKey, GATEWAY);
    const list = `${GATEWAY}/items?projectId=${org.projectId}`;
    const searches = [
      'Zenora Marine',
      'Acme Logistics',
      'Glotra Holdings',
      'Velion Energy',
      'Hoorella Foods',
    ];
    const targets: Target[] = [
      { label: 'baseline GET /workspaces', urls: [`${GATEWAY}/workspaces`] },
      { label: 'list (default)', urls: [list] },
      {
        label: 'searchText',
        urls: searches.map((s) => `${list}&searchText=${encodeURIComponent(s)}`),
      },
      {
        label: 'fuzzy flowName',
        urls: ['Invoce Intake', 'Motr FNOL', 'Fraud Screning', 'Glas Claims'].map(
          (name) => `${list}&flowName=${encodeURIComponent(name)}`,
        ),
      },
      { label: 'deep page (500)', urls: [`${list}&page=500`] },
      {
        label: 'GET /items/{id}/fields',
        urls: sample.map((s) => `${GATEWAY}/items/${s.id}/fields?projectId=${org.projectId}`),
      },
    ];
    const seconds = Number(options.seconds);
    const connections = Number(options.connections);
    say(
      `\nmeasuring ${targets.length} targets: ${options.rounds} alternating rounds of ${seconds} s, ${connections} connections`,
    );
    const samples = new Map<string, number[]>(targets.map((t) => [t.label, []]));
    for (const target of targets) await measure(target, token, 1, connections);
    for (let round = 1; round <= Number(options.rounds); round++) {
      for (const target of targets) {
        const latencies = await measure(target, token, seconds, connections);
        samples.get(target.label)!.push(...latencies);
        say(`  round ${round} ${target.label.padEnd(26)} ${latencies.length} requests`);
      }
    }
    const stats = new Map(
      targets.map((t) => {
        const sorted = samples.get(t.label)!.sort((a, b) => a - b);
        return [
          t.label,
          { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) },
        ];
      }),
    );
    const base = stats.get('baseline GET /workspaces')!;
    const first = stats.get('list (default)')!;
    const goals: Record<string, (s: { p95: number }) => string> = {
      'list (default)': (s) => verdict(s.p95 <= 30, 'p95 <= 30 ms'),
      searchText: (s) => verdict(s.p95 <= 60, 'p95 <= 60 ms'),
      'deep page (500)': (s) => verdict(s.p95 <= 3 * first.p95, 'p95 <= 3x first page'),
      'GET /items/{id}/fields': (s) => verdict(s.p95 <= 20, 'p95 <= 20 ms'),
    };
    say(
      `\nItems at ${org.items.toLocaleString('en')} items (one project), ${connections} connections`,
    );
    say(`| target | requests | p50 ms | p95 ms | p50 / baseline | p95 / baseline | goal |`);
    say(`|---|---|---|---|---|---|---|`);
    for (const target of targets) {
      const s = stats.get(target.label)!;
      say(
        `| ${target.label} | ${s.n} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${(s.p50 / base.p50).toFixed(2)}x | ${(s.p95 / base.p95).toFixed(2)}x | ${goals[target.label]?.(s) ?? ''} |`,
      );
    }
    const deep = stats.get('deep page (500)')!;
    say(
      `\ndeep page / first page: p50 ${(deep.p50 / first.p50).toFixed(2)}x, p95 ${(deep.p95 / first.p95).toFixed(2)}x`,
    );
  } finally {
    await database.end();
  }
}

function verdict(met: boolean, goal: string): string {
  return `${goal}: ${met ? 'MET' : 'NOT MET'}`;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
