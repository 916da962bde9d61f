import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parse } from 'yaml';

import { CHART_KINDS, SCHEMA_DIR, schemaFileName } from '../../deploy/tools/kubernetes-schemas';
import {
  DEPLOYED_SERVICES,
  loadServiceSettings,
  ServiceName,
} from '../../deploy/tools/service-settings';
import {
  CHART,
  CUSTOM_RESOURCE_KINDS,
  ensureChartTools,
  helmLint,
  kubeconform,
  kubeLint,
  NAMESPACE,
  PRODUCTION_VALUES,
  RELEASE,
  renderChart,
  renderFailure,
  renderManifests,
  RenderOptions,
} from './support/helm.runner';
import {
  Container,
  DeploymentSpec,
  EnvVar,
  ExternalSecretSpec,
  HorizontalPodAutoscalerSpec,
  IngressSpec,
  JobSpec,
  K8sObject,
  LabelSelector,
  NetworkPolicySpec,
  PodDisruptionBudgetSpec,
  ScaledObjectSpec,
  ServiceSpec,
  TriggerAuthenticationSpec,
} from './support/k8s.types';

/**
 * The Helm chart, checked the way `npm test` runs it: helm lint, helm template with the default
 * and a production-like values file, kube-linter on what renders, and assertions on the rendered
 * objects. What each service must receive is read from its config class, not listed here.
 */
const PRODUCTION: RenderOptions = { valuesFiles: [PRODUCTION_VALUES] };
const APP_VERSION = (parse(readFileSync(path.join(CHART, 'Chart.yaml'), 'utf8')) as Chart)
  .appVersion;

interface Chart {
  appVersion: string;
}

let defaults: K8sObject[];
let production: K8sObject[];

beforeAll(() => {
  ensureChartTools();
  defaults = renderChart();
  production = renderChart(PRODUCTION);
}, 30 * 60_000);

function ofKind<Spec>(objects: K8sObject[], kind: string): K8sObject<Spec>[] {
  return objects.filter((o) => o.kind === kind) as K8sObject<Spec>[];
}

