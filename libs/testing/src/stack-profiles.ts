/**
 * The local stacks. `dev` is what `npm start` serves; `test` is what `npm test` runs against.
 * They share the machine's servers but nothing else: their own database, NATS subject prefix,
 * Temporal namespace, Redis key prefix and ports, so tests never disturb a running dev stack.
 * `prod` is shaped like the Helm chart's deployment (deploy/stack/prod.sh): its own PostgreSQL,
 * Temporal's real server, a three-node NATS cluster and two replicas of every service.
 * `play` is the Helm chart itself run by `podman kube play` (deploy/images/chart-play.sh): its
 * services get their settings from the chart (helm/docket/ci/podman-play-values.yaml), and this
 * profile tells the smoke where they are.
 */
export const SERVICES = ['identity', 'files', 'items', 'flows', 'worker', 'gateway'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type ProfileName = 'dev' | 'test' | 'prod' | 'play' | `sandbox${SandboxNumber}`;
type SandboxNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface Profile {
  name: ProfileName;
  database: string;
  basePort: number;
  env: Record<string, string>;
  /**
   * Processes of each service. Above 1, replica r of a service listens on basePort + 10 r +
   * its offset, and a load balancer on the gateway's port spreads requests over the gateways.
   */
  replicas?: number;
}

const PORT_OFFSETS: Record<ServiceName, number> = {
  gateway: 0,
  identity: 1,
  files: 2,
  flows: 3,
  items: 4,
  worker: 5,
};

/**
 * Benchmarks and the fault suite: one user sends 3,000+ requests a second through one gateway,
 * which would pass 100,000 a minute and turn a measurement into 429s.
 */
const ONE_CLIENT_RATE_LIMITS = {
  RATE_LIMIT_PER_MINUTE: '10000000',
  SESSION_RATE_LIMIT_PER_MINUTE: '10000000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
  TOKEN_EXCHANGE_FAILURES_PER_MINUTE: '100000',
};

export const PROFILES: Record<ProfileName, Profile> = {
  dev: {
    name: 'dev',
    database: 'docket',
    basePort: 3000,
    env: {
      DOCKET_ENV: 'development',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/docket',
      DOCKET_NATS_PREFIX: 'docket',
      TEMPORAL_NAMESPACE: 'default',
      // The demo flow writes back to the local demo receiver over plain http.
      OUTBOUND_ALLOW_LOOPBACK_HTTP: 'true',
    },
  },
  test: {
    name: 'test',
    database: 'docket_test',
    basePort: 3100,
    env: {
      DOCKET_ENV: 'test',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/docket_test',
      DOCKET_NATS_PREFIX: 'docket-test',
      TEMPORAL_NAMESPACE: 'docket-test',
      OUTBOUND_ALLOW_LOOPBACK_HTTP: 'true',
      // The spec's 60/min would throttle the suite itself; the rate-limit tests start their own
      // gateways with the default of 60.
      RATE_LIMIT_PER_MINUTE: '100000',
      SESSION_RATE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
      // Every suite exchanges keys from 127.0.0.1; the failed-exchange tests start their own
      // gateways with the default.
      TOKEN_EXCHANGE_FAILURES_PER_MINUTE: '100000',
      // info, so tests can follow a trace id through the service logs.
      LOG_LEVEL: 'info',
      // Review locks lapse after 5 s idle, so idle-takeover tests wait seconds, not 5 minutes.
      ITEMS_LOCK_IDLE_SECONDS: '5',
    },
  },
  prod: {
    name: 'prod',
    database: 'docket_prod',
    basePort: 4000,
    replicas: 2,
    env: {
      // Not `production`: that refuses plain-http write-back targets, and the fault suite's
      // receiver is a local http server. Every other setting is the chart's.
      DOCKET_ENV: 'test',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5442/docket_prod',
      NATS_URL: 'nats://127.0.0.1:4231,nats://127.0.0.1:4232,nats://127.0.0.1:4233',
      NATS_STREAM_REPLICAS: '3',
      DOCKET_NATS_PREFIX: 'docket-prod',
      TEMPORAL_ADDRESS: '127.0.0.1:7633',
      TEMPORAL_NAMESPACE: 'docket-prod',
      OUTBOUND_ALLOW_LOOPBACK_HTTP: 'true',
      // One client (the fault suite, a benchmark) sends all the load.
      ...ONE_CLIENT_RATE_LIMITS,
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: '8',
    },
  },
  // The chart under podman kube play; the values file must agree (test/deploy/kube-play.spec.ts).
  play: {
    name: 'play',
    database: 'docket_play',
    basePort: 4100,
    env: {
      DOCKET_ENV: 'test',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/docket_play',
      DOCKET_NATS_PREFIX: 'docket-play',
      TEMPORAL_NAMESPACE: 'docket-play',
    },
  },
  // Sandboxes let several engineers run isolated stacks on one machine at once.
  sandbox1: sandbox(1),
  sandbox2: sandbox(2),
  sandbox3: sandbox(3),
  sandbox4: sandbox(4),
  sandbox5: sandbox(5),
  sandbox6: sandbox(6),
  sandbox7: sandbox(7),
  sandbox8: sandbox(8),
};

function sandbox(n: SandboxNumber): Profile {
  return {
    name: `sandbox${n}`,
    database: `docket_sandbox${n}`,
    basePort: 3100 + n * 100,
    env: {
      DOCKET_ENV: 'test',
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/docket_sandbox${n}`,
      DOCKET_NATS_PREFIX: `docket-sb${n}`,
      TEMPORAL_NAMESPACE: 'docket-test',
      OUTBOUND_ALLOW_LOOPBACK_HTTP: 'true',
      ...ONE_CLIENT_RATE_LIMITS,
      LOG_LEVEL: 'warn',
      ITEMS_LOCK_IDLE_SECONDS: '5',
    },
  };
}

export function portOf(profile: Profile, service: ServiceName): number {
  return profile.basePort + PORT_OFFSETS[service];
}

/** The port of one replica (1-based) of a service; the service's own port without replicas. */
export function replicaPortOf(profile: Profile, service: ServiceName, replica = 1): number {
  if ((profile.replicas ?? 1) === 1) return portOf(profile, service);
  return profile.basePort + 10 * replica + PORT_OFFSETS[service];
}

export function serviceEnv(
  profile: Profile,
  service: ServiceName,
  replica = 1,
): Record<string, string> {
  return {
    ...profile.env,
    DOCKET_SERVICE: service,
    HTTP_PORT: String(replicaPortOf(profile, service, replica)),
    PUBLIC_BASE_URL: `http://localhost:${portOf(profile, 'gateway')}`,
    // The console is opened at either name of the local gateway.
    STORAGE_CORS_ORIGINS: ['localhost', '127.0.0.1']
      .map((host) => `http://${host}:${portOf(profile, 'gateway')}`)
      .join(','),
  };
}
