import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
  Container,
  K8sObject,
  NOT_PLAYED,
  playChart,
  PodSpec,
} from '../../deploy/images/kube-play';
import {
  parseManifests,
  PLAY_RELEASE,
  PLAY_VALUES,
  playSecretValues,
  renderPlayChart,
} from '../../deploy/images/kube-play-chart';
import { portOf, PROFILES, SERVICES } from '../../libs/testing/src/stack-profiles';
import { ensureChartTools, helmLint, kubeconform } from './support/helm.runner';

/**
 * `npm run chart:play` (deploy/images/chart-play.sh) plays the chart rendered with
 * helm/docket/ci/podman-play-values.yaml under podman kube play. These checks keep that values
 * file and the split of deploy/images/kube-play.ts playable without running podman: only kinds
 * kube play runs, the locally built images never pulled, one port per pod on the host network
 * and the same ones the `play` profile (how the smoke finds the stack) names.
 */
const TAG = 'spec-tag';
const PLAY = PROFILES.play;
let manifests: string;
let rendered: K8sObject[];

beforeAll(() => {
  ensureChartTools();
  manifests = renderPlayChart(TAG);
  rendered = parseManifests(manifests);
}, 30 * 60_000);

function played() {
  return playChart(rendered, playSecretValues());
}

function containerOf(workload: K8sObject): Container {
  const spec = (workload.spec as { template: { spec: PodSpec } }).template?.spec ?? workload.spec;
  return (spec as PodSpec).containers[0];
}

function env(container: Container): Record<string, string | undefined> {
  return Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
}

interface DeploymentTemplate {
  replicas: number;
  template: { spec: PodSpec };
}

const componentOf = (object: K8sObject) => object.metadata.labels!['app.kubernetes.io/component'];

