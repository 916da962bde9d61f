/**
 * Bulk load of the items benchmark, as SQL run inside PostgreSQL (not the API): items with ten
 * fields each and their first stored versions. Values are deterministic functions of the
 * item's number, so a run is reproducible and the benchmark knows what to search for.
 */

/** Session helpers (pg_temp: they vanish with the connection). */
export const SEED_FUNCTIONS = [
  // A hash per (item, purpose), so that attributes of one item are independent of each other.
  `CREATE FUNCTION pg_temp.h(n bigint, salt bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
     SELECT abs(hashint8(n * 7919 + salt)::bigint) $$`,
  `CREATE FUNCTION pg_temp.pick(options text[], n bigint, salt bigint) RETURNS text
     LANGUAGE sql IMMUTABLE AS $$
       SELECT options[1 + pg_temp.h(n, salt) % array_length(options, 1)] $$`,
  // 20 x 10 x 10 = 2,000 insured names; one (first word, last word) pair is 1 in 200 items.
  `CREATE FUNCTION pg_temp.company(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
     SELECT pg_temp.pick('{Ac,Glo,Ini,Umb,Hoo,Ves,Sta,Mer,Pol,Zen,Kra,Lum,Nor,Ost,Pra,Qui,Riv,Sol,Tor,Vel}', n, 7919)
         || pg_temp.pick('{me,bex,tech,rella,li,tra,rk,ion,aris,ora}', n, 104729)
         || ' ' || pg_temp.pick('{Logistics,Holdings,Insurance,Motors,Foods,Marine,Energy,Retail,Capital,Health}', n, 1299709) $$`,
  `CREATE FUNCTION pg_temp.value_text(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
     SELECT CASE jsonb_typeof(v) WHEN 'string' THEN v #>> '{}' ELSE v::text END $$`,
];

/**
 * The ten field values of item `n` as a VALUES list (k, value), k in the alphabetical order of
 * the keys. Inline expressions, not a function per field: PostgreSQL inlines them, which is two
 * orders of magnitude faster at a million items.
 */
function fieldValues(n: string): string {
  const values = [
    `to_jsonb(pg_temp.pick('{Ana Ruiz,Ben Okafor,Chen Wei,Dana Kim,Eli Novak,Farah Aziz}', ${n}, 31))`,
    `to_jsonb(round((pg_temp.h(${n}, 2) % 500000) / 100.0, 2))`,
    `to_jsonb(pg_temp.pick('{Berlin,Hamburg,Munich,Cologne,Frankfurt,Stuttgart,Leipzig,Dresden,Bremen,Hanover}', ${n}, 613))`,
    `to_jsonb('CL-' || lpad((pg_temp.h(${n}, 4) % 10000000)::text, 7, '0'))`,
    `to_jsonb('EUR'::text)`,
    `to_jsonb(pg_temp.pick('{Rear-end collision at low speed,Water damage from burst pipe,Hail damage to roof,Theft of vehicle from parking lot,Windscreen crack from stone chip,Fire in kitchen}', ${n}, 997))`,
    `to_jsonb(pg_temp.company(${n}))`,
    `to_jsonb(to_char(date '2024-01-01' + (pg_temp.h(${n}, 8) % 365)::int, 'YYYY-MM-DD'))`,
    `to_jsonb('PN-' || lpad(${n}::text, 8, '0'))`,
    `to_jsonb(pg_temp.pick('{Volkswagen,BMW,Mercedes,Audi,Opel,Ford,Skoda,Toyota,Renault,Fiat}', ${n}, 389))`,
  ];
  return `VALUES ${values.map((value, i) => `(${i + 1}, ${value})`).join(', ')}`;
}

/** Field k of the generator, in the alphabetical order of their keys. */
export const FIELD_KEYS = [
  ['adjuster', 'string'],
  ['amount', 'number'],
  ['city', 'string'],
  ['claim_number', 'string'],
  ['currency', 'string'],
  ['description', 'string'],
  ['insured_name', 'string'],
  ['loss_date', 'date'],
  ['policy_number', 'string'],
  ['vehicle_make', 'string'],
] as const;

export const FLOW_NAMES = [
  'Motor FNOL',
  'Invoice Intake',
  'Property Claims Triage',
  'Subrogation Review',
  'Broker Submission',
  'Loss Run Analysis',
  'Policy Endorsement',
  'Fraud Screening',
  'Medical Bill Review',
  'Total Loss Settlement',
  'Glass Claims',
  'Travel Claims',
  'Marine Cargo',
  'Liability Notice',
  'Renewal Intake',
  'Premium Audit',
  'Catastrophe Claims',
  'Salvage Auction',
  'Recovery Letters',
  'Coverage Verification',
];

