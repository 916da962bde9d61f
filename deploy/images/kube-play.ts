/**
 * What of the rendered Helm chart `podman kube play` runs, and how (deploy/images/chart-play.sh).
 *
 * kube play starts Pods and Deployments; it has no API server, scheduler, controllers or
 * cluster network. So the chart is split into what is played (the Deployments), what is played
 * in another form (the migrations Job becomes a Pod run to completion before the services, as
 * Helm's pre-install hook would), what the play supplies (the Secrets the chart expects to
 * exist) and what is left out, each with its reason, which the script prints and
 * docs/operations.md repeats. The pods share the host's network, and podman 4.3 (Debian 12's)
 * needs two changes to what the chart renders, made here and nowhere else:
 *
 * - no `ports`: kube play publishes every containerPort on the host and then refuses the host
 *   network ("PortMappings can only be used with Bridge or slirp4netns networking"); on the host
 *   network each service listens on its port anyway;
 * - each pod's emptyDir gets a name of its own: kube play makes an emptyDir a podman volume
 *   named after the pod's volume, so every pod's `tmp` would be one shared directory.
 *
 * test/deploy/kube-play.spec.ts checks the split of the chart rendered with
 * helm/docket/ci/podman-play-values.yaml.
 */

/** The parts of rendered objects read here. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface HttpProbe {
  httpGet: { path: string; port: string | number };
  periodSeconds?: number;
  failureThreshold?: number;
}

export interface Container {
  name: string;
  image: string;
  imagePullPolicy?: string;
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: SecretKeyRef } }[];
  ports?: { name?: string; containerPort: number }[];
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
  startupProbe?: HttpProbe;
  livenessProbe?: HttpProbe;
  readinessProbe?: HttpProbe;
  [field: string]: unknown;
}

export interface PodSpec {
  containers: Container[];
  volumes?: { name: string; emptyDir?: object; [source: string]: unknown }[];
  initContainers?: Container[];
  restartPolicy?: string;
  terminationGracePeriodSeconds?: number;
  [field: string]: unknown;
}

interface SecretKeyRef {
  name: string;
  key: string;
}

interface PodTemplate {
  metadata: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: PodSpec;
}

interface DeploymentSpec {
  replicas?: number;
  template: PodTemplate;
}

interface JobSpec {
  activeDeadlineSeconds?: number;
  template: PodTemplate;
}

/** Kinds kube play runs as the chart renders them. */
export const PLAYED_KINDS = ['Deployment'] as const;

/**
 * Kinds the chart renders that kube play does not run, and what stands in for each here.
 * Every kind the chart can render is listed; an unlisted one fails the split, so a new template
 * is either played or explained.
 */
export const NOT_PLAYED: Record<string, string> = {
  Job:
    'kube play has no Jobs: the migrations Job is played as a Pod (restartPolicy Never) before ' +
    'the services, and must exit 0 within its activeDeadlineSeconds',
  Service:
    'no cluster DNS or virtual IPs: the pods share the host network and each service listens ' +
    'on its own port',
  ServiceAccount:
    'no API server; the chart mounts no token anyway (automountServiceAccountToken: false)',
  PodDisruptionBudget: 'no evictions or node drains on one machine',
  HorizontalPodAutoscaler:
    'no metrics server or controller; the play values turn autoscaling off (one replica each)',
  NetworkPolicy: 'no network plugin enforcing policies; the pods share the host network',
  Ingress: 'no ingress controller; the smoke calls the gateway on its port',
  ScaledObject: 'no KEDA',
  TriggerAuthentication: 'no KEDA',
  ExternalSecret: 'no External Secrets Operator: the play renders the Secrets itself',
};

export interface LeftOut {
  kind: string;
  name: string;
  reason: string;
}

/** One played pod, as the script waits for it, probes it and stops it. */
export interface PlayedPod {
  component: string;
  /** kube play names a Deployment's pods <deployment>-pod-<n> and containers <pod>-<container>. */
  pod: string;
  container: string;
  port: number;
  startupPath: string;
  readinessPath: string;
  livenessPath: string;
  /**
   * The startup probe's budget (periodSeconds x failureThreshold) from the container's start:
   * past it the kubelet would restart the container, so the play fails instead.
   */
  startupSeconds: number;
  graceSeconds: number;
}

export interface PlayedChart {
  /** Secrets the chart reads through secretKeyRef, with the values the play supplies. */
  secrets: K8sObject[];
  /** The migrations Job's pod template as a Pod that runs once. */
  migrations: K8sObject;
  migrationsContainer: string;
  migrationsDeadlineSeconds: number;
  /** TEMPORAL_NAMESPACE of the services: the play makes sure it exists. */
  temporalNamespace: string;
  /** The Deployments, with the two changes podman 4.3 needs (see above). */
  services: K8sObject[];
  pods: PlayedPod[];
  leftOut: LeftOut[];
}

/**
 * Splits rendered objects into what kube play runs. `secretValues` gives, per environment
 * variable the chart fills from a Secret (DATABASE_URL, ...), the value the play stores there.
 */