describe('helm/docket rendered for podman kube play (podman-play-values.yaml)', () => {
  it('passes helm lint --strict (the values schema included)', () => {
    expect(helmLint({ valuesFiles: [PLAY_VALUES] })).toContain('0 chart(s) failed');
  });

  it('renders valid Kubernetes objects (kubeconform -strict)', () => {
    const result = kubeconform(manifests);
    expect(result.problems).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('plays one Deployment per service and explains every object it leaves out', () => {
    const chart = played();
    expect(chart.services.map(componentOf).sort()).toEqual([...SERVICES].sort());
    expect(chart.services.every((o) => o.kind === 'Deployment')).toBe(true);
    // What these values render besides: docs/operations.md lists the same kinds.
    expect([...new Set(chart.leftOut.map((o) => o.kind))].sort()).toEqual([
      'Job',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'Service',
      'ServiceAccount',
    ]);
    expect(chart.leftOut.length + chart.services.length).toBe(rendered.length);
    for (const object of chart.leftOut) expect(object.reason).toBe(NOT_PLAYED[object.kind]);
  });

  it('refuses a kind it neither plays nor explains', () => {
    const daemonSet = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'x' } };
    expect(() => playChart([...rendered, daemonSet], playSecretValues())).toThrow(
      /DaemonSet x, which is neither played nor explained/,
    );
  });

  it('refuses a second replica or a pulled image, which the host network and this machine cannot play', () => {
    const changed = (change: (spec: DeploymentTemplate) => void) =>
      rendered.map((object) => {
        if (object.kind !== 'Deployment' || componentOf(object) !== 'items') return object;
        const copy = structuredClone(object);
        change(copy.spec as unknown as DeploymentTemplate);
        return copy;
      });
    expect(() =>
      playChart(
        changed((spec) => (spec.replicas = 2)),
        playSecretValues(),
      ),
    ).toThrow(/docket-play-items: replicas must be 1 on the host network/);
    expect(() =>
      playChart(
        changed((spec) => (spec.template.spec.containers[0].imagePullPolicy = 'IfNotPresent')),
        playSecretValues(),
      ),
    ).toThrow(/docket-play-items: imagePullPolicy must be Never/);
  });

  it.each(SERVICES)('%s: the local image, never pulled, one replica', (service) => {
    const deployment = played().services.find((d) => componentOf(d) === service)!;
    const container = containerOf(deployment);
    expect(container.image).toBe(`localhost/docket/${service}:${TAG}`);
    expect(container.imagePullPolicy).toBe('Never');
    expect((deployment.spec as { replicas: number }).replicas).toBe(1);
    expect(deployment.metadata.name).toBe(`${PLAY_RELEASE}-${service}`);
  });

  it.each(SERVICES)(
    '%s: listens on the play profile port, probed there, with no port published',
    (service) => {
      const chart = played();
      const pod = chart.pods.find((p) => p.component === service)!;
      expect(pod.port).toBe(portOf(PLAY, service));
      const container = containerOf(chart.services.find((d) => componentOf(d) === service)!);
      expect(env(container).HTTP_PORT).toBe(String(pod.port));
      expect(container.ports).toBeUndefined();
      expect([pod.startupPath, pod.livenessPath, pod.readinessPath]).toEqual([
        '/healthz',
        '/healthz',
        '/readyz',
      ]);
      // The chart's startup probe: every 5 s, 24 failures allowed.
      expect(pod.startupSeconds).toBe(120);
      expect(pod.container).toBe(`${PLAY_RELEASE}-${service}-pod-0-${service}`);
    },
  );

  it('gives every pod a port of its own on the shared host network', () => {
    const ports = played().pods.map((p) => p.port);
    expect(new Set(ports).size).toBe(SERVICES.length);
  });

  it("uses the play profile's NATS prefix, Temporal namespace and a task queue of its own", () => {
    const chart = played();
    expect(chart.temporalNamespace).toBe(PLAY.env.TEMPORAL_NAMESPACE);
    for (const deployment of chart.services) {
      const settings = env(containerOf(deployment));
      expect(settings.DOCKET_NATS_PREFIX).toBe(PLAY.env.DOCKET_NATS_PREFIX);
      expect(settings.DOCKET_ENV).toBe(PLAY.env.DOCKET_ENV);
      if (settings.TEMPORAL_TASK_QUEUE !== undefined) {
        expect(settings.TEMPORAL_TASK_QUEUE).toBe(`${PLAY.env.DOCKET_NATS_PREFIX}-flows`);
      }
      if (settings.PUBLIC_BASE_URL !== undefined) {
        expect(settings.PUBLIC_BASE_URL).toBe(`http://localhost:${portOf(PLAY, 'gateway')}`);
      }
    }
  });

  it('fills every Secret a pod reads, with the play database in DATABASE_URL', () => {
    const chart = played();
    const secrets = new Map(
      chart.secrets.map((s) => [s.metadata.name, s.stringData as Record<string, string>]),
    );
    for (const workload of [...chart.services, chart.migrations]) {
      for (const variable of containerOf(workload).env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (ref) expect(secrets.get(ref.name)?.[ref.key]).toBeTruthy();
      }
    }
    const database = containerOf(chart.migrations).env!.find((e) => e.name === 'DATABASE_URL')!;
    const ref = database.valueFrom!.secretKeyRef!;
    expect(secrets.get(ref.name)![ref.key]).toBe(PLAY.env.DATABASE_URL);
    expect(PLAY.env.DATABASE_URL).toMatch(/\/docket_play$/);
  });

  it('says which Secret value is missing instead of playing without it', () => {
    const { DATABASE_URL: _missing, ...values } = playSecretValues();
    expect(() => playChart(rendered, values)).toThrow(
      /reads DATABASE_URL from Secret docket-database; the play has no value for it/,
    );
  });

  it("runs the migrations Job's pod once, within the Job's deadline", () => {
    const chart = played();
    const job = rendered.find((o) => o.kind === 'Job')!;
    expect(chart.migrations.kind).toBe('Pod');
    const spec = chart.migrations.spec as PodSpec;
    expect(spec.restartPolicy).toBe('Never');
    expect(containerOf(chart.migrations).image).toBe(`localhost/docket/migrations:${TAG}`);
    expect(chart.migrationsDeadlineSeconds).toBe(
      (job.spec as { activeDeadlineSeconds: number }).activeDeadlineSeconds,
    );
    expect(chart.migrationsContainer).toBe(`${PLAY_RELEASE}-migrations-migrations`);
  });

  it('gives each pod an emptyDir of its own (podman names the volume after it)', () => {
    const chart = played();
    const names = [...chart.services, chart.migrations].flatMap((workload) => {
      const spec =
        (workload.spec as { template?: { spec: PodSpec } }).template?.spec ??
        (workload.spec as PodSpec);
      const own = (spec.volumes ?? []).filter((v) => v.emptyDir).map((v) => v.name);
      const mounted = (spec.containers[0].volumeMounts ?? []).map((m) => m.name);
      expect(mounted.every((name) => spec.volumes!.some((v) => v.name === name))).toBe(true);
      return own;
    });
    expect(names.length).toBe(SERVICES.length + 1);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is described in docs/operations.md with every kind it leaves out', () => {
    const docs = readFileSync(path.resolve(__dirname, '../../docs/operations.md'), 'utf8');
    expect(docs).toContain('npm run chart:play');
    for (const kind of Object.keys(NOT_PLAYED)) expect(docs).toContain(kind);
  });
});