function one<Spec>(objects: K8sObject[], kind: string, name: string): K8sObject<Spec> {
  const found = ofKind<Spec>(objects, kind).filter((o) => o.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
  return found[0];
}

const nameOf = (service: string) => `${RELEASE}-${service}`;

function deployment(objects: K8sObject[], service: string): K8sObject<DeploymentSpec> {
  return one<DeploymentSpec>(objects, 'Deployment', nameOf(service));
}

function container(objects: K8sObject[], service: string): Container {
  const containers = deployment(objects, service).spec!.template.spec.containers;
  expect(containers).toHaveLength(1);
  return containers[0];
}

function envOf(c: Container): Map<string, EnvVar> {
  const names = (c.env ?? []).map((e) => e.name);
  expect(new Set(names).size).toBe(names.length); // no variable set twice
  return new Map((c.env ?? []).map((e) => [e.name, e]));
}

function selects(selector: LabelSelector, labels: Record<string, string> = {}): boolean {
  return Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
}

function podLabels(objects: K8sObject[], service: string): Record<string, string> {
  return deployment(objects, service).spec!.template.metadata.labels ?? {};
}

async function settingsOf(service: ServiceName) {
  return (await loadServiceSettings(service)).settings;
}

const RENDERS: [string, () => K8sObject[]][] = [
  ['default values', () => defaults],
  ['production-like values', () => production],
];

describe('helm/docket: lint', () => {
  it('passes helm lint --strict with the default and the production-like values', () => {
    expect(helmLint()).toContain('0 chart(s) failed');
    expect(helmLint(PRODUCTION)).toContain('0 chart(s) failed');
  });

  it('kube-linter (every built-in check but the documented exclusions) finds nothing', () => {
    const config = parse(readFileSync(path.join(CHART, '.kube-linter.yaml'), 'utf8')) as {
      checks: { addAllBuiltIn: boolean; exclude: string[] };
    };
    expect(config.checks.addAllBuiltIn).toBe(true);
    const result = kubeLint({
      default: renderManifests(),
      production: renderManifests(PRODUCTION),
      'temporal-api-key': renderManifests({
        valuesFiles: [PRODUCTION_VALUES],
        set: { 'temporal.tls.enabled': 'false', 'temporal.apiKey.secretName': 'temporal-key' },
      }),
    });
    expect(result.output).toContain('No lint errors found!');
    expect(result.status).toBe(0);
  });
});

describe('helm/docket: Kubernetes API schemas (kubeconform -strict)', () => {
  const VARIANTS: [string, RenderOptions][] = [
    ['default values', {}],
    ['production-like values', PRODUCTION],
    [
      'a Temporal API key instead of mTLS',
      {
        valuesFiles: [PRODUCTION_VALUES],
        set: { 'temporal.tls.enabled': 'false', 'temporal.apiKey.secretName': 'temporal-key' },
      },
    ],
    [
      'autoscaling off and a LoadBalancer gateway',
      {
        set: {
          'services.items.autoscaling.enabled': 'false',
          'services.items.replicas': '3',
          'services.gateway.service.type': 'LoadBalancer',
        },
      },
    ],
  ];

  it.each(VARIANTS)('every built-in object rendered with %s conforms', (_label, options) => {
    const manifests = renderManifests(options);
    const result = kubeconform(manifests);
    expect(result.problems).toEqual([]);
    expect(result.status).toBe(0);
    const objects = renderChart(options);
    const builtIn = objects.filter((o) => !CUSTOM_RESOURCE_KINDS.includes(o.kind));
    expect(result.summary.valid).toBe(builtIn.length);
    expect(result.summary.skipped).toBe(objects.length - builtIn.length);
  });

  it('has a vendored schema for every built-in kind the chart renders', () => {
    const rendered = new Set(
      [...defaults, ...production]
        .filter((o) => !CUSTOM_RESOURCE_KINDS.includes(o.kind))
        .map((o) => `${o.apiVersion} ${o.kind}`),
    );
    expect([...rendered].sort()).toEqual(CHART_KINDS.map(([v, k]) => `${v} ${k}`).sort());
    for (const [apiVersion, kind] of CHART_KINDS) {
      expect(existsSync(path.join(SCHEMA_DIR, schemaFileName(apiVersion, kind)))).toBe(true);
    }
  });

  it('refuses what the API server would: a misspelt field, a wrong type, an unknown kind', () => {
    const deployment = renderManifests()
      .split(/^---$/m)
      .find((document) => /^kind: Deployment$/m.test(document))!;
    const misspelt = deployment.replace(/^(\s+)containers:$/m, '$1containerz:');
    expect(kubeconform(misspelt).problems).toEqual([
      expect.stringMatching(/Deployment .*containerz/),
    ]);
    const wrongType = deployment.replace(/^(\s+)containerPort: \d+$/m, '$1containerPort: [80]');
    expect(kubeconform(wrongType).problems).toEqual([
      expect.stringMatching(/Deployment .*containerPort/),
    ]);
    const unknownKind = 'apiVersion: apps/v1\nkind: DaemonSett\nmetadata:\n  name: x\n';
    expect(kubeconform(unknownKind).problems).toEqual([
      expect.stringMatching(/DaemonSett x: could not find schema/),
    ]);
  });
});

describe.each(RENDERS)('helm/docket with %s', (_label, objects) => {
  it('renders a Deployment, Service, ServiceAccount and PodDisruptionBudget per service', () => {
    for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget']) {
      expect(
        ofKind(objects(), kind)
          .map((o) => o.metadata.name)
          .sort(),
      ).toEqual(DEPLOYED_SERVICES.map(nameOf).sort());
    }
    const accounts = ofKind(objects(), 'ServiceAccount').map((o) => o.metadata.name);
    for (const service of DEPLOYED_SERVICES) expect(accounts).toContain(nameOf(service));
    for (const object of objects()) expect(object.metadata.namespace).toBe(NAMESPACE);
  });

  it.each(DEPLOYED_SERVICES)('%s: probes /healthz and /readyz on its HTTP port', (service) => {
    const c = container(objects(), service);
    const port = c.ports!.find((p) => p.name === 'http')!;
    expect(String(port.containerPort)).toBe(envOf(c).get('HTTP_PORT')?.value);
    expect(c.startupProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    if (service === 'gateway') expect(port.containerPort).toBe(3000);
  });

  it.each(DEPLOYED_SERVICES)('%s: requests and limits CPU and memory', (service) => {
    const { requests, limits } = container(objects(), service).resources ?? {};
    for (const bound of [requests, limits]) {
      expect(bound?.cpu).toBeTruthy();
      expect(bound?.memory).toBeTruthy();
    }
  });

  it.each(DEPLOYED_SERVICES)(
    '%s: runs non-root with a read-only root, no privilege escalation and no capabilities',
    (service) => {
      const pod = deployment(objects(), service).spec!.template.spec;
      expect(pod.securityContext).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(pod.securityContext!.runAsUser).toBeGreaterThan(0);
      const c = container(objects(), service);
      expect(c.securityContext).toMatchObject({
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        privileged: false,
        capabilities: { drop: ['ALL'] },
      });
      expect(c.securityContext!.capabilities!.add).toBeUndefined();
      // The one writable path is a scratch emptyDir.
      const tmp = pod.volumes!.find((v) => v.name === 'tmp');
      expect(tmp?.emptyDir).toBeDefined();
      expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(pod.serviceAccountName).toBe(nameOf(service));
      expect(pod.automountServiceAccountToken).toBe(false);
      expect(c.image).not.toMatch(/:latest$/);
      expect(c.image).toMatch(new RegExp(`/docket/${service}[:@]`));
      if (objects() === defaults) expect(c.image).toBe(`ghcr.io/docket/${service}:${APP_VERSION}`);
    },
  );

  it.each(DEPLOYED_SERVICES)(
    '%s: gets every setting its config class needs from a deployment',
    async (service) => {
      const env = envOf(container(objects(), service));
      const needed = (await settingsOf(service)).filter((s) => s.perDeployment);
      expect(needed.length).toBeGreaterThan(0);
      const workloadIdentity = objects() === production;
      for (const setting of needed) {
        // With Azure workload identity the account URL and a federated token replace the key.
        if (workloadIdentity && setting.variable === 'AZURE_STORAGE_CONNECTION_STRING') {
          expect(env.get('AZURE_STORAGE_ACCOUNT_URL')?.value).toMatch(/^https:\/\//);
          expect(env.has(setting.variable)).toBe(false);
          continue;
        }
        expect({ service, variable: setting.variable, set: env.has(setting.variable) }).toEqual({
          service,
          variable: setting.variable,
          set: true,
        });
      }
      expect(env.get('DOCKET_ENV')?.value).toBe('production');
      expect(env.get('HTTP_HOST')?.value).toBe('0.0.0.0');
    },
  );

  it.each(DEPLOYED_SERVICES)(
    '%s: receives secrets only through secretKeyRef, and only the secrets it reads',
    async (service) => {
      const own = new Set(
        (await settingsOf(service)).filter((s) => s.secret).map((s) => s.variable),
      );
      const everySecret = new Set<string>(['TEMPORAL_API_KEY']);
      for (const other of DEPLOYED_SERVICES) {
        for (const s of await settingsOf(other)) if (s.secret) everySecret.add(s.variable);
      }
      for (const variable of envOf(container(objects(), service)).values()) {
        if (!everySecret.has(variable.name)) continue;
        expect(variable.value).toBeUndefined();
        expect(variable.valueFrom?.secretKeyRef?.name).toBeTruthy();
        if (variable.name !== 'TEMPORAL_API_KEY') expect(own.has(variable.name)).toBe(true);
      }
    },
  );

  it('creates no Secret: credentials never pass through values', () => {
    expect(ofKind(objects(), 'Secret')).toEqual([]);
  });

  it('exposes only the gateway: every other Service is ClusterIP and never routed', () => {
    for (const service of ofKind<ServiceSpec>(objects(), 'Service')) {
      expect(service.spec!.type).toBe('ClusterIP');
      const target = DEPLOYED_SERVICES.find((s) => nameOf(s) === service.metadata.name)!;
      expect(selects({ matchLabels: service.spec!.selector }, podLabels(objects(), target))).toBe(
        true,
      );
    }
    for (const ingress of ofKind<IngressSpec>(objects(), 'Ingress')) {
      const backends = ingress.spec!.rules.flatMap((r) =>
        r.http.paths.map((p) => p.backend.service.name),
      );
      expect(new Set(backends)).toEqual(new Set([nameOf('gateway')]));
    }
  });

  it('isolates every pod with NetworkPolicies: only the gateway takes outside traffic', () => {
    const policies = ofKind<NetworkPolicySpec>(objects(), 'NetworkPolicy');
    const denyAll = policies.find((p) => p.metadata.name === `${RELEASE}-default-deny`)!;
    expect(denyAll.spec!.policyTypes).toEqual(['Ingress']);
    expect(denyAll.spec!.ingress).toBeUndefined();
    for (const service of DEPLOYED_SERVICES) {
      const labels = podLabels(objects(), service);
      expect(selects(denyAll.spec!.podSelector, labels)).toBe(true);
      const rules = policies
        .filter((p) => selects(p.spec!.podSelector, labels))
        .flatMap((p) => p.spec!.ingress ?? []);
      for (const rule of rules) expect(rule.ports).toEqual([{ port: 'http', protocol: 'TCP' }]);
      const openToAnyone = rules.some((r) => !r.from || r.from.length === 0);
      expect({ service, openToAnyone }).toEqual({
        service,
        openToAnyone: service === 'gateway' && objects() === defaults,
      });
    }
    const migrations = one<JobSpec>(objects(), 'Job', nameOf('migrations'));
    expect(selects(denyAll.spec!.podSelector, migrations.spec!.template.metadata.labels)).toBe(
      true,
    );
  });

  it('gives every service a PodDisruptionBudget over exactly its pods', () => {
    for (const service of DEPLOYED_SERVICES) {
      const pdb = one<PodDisruptionBudgetSpec>(objects(), 'PodDisruptionBudget', nameOf(service));
      expect(pdb.spec!.maxUnavailable).toBe(1);
      expect(pdb.spec!.selector.matchLabels).toEqual(
        deployment(objects(), service).spec!.selector.matchLabels,
      );
      for (const other of DEPLOYED_SERVICES.filter((s) => s !== service)) {
        expect(selects(pdb.spec!.selector, podLabels(objects(), other))).toBe(false);
      }
    }
  });

  it('applies migrations in a pre-install/pre-upgrade hook Job before any pod changes', () => {
    const job = one<JobSpec>(objects(), 'Job', nameOf('migrations'));
    expect(job.metadata.annotations!['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const pod = job.spec!.template.spec;
    const [c] = pod.containers;
    expect(c.image).toMatch(/\/docket\/migrations[:@]/);
    const databaseUrl = envOf(c).get('DATABASE_URL');
    expect(databaseUrl?.valueFrom?.secretKeyRef).toEqual(
      envOf(container(objects(), 'identity')).get('DATABASE_URL')?.valueFrom?.secretKeyRef,
    );
    expect(c.securityContext).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
    });
    expect(c.resources?.limits?.memory).toBeTruthy();
    // Its ServiceAccount must exist before it: hooks run before the release's own objects.
    const account = one(objects(), 'ServiceAccount', pod.serviceAccountName!);
    expect(account.metadata.annotations!['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(Number(account.metadata.annotations!['helm.sh/hook-weight'])).toBeLessThan(
      Number(job.metadata.annotations!['helm.sh/hook-weight']),
    );
  });
});

describe('helm/docket: autoscaling', () => {
  it('gives every service a CPU HorizontalPodAutoscaler by default, and no fixed replicas', () => {
    const hpas = ofKind<HorizontalPodAutoscalerSpec>(defaults, 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec!.scaleTargetRef.name).sort()).toEqual(
      DEPLOYED_SERVICES.map(nameOf).sort(),
    );
    for (const hpa of hpas) {
      expect(hpa.spec!.scaleTargetRef.kind).toBe('Deployment');
      expect(hpa.spec!.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec!.maxReplicas).toBeGreaterThan(hpa.spec!.minReplicas);
      expect(hpa.spec!.metrics.map((m) => m.resource?.name)).toContain('cpu');
    }
    for (const service of DEPLOYED_SERVICES) {
      expect(deployment(defaults, service).spec!.replicas).toBeUndefined();
    }
    expect(ofKind(defaults, 'ScaledObject')).toEqual([]);
  });

  it('pins replicas for a service whose autoscaling is off', () => {
    const objects = renderChart({
      set: { 'services.items.autoscaling.enabled': 'false', 'services.items.replicas': '3' },
    });
    expect(deployment(objects, 'items').spec!.replicas).toBe(3);
    const targets = ofKind<HorizontalPodAutoscalerSpec>(objects, 'HorizontalPodAutoscaler').map(
      (h) => h.spec!.scaleTargetRef.name,
    );
    expect(targets).not.toContain(nameOf('items'));
    expect(targets).toContain(nameOf('files'));
  });

  it('scales workers on the Temporal task-queue backlog with KEDA when enabled', () => {
    const scaled = one<ScaledObjectSpec>(production, 'ScaledObject', nameOf('worker'));
    expect(scaled.apiVersion).toBe('keda.sh/v1alpha1');
    expect(scaled.spec!.scaleTargetRef.name).toBe(nameOf('worker'));
    expect(scaled.spec!.minReplicaCount).toBeLessThan(scaled.spec!.maxReplicaCount);
    const [trigger] = scaled.spec!.triggers;
    expect(trigger.type).toBe('temporal');
    // The scaler watches exactly the queue the workers poll.
    const env = envOf(container(production, 'worker'));
    expect(trigger.metadata).toMatchObject({
      endpoint: env.get('TEMPORAL_ADDRESS')?.value,
      namespace: env.get('TEMPORAL_NAMESPACE')?.value,
      taskQueue: env.get('TEMPORAL_TASK_QUEUE')?.value,
      tlsServerName: env.get('TEMPORAL_TLS_SERVER_NAME')?.value,
    });
    expect(Number(trigger.metadata.targetQueueSize)).toBeGreaterThan(0);
    const auth = one<TriggerAuthenticationSpec>(
      production,
      'TriggerAuthentication',
      trigger.authenticationRef!.name,
    );
    const tlsSecret = deployment(production, 'worker').spec!.template.spec.volumes!.find(
      (v) => v.name === 'temporal-tls',
    )!.secret!.secretName;
    expect(auth.spec!.secretTargetRef).toEqual([
      { parameter: 'cert', name: tlsSecret, key: 'tls.crt' },
      { parameter: 'key', name: tlsSecret, key: 'tls.key' },
    ]);
    // KEDA owns the worker's HPA; the other services keep theirs.
    const hpaTargets = ofKind<HorizontalPodAutoscalerSpec>(
      production,
      'HorizontalPodAutoscaler',
    ).map((h) => h.spec!.scaleTargetRef.name);
    expect(hpaTargets).not.toContain(nameOf('worker'));
    expect(hpaTargets).toHaveLength(DEPLOYED_SERVICES.length - 1);
    expect(deployment(production, 'worker').spec!.replicas).toBeUndefined();
  });

  it('defaults the scaler queue to the workers default queue and authenticates with an API key', () => {
    const objects = renderChart({
      set: {
        'services.worker.keda.enabled': 'true',
        'temporal.apiKey.secretName': 'temporal-cloud-key',
      },
    });
    const scaled = one<ScaledObjectSpec>(objects, 'ScaledObject', nameOf('worker'));
    expect(scaled.spec!.triggers[0].metadata.taskQueue).toBe('docket-flows');
    const auth = one<TriggerAuthenticationSpec>(
      objects,
      'TriggerAuthentication',
      scaled.spec!.triggers[0].authenticationRef!.name,
    );
    expect(auth.spec!.secretTargetRef).toEqual([
      { parameter: 'apiKey', name: 'temporal-cloud-key', key: 'api-key' },
    ]);
    expect(envOf(container(objects, 'worker')).get('TEMPORAL_API_KEY')).toEqual({
      name: 'TEMPORAL_API_KEY',
      valueFrom: { secretKeyRef: { name: 'temporal-cloud-key', key: 'api-key' } },
    });
  });
});

describe('helm/docket: external dependencies', () => {
  async function servicesReading(variable: string): Promise<ServiceName[]> {
    const readers: ServiceName[] = [];
    for (const service of DEPLOYED_SERVICES) {
      if ((await settingsOf(service)).some((s) => s.variable === variable)) readers.push(service);
    }
    return readers;
  }

  it('connects Temporal Cloud over mTLS: a read-only client certificate for every Temporal user', async () => {
    const temporalUsers = await servicesReading('TEMPORAL_ADDRESS');
    expect(temporalUsers).toContain('worker');
    for (const service of DEPLOYED_SERVICES) {
      const pod = deployment(production, service).spec!.template.spec;
      const env = envOf(pod.containers[0]);
      const volume = pod.volumes!.find((v) => v.name === 'temporal-tls');
      if (!temporalUsers.includes(service)) {
        expect(volume).toBeUndefined();
        expect(env.has('TEMPORAL_TLS_CERT_PATH')).toBe(false);
        continue;
      }
      expect(env.get('TEMPORAL_ADDRESS')?.value).toBe('docket-prod.a1b2c.tmprl.cloud:7233');
      expect(volume?.secret?.secretName).toBe('docket-temporal-cloud-mtls');
      const mount = pod.containers[0].volumeMounts!.find((m) => m.name === 'temporal-tls')!;
      expect(mount.readOnly).toBe(true);
      expect(env.get('TEMPORAL_TLS_CERT_PATH')?.value).toBe(`${mount.mountPath}/tls.crt`);
      expect(env.get('TEMPORAL_TLS_KEY_PATH')?.value).toBe(`${mount.mountPath}/tls.key`);
      expect(env.get('TEMPORAL_TLS_SERVER_NAME')?.value).toBe('docket-prod.a1b2c.tmprl.cloud');
    }
  });

  it('reaches Azure Storage through workload identity: no key, a federated service account', async () => {
    const storageUsers = await servicesReading('AZURE_STORAGE_CONNECTION_STRING');
    expect(storageUsers).toContain('files');
    for (const service of DEPLOYED_SERVICES) {
      const account = one(production, 'ServiceAccount', nameOf(service));
      const labels = podLabels(production, service);
      if (!storageUsers.includes(service)) {
        expect(labels['azure.workload.identity/use']).toBeUndefined();
        expect(account.metadata.annotations?.['azure.workload.identity/client-id']).toBeUndefined();
        continue;
      }
      expect(labels['azure.workload.identity/use']).toBe('true');
      expect(account.metadata.annotations).toMatchObject({
        'azure.workload.identity/client-id': '00000000-0000-4000-8000-000000000001',
        'azure.workload.identity/tenant-id': '00000000-0000-4000-8000-000000000002',
      });
    }
  });

  it('takes every referenced Secret from the external secrets manager', () => {
    const referenced = new Set<string>();
    for (const workload of [
      ...ofKind<DeploymentSpec>(production, 'Deployment'),
      ...ofKind<JobSpec>(production, 'Job'),
    ]) {
      for (const c of workload.spec!.template.spec.containers) {
        for (const e of c.env ?? []) {
          if (e.valueFrom?.secretKeyRef) referenced.add(e.valueFrom.secretKeyRef.name);
        }
      }
    }
    const external = ofKind<ExternalSecretSpec>(production, 'ExternalSecret');
    expect(new Set(external.map((e) => e.spec!.target.name))).toEqual(referenced);
    const jobWeight = Number(
      one(production, 'Job', nameOf('migrations')).metadata.annotations!['helm.sh/hook-weight'],
    );
    for (const secret of external) {
      expect(secret.spec!.secretStoreRef).toEqual({
        kind: 'ClusterSecretStore',
        name: 'azure-key-vault',
      });
      // Orphaned, so re-creating the hook on upgrade never deletes live credentials.
      expect(secret.spec!.target.creationPolicy).toBe('Orphan');
      expect(Number(secret.metadata.annotations!['helm.sh/hook-weight'])).toBeLessThan(jobWeight);
    }
  });

  it('refuses configurations that cannot work, saying what to change', () => {
    expect(renderFailure({ set: { 'image.tag': 'latest' } })).toContain('not latest');
    expect(
      renderFailure({
        set: { 'temporal.tls.enabled': 'true', 'temporal.apiKey.secretName': 'key' },
      }),
    ).toContain('not both');
    expect(renderFailure({ set: { 'storage.auth': 'workloadIdentity' } })).toContain(
      'storage.workloadIdentity',
    );
    expect(renderFailure({ set: { 'storage.auth': 'sharedKey' } })).toContain('/storage/auth');
    // values.schema.json: a misspelt key is an error, not a silently ignored setting.
    expect(renderFailure({ set: { 'services.gatway.replicas': '3' } })).toContain('gatway');
    expect(renderFailure({ set: { 'image.digests.worker': 'latest' } })).toContain(
      '/image/digests/worker',
    );
    expect(renderFailure({ set: { 'externalSecrets.enabled': 'true' } })).toContain(
      'secretStoreRef.name',
    );
  });

  it('lets only the gateway Service change type', () => {
    const objects = renderChart({
      set: {
        'services.gateway.service.type': 'LoadBalancer',
        'services.identity.service.type': 'LoadBalancer',
      },
    });
    expect(one<ServiceSpec>(objects, 'Service', nameOf('gateway')).spec!.type).toBe('LoadBalancer');
    expect(one<ServiceSpec>(objects, 'Service', nameOf('identity')).spec!.type).toBe('ClusterIP');
  });
});