const SUMMARIES = [
  'Claim reported by the insured after a collision; documents complete',
  'Invoice received from the repair shop; amount within the policy limit',
  'Water damage reported at the insured property; adjuster visit pending',
  'Police report attached; liability appears to rest with the third party',
  'Duplicate submission suspected; compare with earlier claims',
  'Medical invoices attached; treatment dates match the loss date',
  'Late notification of loss; coverage review recommended',
  'Vehicle declared a total loss; salvage value estimated',
];

const INSIGHTS = [
  'Low severity, straight-through processing possible',
  'High fraud risk: repeated claims in twelve months',
  'Coverage gap: endorsement expired before the loss',
  'Subrogation opportunity against the third party insurer',
  'Reserve should be increased',
  'No issues found',
];

/** Share of each status per 100 items. */
const STATUS_MIX: Array<[string, number]> = [
  ['QUEUED', 5],
  ['IN_PROGRESS', 10],
  ['REVIEW', 30],
  ['DEFERRED', 5],
  ['COMPLETE', 40],
  ['CLOSED', 5],
  ['FAILED', 3],
  ['CANCELED', 2],
];

function sqlArray(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
}

function statusCase(): string {
  let upper = 0;
  const branches = STATUS_MIX.map(([status, share]) => {
    upper += share;
    return `WHEN pg_temp.h(n, 100) % 100 < ${upper} THEN '${status}'`;
  });
  return `CASE ${branches.join(' ')} END`;
}

/** $1 organization, $2 workspace, $3 project, $4 first n, $5 last n, $6 total items. */
export const INSERT_ITEMS = `
  INSERT INTO items.items (id, organization_id, workspace_id, project_id, display_id,
    display_name, summary, insight, status, flow_id, flow_name, temporal_workflow_id,
    assignee_id, reviewer_name, deferred_until, field_text, created_at, updated_at)
  SELECT gen_random_uuid(), $1, $2, $3, n,
    'Claim ' || n || ' ' || pg_temp.company(n),
    (${sqlArray(SUMMARIES)})[1 + pg_temp.h(n, 13) % ${SUMMARIES.length}],
    (${sqlArray(INSIGHTS)})[1 + pg_temp.h(n, 17) % ${INSIGHTS.length}],
    s.status,
    'flow-' || (pg_temp.h(n, 11) % ${FLOW_NAMES.length}),
    (${sqlArray(FLOW_NAMES)})[1 + pg_temp.h(n, 11) % ${FLOW_NAMES.length}],
    'exec-bench-' || n,
    CASE WHEN s.status IN ('REVIEW','DEFERRED','COMPLETE','CLOSED') THEN md5('reviewer-' || pg_temp.h(n, 40) % 40)::uuid END,
    CASE WHEN s.status IN ('REVIEW','DEFERRED','COMPLETE','CLOSED') THEN 'Reviewer ' || pg_temp.h(n, 40) % 40 END,
    CASE WHEN s.status = 'DEFERRED' THEN now() + interval '30 days' END,
    (SELECT string_agg(pg_temp.value_text(v.value), ' ' ORDER BY v.k) FROM (${fieldValues('n')}) AS v(k, value)),
    now() - make_interval(secs => ($6 - n) * 31.5),
    now() - make_interval(secs => ($6 - n) * 31.5) + interval '7 minutes'
  FROM generate_series($4::bigint, $5::bigint) AS n
  CROSS JOIN LATERAL (SELECT ${statusCase()} AS status) s`;

/** $1 organization, $2 first n, $3 last n. */
export const INSERT_FIELDS = `
  INSERT INTO items.fields (id, item_id, organization_id, document_id, key, type, value,
    value_text, confidence, flagged, version, current_version_id, updated_at)
  SELECT gen_random_uuid(), i.id, i.organization_id, NULL,
    (${sqlArray(FIELD_KEYS.map(([key]) => key))})[v.k],
    (${sqlArray(FIELD_KEYS.map(([, type]) => type))})[v.k], v.value,
    pg_temp.value_text(v.value), 0.5 + (pg_temp.h(i.display_id, v.k) % 50) / 100.0,
    pg_temp.h(i.display_id, v.k) % 50 < 5, 1, gen_random_uuid(), i.created_at
  FROM items.items i
  CROSS JOIN LATERAL (${fieldValues('i.display_id')}) AS v(k, value)
  WHERE i.organization_id = $1 AND i.display_id BETWEEN $2 AND $3`;

/** $1 organization, $2 first n, $3 last n. */
export const INSERT_FIELD_VERSIONS = `
  INSERT INTO items.field_versions (id, field_id, item_id, organization_id, version, type, value,
    confidence, grounding, flagged, flag_reasons, source, created_at)
  SELECT f.current_version_id, f.id, f.item_id, f.organization_id, 1, f.type, f.value,
    f.confidence, f.grounding, f.flagged, f.flag_reasons, 'extraction', f.updated_at
  FROM items.fields f JOIN items.items i ON i.id = f.item_id
  WHERE i.organization_id = $1 AND i.display_id BETWEEN $2 AND $3`;
