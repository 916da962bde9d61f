import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { parseAllDocuments } from 'yaml';

import { KUBERNETES_VERSION, SCHEMA_DIR } from '../../../deploy/tools/kubernetes-schemas';
import { K8sObject } from './k8s.types';

const ROOT = path.resolve(__dirname, '../../..');
export const CHART = path.join(ROOT, 'helm/docket');
export const PRODUCTION_VALUES = path.join(CHART, 'ci/production-values.yaml');
const TOOLS_BIN = path.join(ROOT, '.tools/bin');
/** A supported cluster version; helm's offline default (1.20) is older than the chart allows.
 * The same minor as the vendored schemas kubeconform validates against. */
const KUBE_VERSION = KUBERNETES_VERSION.replace(/\.\d+$/, '.0');
export const RELEASE = 'docket';
export const NAMESPACE = 'docket';

export interface RenderOptions {
  valuesFiles?: string[];
  set?: Record<string, string>;
}

/**
 * Builds (or copies from the per-user cache) helm, kube-linter and kubeconform into .tools/bin. A tool that
 * cannot be had fails the suite with the script's own explanation: the chart checks never skip.
 */
export function ensureChartTools(): void {
  const result = spawnSync('bash', [path.join(ROOT, 'deploy/tools/ensure-tools.sh')], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30 * 60_000,
  });
  if (result.status !== 0) {
    throw new Error(
      `deploy/tools/ensure-tools.sh failed (${result.status ?? result.signal}):\n${result.stderr}`,
    );
  }
}

function helmArgs(command: string, options: RenderOptions): string[] {
  const args = [command];
  if (command === 'template') args.push(RELEASE);
  args.push(CHART, '--namespace', NAMESPACE, '--kube-version', KUBE_VERSION);
  for (const file of options.valuesFiles ?? []) args.push('--values', file);
  for (const [key, value] of Object.entries(options.set ?? {}))
    args.push('--set', `${key}=${value}`);
  return args;
}

export function helm(command: 'lint' | 'template', options: RenderOptions = {}): string {
  return execFileSync(path.join(TOOLS_BIN, 'helm'), [...helmArgs(command, options)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function helmLint(options: RenderOptions = {}): string {
  return execFileSync(path.join(TOOLS_BIN, 'helm'), [...helmArgs('lint', options), '--strict'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function renderManifests(options: RenderOptions = {}): string {
  return helm('template', options);
}

export function renderChart(options: RenderOptions = {}): K8sObject[] {
  return parseAllDocuments(renderManifests(options))
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

/** The error helm prints when the chart refuses a configuration. */
export function renderFailure(options: RenderOptions): string {
  const result = spawnSync(path.join(TOOLS_BIN, 'helm'), helmArgs('template', options), {
    encoding: 'utf8',
  });
  if (result.status === 0) throw new Error('expected the chart to refuse these values');
  return result.stderr;
}

/** Runs kube-linter with the chart's configuration over rendered manifests. */
export function kubeLint(manifests: Record<string, string>): { status: number; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'docket-kube-linter-'));
  try {
    const files = Object.entries(manifests).map(([name, text]) => {
      const file = path.join(dir, `${name}.yaml`);
      writeFileSync(file, text);
      return file;
    });
    const result = spawnSync(
      path.join(TOOLS_BIN, 'kube-linter'),
      ['lint', '--config', path.join(CHART, '.kube-linter.yaml'), ...files],
      { encoding: 'utf8' },
    );
    return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Custom resources the chart renders for operators it integrates with (KEDA, External Secrets);
 * their schemas ship with those operators' CRDs, not with Kubernetes, so kubeconform skips them
 * and the chart tests assert their content instead. */
export const CUSTOM_RESOURCE_KINDS = ['ScaledObject', 'TriggerAuthentication', 'ExternalSecret'];

export interface ConformResult {
  status: number;
  summary: { valid: number; invalid: number; errors: number; skipped: number };
  problems: string[];
}

interface KubeconformJson {
  resources: { filename: string; kind: string; name: string; status: string; msg: string }[];
  summary: { valid: number; invalid: number; errors: number; skipped: number };
}

/**
 * kubeconform -strict over rendered manifests, against the vendored Kubernetes schemas only
 * (deploy/tools/kubernetes-schemas.ts writes them): no network, and a kind without a schema is
 * an error unless it is one of CUSTOM_RESOURCE_KINDS.
 */
export function kubeconform(manifests: string): ConformResult {
  const result = spawnSync(
    path.join(TOOLS_BIN, 'kubeconform'),
    [
      '-strict',
      '-summary',
      '-output',
      'json',
      '-kubernetes-version',
      KUBERNETES_VERSION,
      '-schema-location',
      path.join(
        path.dirname(SCHEMA_DIR),
        '{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json',
      ),
      '-skip',
      CUSTOM_RESOURCE_KINDS.join(','),
      '-',
    ],
    { input: manifests, encoding: 'utf8' },
  );
  const report = JSON.parse(result.stdout) as KubeconformJson;
  return {
    status: result.status ?? -1,
    summary: report.summary,
    problems: report.resources
      .filter((r) => r.status !== 'statusValid' && r.status !== 'statusSkipped')
      .map((r) => `${r.kind} ${r.name}: ${r.msg}`),
  };
}
