import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes the Kubernetes JSON schemas kubeconform validates the chart against (test/deploy), in
 * the "standalone-strict" layout kubeconform reads: one self-contained file per kind, every
 * $ref inlined, unknown fields refused. Only the kinds the chart renders are kept, so the
 * vendored set stays small; the chart test fails when the chart starts rendering a kind that is
 * missing here.
 *
 * The source is the OpenAPI document of the Kubernetes release itself (api/openapi-spec in the
 * k8s.io/kubernetes Go module, fetched with `go mod download`), so nothing is downloaded at test
 * time and a new cluster version is one re-run away:
 *
 *   node -r @swc-node/register deploy/tools/kubernetes-schemas.ts
 */
export const KUBERNETES_VERSION = '1.30.14';
export const SCHEMA_DIR = path.resolve(
  __dirname,
  '../../test/deploy/kubernetes-schemas',
  `v${KUBERNETES_VERSION}-standalone-strict`,
);

/** apiVersion and kind of every built-in object the chart renders. */
export const CHART_KINDS: readonly [apiVersion: string, kind: string][] = [
  ['apps/v1', 'Deployment'],
  ['v1', 'Service'],
  ['v1', 'ServiceAccount'],
  ['batch/v1', 'Job'],
  ['policy/v1', 'PodDisruptionBudget'],
  ['autoscaling/v2', 'HorizontalPodAutoscaler'],
  ['networking.k8s.io/v1', 'Ingress'],
  ['networking.k8s.io/v1', 'NetworkPolicy'],
];

type Schema = Record<string, unknown> & {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  type?: string | string[];
  format?: string;
};

interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** kubeconform's file name for a kind: deployment-apps-v1.json, service-v1.json. */
export function schemaFileName(apiVersion: string, kind: string): string {
  const [groupOrVersion, version] = apiVersion.split('/');
  const suffix = version
    ? `-${groupOrVersion.split('.')[0].toLowerCase()}-${version.toLowerCase()}`
    : `-${groupOrVersion.toLowerCase()}`;
  return `${kind.toLowerCase()}${suffix}.json`;
}

function openApiDocument(): { definitions: Record<string, Schema> } {
  const go = process.env.GO ?? 'go';
  const download = JSON.parse(
    execFileSync(go, ['mod', 'download', '-json', `k8s.io/kubernetes@v${KUBERNETES_VERSION}`], {
      encoding: 'utf8',
      env: { ...process.env, GOFLAGS: '-mod=mod' },
    }),
  ) as { Dir: string };
  return JSON.parse(
    readFileSync(path.join(download.Dir, 'api/openapi-spec/swagger.json'), 'utf8'),
  ) as { definitions: Record<string, Schema> };
}

/**
 * Inlines every $ref and makes objects strict. Quantities and int-or-string values accept both
 * of their YAML spellings, as the API server does.
 */
function standalone(definitions: Record<string, Schema>, schema: Schema, seen: string[]): Schema {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/definitions/', '');
    if (name === 'io.k8s.apimachinery.pkg.util.intstr.IntOrString') {
      return { oneOf: [{ type: 'string' }, { type: 'integer' }] };
    }
    if (name === 'io.k8s.apimachinery.pkg.api.resource.Quantity') {
      return { oneOf: [{ type: 'string' }, { type: 'number' }] };
    }
    if (seen.includes(name)) throw new Error(`recursive definition ${name}`);
    const { $ref: _ref, ...rest } = schema;
    return { ...standalone(definitions, definitions[name], [...seen, name]), ...rest };
  }
  const result: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Descriptions triple the size and validate nothing.
    if (key.startsWith('x-kubernetes-') || key === 'description') continue;
    if (key === 'properties') {
      result.properties = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([name, property]) => [
          name,
          standalone(definitions, property, seen),
        ]),
      );
    } else if ((key === 'items' || key === 'additionalProperties') && typeof value === 'object') {
      result[key] = standalone(definitions, value as Schema, seen);
    } else {
      result[key] = value;
    }
  }
  if (result.properties && result.additionalProperties === undefined) {
    result.additionalProperties = false;
  }
  return result;
}

function definitionOf(definitions: Record<string, Schema>, apiVersion: string, kind: string) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const match = Object.entries(definitions).find(([, schema]) =>
    ((schema['x-kubernetes-group-version-kind'] ?? []) as GroupVersionKind[]).some(
      (gvk) => gvk.group === group && gvk.version === version && gvk.kind === kind,
    ),
  );
  if (!match) throw new Error(`Kubernetes ${KUBERNETES_VERSION} has no ${apiVersion} ${kind}`);
  return match;
}

function main(): void {
  const { definitions } = openApiDocument();
  rmSync(SCHEMA_DIR, { recursive: true, force: true });
  mkdirSync(SCHEMA_DIR, { recursive: true });
  for (const [apiVersion, kind] of CHART_KINDS) {
    const [name, definition] = definitionOf(definitions, apiVersion, kind);
    const schema = standalone(definitions, definition, [name]);
    // The object's own apiVersion and kind, exactly.
    schema.properties!.apiVersion = { type: 'string', enum: [apiVersion] };
    schema.properties!.kind = { type: 'string', enum: [kind] };
    schema.$schema = 'http://json-schema.org/schema#';
    writeFileSync(path.join(SCHEMA_DIR, schemaFileName(apiVersion, kind)), JSON.stringify(schema));
    process.stdout.write(`${schemaFileName(apiVersion, kind)}\n`);
  }
}

if (require.main === module) main();
