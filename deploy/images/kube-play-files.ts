import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { stringify } from 'yaml';

import { K8sObject, playChart } from './kube-play';
import { parseManifests, playSecretValues, renderPlayChart } from './kube-play-chart';

/**
 * Renders the chart with helm/docket/ci/podman-play-values.yaml and writes the files
 * deploy/images/chart-play.sh plays (deploy/images/kube-play.ts says what is played and why):
 *
 *   node -r @swc-node/register deploy/images/kube-play-files.ts <image tag> <out dir>
 *
 *   rendered.yaml    the chart as helm renders it (release docket-play)
 *   secrets/<name>   each Secret the chart reads, filled for this machine (play profile), in
 *                    the form podman 4.3 reads a secretKeyRef from: a JSON object of base64
 *                    values, stored with `podman secret create <name>`. (4.3 also stores a
 *                    `kind: Secret` document played from YAML, but as YAML, which its own
 *                    secretKeyRef lookup then refuses: "secret ... is not valid JSON".)
 *   migrations.yaml  the migrations Job as a Pod that runs once
 *   services.yaml    the Deployments
 *   migrations.tsv   the migrations container, and the Job's activeDeadlineSeconds
 *   namespace        the Temporal namespace the services use
 *   pods.tsv         per service: component pod container port startup-path readiness-path
 *                    liveness-path startup-seconds grace-seconds (what the script waits for,
 *                    probes and stops)
 *
 * and prints the rendered objects left out, by kind, with the reason.
 */
const [tag, outDir] = process.argv.slice(2);
if (!tag || !outDir) {
  process.stderr.write('usage: kube-play-files.ts <image tag> <out dir>\n');
  process.exit(2);
}

const rendered = renderPlayChart(tag);
writeFileSync(path.join(outDir, 'rendered.yaml'), rendered);
const chart = playChart(parseManifests(rendered), playSecretValues());

const yaml = (list: K8sObject[]) => list.map((o) => stringify(o)).join('---\n');
mkdirSync(path.join(outDir, 'secrets'), { recursive: true });
for (const secret of chart.secrets) {
  const keys = secret.stringData as Record<string, string>;
  const data = Object.fromEntries(
    Object.entries(keys).map(([key, value]) => [key, Buffer.from(value).toString('base64')]),
  );
  writeFileSync(path.join(outDir, 'secrets', secret.metadata.name), JSON.stringify(data), {
    mode: 0o600,
  });
}
writeFileSync(path.join(outDir, 'migrations.yaml'), yaml([chart.migrations]));
writeFileSync(path.join(outDir, 'services.yaml'), yaml(chart.services));
writeFileSync(
  path.join(outDir, 'migrations.tsv'),
  `${chart.migrationsContainer}\t${chart.migrationsDeadlineSeconds}\n`,
);
writeFileSync(path.join(outDir, 'namespace'), `${chart.temporalNamespace}\n`);
writeFileSync(
  path.join(outDir, 'pods.tsv'),
  chart.pods
    .map((p) =>
      [
        p.component,
        p.pod,
        p.container,
        p.port,
        p.startupPath,
        p.readinessPath,
        p.livenessPath,
        p.startupSeconds,
        p.graceSeconds,
      ].join('\t'),
    )
    .map((line) => `${line}\n`)
    .join(''),
);
const leftOutKinds = [...new Set(chart.leftOut.map((o) => o.kind))];
for (const kind of leftOutKinds) {
  const objects = chart.leftOut.filter((o) => o.kind === kind);
  process.stdout.write(
    `not played: ${kind} x${objects.length} (${objects[0].reason}): ${objects.map((o) => o.name).join(', ')}\n`,
  );
}