export function playChart(objects: K8sObject[], secretValues: Record<string, string>): PlayedChart {
  const leftOut: LeftOut[] = [];
  const services: K8sObject[] = [];
  const jobs: K8sObject[] = [];
  for (const object of objects) {
    if ((PLAYED_KINDS as readonly string[]).includes(object.kind)) services.push(object);
    else if (object.kind in NOT_PLAYED) {
      leftOut.push({
        kind: object.kind,
        name: object.metadata.name,
        reason: NOT_PLAYED[object.kind],
      });
      if (object.kind === 'Job') jobs.push(object);
    } else {
      throw new Error(
        `the chart renders ${object.kind} ${object.metadata.name}, which is neither played nor ` +
          'explained: add it to PLAYED_KINDS or NOT_PLAYED in deploy/images/kube-play.ts',
      );
    }
  }
  if (jobs.length !== 1) throw new Error(`expected the migrations Job, found ${jobs.length} Jobs`);
  const job = jobs[0];
  const jobSpec = job.spec as unknown as JobSpec;
  for (const deployment of services) checkPlayable(deployment);
  return {
    secrets: secretsFor([...services, job], secretValues),
    migrations: runOnce(job),
    migrationsContainer: `${job.metadata.name}-${podSpecOf(job).containers[0].name}`,
    migrationsDeadlineSeconds: jobSpec.activeDeadlineSeconds ?? 600,
    services: services.map((deployment) => ({
      ...deployment,
      spec: {
        ...deployment.spec,
        template: { ...templateOf(deployment), spec: onHostNetwork(deployment) },
      },
    })),
    temporalNamespace: temporalNamespaceOf(services),
    // Read from the Deployments as rendered: the probes name their port.
    pods: services.map(playedPod),
    leftOut,
  };
}

function templateOf(object: K8sObject): PodTemplate {
  return (object.spec as unknown as DeploymentSpec | JobSpec).template;
}

function podSpecOf(object: K8sObject): PodSpec {
  return templateOf(object).spec;
}

/** A workload's pod spec without container ports and with emptyDirs named after the workload. */
function onHostNetwork(workload: K8sObject): PodSpec {
  const spec = podSpecOf(workload);
  const own = (volume: string) =>
    spec.volumes?.some((v) => v.name === volume && v.emptyDir)
      ? `${workload.metadata.name}-${volume}`
      : volume;
  return {
    ...spec,
    containers: spec.containers.map(({ ports: _published, ...container }) => ({
      ...container,
      volumeMounts: container.volumeMounts?.map((m) => ({ ...m, name: own(m.name) })),
    })),
    volumes: spec.volumes?.map((v) => ({ ...v, name: own(v.name) })),
  };
}

/** What kube play would otherwise do differently from a cluster, refused up front. */
function checkPlayable(deployment: K8sObject): void {
  const spec = deployment.spec as unknown as DeploymentSpec;
  const name = deployment.metadata.name;
  // On the host network a second replica would find its port taken.
  if (spec.replicas !== 1) {
    throw new Error(
      `${name}: replicas must be 1 on the host network (autoscaling off, replicas: 1)`,
    );
  }
  if (spec.template.spec.containers.length !== 1 || spec.template.spec.initContainers?.length) {
    throw new Error(`${name}: one container and no init containers expected`);
  }
  const container = spec.template.spec.containers[0];
  if (container.imagePullPolicy !== 'Never') {
    throw new Error(`${name}: imagePullPolicy must be Never (the images exist only here)`);
  }
}

function runOnce(job: K8sObject): K8sObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: job.metadata.name, labels: templateOf(job).metadata.labels },
    // One attempt: the script reports a failure at once instead of the Job's retries.
    spec: { ...onHostNetwork(job), restartPolicy: 'Never' },
  };
}

function playedPod(deployment: K8sObject): PlayedPod {
  const spec = podSpecOf(deployment);
  const container = spec.containers[0];
  const component = deployment.metadata.labels?.['app.kubernetes.io/component'] ?? container.name;
  const pod = `${deployment.metadata.name}-pod-0`;
  const startup = container.startupProbe!;
  return {
    component,
    pod,
    container: `${pod}-${container.name}`,
    port: portOf(container, container.readinessProbe!),
    startupPath: startup.httpGet.path,
    readinessPath: container.readinessProbe!.httpGet.path,
    livenessPath: container.livenessProbe!.httpGet.path,
    // Kubernetes' defaults where the chart leaves them out.
    startupSeconds: (startup.periodSeconds ?? 10) * (startup.failureThreshold ?? 3),
    graceSeconds: spec.terminationGracePeriodSeconds ?? 30,
  };
}

function temporalNamespaceOf(deployments: K8sObject[]): string {
  const namespaces = new Set(
    deployments.flatMap((d) =>
      podSpecOf(d).containers.flatMap((c) =>
        (c.env ?? []).filter((e) => e.name === 'TEMPORAL_NAMESPACE').map((e) => e.value ?? ''),
      ),
    ),
  );
  if (namespaces.size !== 1) {
    throw new Error(`expected one TEMPORAL_NAMESPACE, found ${[...namespaces].join(', ')}`);
  }
  return [...namespaces][0];
}

/** A probe's port, resolved by name as the kubelet does. */
function portOf(container: Container, probe: HttpProbe): number {
  const port = probe.httpGet.port;
  if (typeof port === 'number') return port;
  const named = container.ports?.find((p) => p.name === port);
  if (!named) throw new Error(`${container.name}: probe port ${port} is not a container port`);
  return named.containerPort;
}

function secretsFor(workloads: K8sObject[], values: Record<string, string>): K8sObject[] {
  const data = new Map<string, Record<string, string>>();
  for (const workload of workloads) {
    for (const container of podSpecOf(workload).containers) {
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (!ref) continue;
        const value = values[variable.name];
        if (value === undefined) {
          throw new Error(
            `${workload.metadata.name} reads ${variable.name} from Secret ${ref.name}; the play has no value for it`,
          );
        }
        const keys = data.get(ref.name) ?? {};
        if (keys[ref.key] !== undefined && keys[ref.key] !== value) {
          throw new Error(`Secret ${ref.name} key ${ref.key} would hold two different values`);
        }
        data.set(ref.name, { ...keys, [ref.key]: value });
      }
    }
  }
  return [...data].map(([name, keys]) => ({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name },
    type: 'Opaque',
    stringData: keys,
  }));
}
