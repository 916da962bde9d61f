import path from 'node:path';

import {
  DEPLOYED_SERVICES,
  loadServiceSettings,
  ServiceName,
} from '../../deploy/tools/service-settings';
import { interpolate, isInterpolated, readCompose } from './support/compose.loader';
import { Dockerfile } from './support/dockerfile.parser';

/**
 * deploy/compose.yaml, parsed: the infrastructure images, the six services built from their
 * Dockerfile targets, and every setting each service's config class needs, wired to the
 * containers of this file. What a service needs is read from its config class at test time.
 */
const ROOT = path.resolve(__dirname, '../..');
const COMPOSE_FILE = path.join(ROOT, 'deploy/compose.yaml');
const compose = readCompose(COMPOSE_FILE);
const dockerfile = Dockerfile.read(path.join(ROOT, 'deploy/docker/Dockerfile'));
const INFRASTRUCTURE = ['postgres', 'nats', 'redis', 'temporal', 'azurite'] as const;

function service(name: string) {
  const found = compose.services[name];
  if (!found) throw new Error(`deploy/compose.yaml has no service ${name}`);
  return found;
}

function environmentOf(name: string): Map<string, string> {
  return new Map(
    Object.entries(service(name).environment ?? {}).map(([k, v]) => [k, String(v ?? '')]),
  );
}

function resolved(name: string, variable: string): string {
  const raw = environmentOf(name).get(variable);
  if (raw === undefined) throw new Error(`${name} has no ${variable}`);
  return interpolate(raw).value;
}

function imageTag(image: string): string {
  const { value } = interpolate(image);
  const tag = /:([^/:@]+)$/.exec(value)?.[1];
  if (!tag) throw new Error(`${image} names no tag`);
  return tag;
}

async function readersOf(variable: string): Promise<ServiceName[]> {
  const readers: ServiceName[] = [];
  for (const name of DEPLOYED_SERVICES) {
    const { settings } = await loadServiceSettings(name);
    if (settings.some((s) => s.variable === variable)) readers.push(name);
  }
  return readers;
}

describe('deploy/compose.yaml: infrastructure', () => {
  it('runs PostgreSQL 15+, NATS with JetStream, Redis, Temporal and Azurite from tagged images', () => {
    const postgres = service('postgres').image!;
    expect(postgres).toMatch(/^postgres:/);
    expect(Number(/^(\d+)/.exec(imageTag(postgres))![1])).toBeGreaterThanOrEqual(15);
    expect(service('nats').image).toMatch(/^nats:/);
    expect(service('nats').command).toContain('-js');
    expect(service('redis').image).toMatch(/^redis:/);
    expect(service('temporal').image).toMatch(/^temporalio\//);
    expect(service('azurite').image).toMatch(/^mcr\.microsoft\.com\/azure-storage\/azurite:/);
    for (const name of INFRASTRUCTURE) {
      expect(imageTag(service(name).image!)).not.toBe('latest');
      expect(service(name).healthcheck?.test.length).toBeGreaterThan(0);
    }
  });

  it('keeps state on named volumes', () => {
    for (const name of INFRASTRUCTURE) {
      const volumes = service(name).volumes ?? [];
      expect(volumes.length).toBeGreaterThan(0);
      for (const volume of volumes) {
        expect(Object.keys(compose.volumes ?? {})).toContain(volume.split(':')[0]);
      }
    }
  });
});

describe('deploy/compose.yaml: Docket services', () => {
  it.each([...DEPLOYED_SERVICES, 'migrations'])(
    '%s is built from its target of deploy/docker/Dockerfile',
    (name) => {
      const build = service(name).build!;
      expect(path.resolve(path.dirname(COMPOSE_FILE), build.context)).toBe(ROOT);
      expect(build.dockerfile).toBe('deploy/docker/Dockerfile');
      expect(build.target).toBe(name);
      expect(dockerfile.hasStage(name)).toBe(true);
      expect(imageTag(service(name).image!)).not.toBe('latest');
    },
  );

  it.each(DEPLOYED_SERVICES)(
    '%s gets every setting its config class needs, and no setting it does not read',
    async (name) => {
      const { settings } = await loadServiceSettings(name);
      const environment = environmentOf(name);
      const needed = settings.filter((s) => s.perDeployment).map((s) => s.variable);
      expect(needed.length).toBeGreaterThan(0);
      for (const variable of needed) {
        expect({ service: name, variable, set: environment.has(variable) }).toEqual({
          service: name,
          variable,
          set: true,
        });
      }
      const known = new Set(settings.map((s) => s.variable));
      for (const variable of environment.keys()) {
        expect({ service: name, variable, known: known.has(variable) }).toEqual({
          service: name,
          variable,
          known: true,
        });
      }
      // The port the image's HEALTHCHECK probes is the port the service listens on.
      expect(resolved(name, 'HTTP_PORT')).toBe(dockerfile.env(name).HTTP_PORT);
      expect(resolved(name, 'HTTP_HOST')).toBe('0.0.0.0');
      expect(resolved(name, 'DOCKET_ENV')).toBe('production');
    },
  );

  it.each(DEPLOYED_SERVICES)(
    '%s takes every secret from the environment, never only from this file',
    async (name) => {
      const { settings } = await loadServiceSettings(name);
      for (const secret of settings.filter((s) => s.secret)) {
        expect({
          variable: secret.variable,
          interpolated: isInterpolated(resolvedRaw(name, secret.variable)),
        }).toEqual({
          variable: secret.variable,
          interpolated: true,
        });
      }
    },
  );

  it('refuses to start without an operator-provided master key', async () => {
    const readers = await readersOf('DOCKET_MASTER_KEY');
    expect(readers).toEqual(expect.arrayContaining(['identity', 'flows']));
    for (const name of readers) {
      const raw = environmentOf(name).get('DOCKET_MASTER_KEY')!;
      expect(interpolate(raw).requiredFromEnvironment).toEqual(['DOCKET_MASTER_KEY']);
    }
  });

  it('wires every connection setting to a container of this file', async () => {
    for (const name of DEPLOYED_SERVICES) {
      const environment = environmentOf(name);
      const hosts: [string, string][] = [];
      if (environment.has('NATS_URL')) {
        for (const url of resolved(name, 'NATS_URL').split(','))
          hosts.push(['nats', new URL(url).host]);
      }
      if (environment.has('DATABASE_URL')) {
        const url = new URL(resolved(name, 'DATABASE_URL'));
        hosts.push(['postgres', url.host]);
        const postgres = service('postgres').environment!;
        expect(decodeURIComponent(url.username)).toBe(
          interpolate(String(postgres.POSTGRES_USER)).value,
        );
        expect(decodeURIComponent(url.password)).toBe(
          interpolate(String(postgres.POSTGRES_PASSWORD)).value,
        );
        expect(url.pathname).toBe(`/${interpolate(String(postgres.POSTGRES_DB)).value}`);
      }
      if (environment.has('REDIS_URL'))
        hosts.push(['redis', new URL(resolved(name, 'REDIS_URL')).host]);
      if (environment.has('TEMPORAL_ADDRESS'))
        hosts.push(['temporal', resolved(name, 'TEMPORAL_ADDRESS')]);
      if (environment.has('AZURE_STORAGE_CONNECTION_STRING')) {
        const blobEndpoint = /BlobEndpoint=([^;]+)/.exec(
          resolved(name, 'AZURE_STORAGE_CONNECTION_STRING'),
        )![1];
        hosts.push(['azurite', new URL(blobEndpoint).host]);
      }
      const expectedPorts: Record<string, string> = {
        nats: '4222',
        postgres: '5432',
        redis: '6379',
        temporal: '7233',
        azurite: '10000',
      };
      for (const [container, host] of hosts) {
        expect({ service: name, host }).toEqual({
          service: name,
          host: `${container}:${expectedPorts[container]}`,
        });
      }
    }
  });

  it('starts services only after migrations succeeded and what they use is healthy', () => {
    const needs: [string, string][] = [
      ['TEMPORAL_ADDRESS', 'temporal'],
      ['REDIS_URL', 'redis'],
      ['AZURE_STORAGE_CONNECTION_STRING', 'azurite'],
      ['NATS_URL', 'nats'],
    ];
    for (const name of DEPLOYED_SERVICES) {
      const dependsOn = service(name).depends_on ?? {};
      expect(dependsOn.migrations).toEqual({ condition: 'service_completed_successfully' });
      for (const [variable, container] of needs) {
        if (!environmentOf(name).has(variable)) continue;
        expect({ service: name, container, dependency: dependsOn[container] }).toEqual({
          service: name,
          container,
          dependency: { condition: 'service_healthy' },
        });
      }
    }
    expect(service('migrations').depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    for (const [name, definition] of Object.entries(compose.services)) {
      for (const [dependency, { condition }] of Object.entries(definition.depends_on ?? {})) {
        expect(compose.services[dependency]).toBeDefined();
        if (condition === 'service_healthy') {
          expect({ name, dependency, healthcheck: !!service(dependency).healthcheck }).toEqual({
            name,
            dependency,
            healthcheck: true,
          });
        }
      }
    }
  });

  it('publishes only the gateway among the services', () => {
    for (const name of [...DEPLOYED_SERVICES, 'migrations']) {
      expect({ name, ports: service(name).ports ?? [] }).toEqual({
        name,
        ports: name === 'gateway' ? ['3000:3000'] : [],
      });
    }
    for (const name of ['postgres', 'nats', 'redis']) expect(service(name).ports).toBeUndefined();
  });

  it.each([...DEPLOYED_SERVICES, 'migrations'])(
    '%s runs non-root on a read-only root filesystem without privileges',
    (name) => {
      const definition = service(name);
      expect(definition.read_only).toBe(true);
      expect(definition.user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
      expect(definition.cap_drop).toEqual(['ALL']);
      expect(definition.security_opt).toContain('no-new-privileges:true');
      expect(definition.tmpfs?.some((t) => t.startsWith('/tmp'))).toBe(true);
    },
  );

  it('points the worker at the workflow bundle its image carries', () => {
    expect(resolved('worker', 'WORKFLOW_BUNDLE_PATH')).toBe(
      dockerfile.env('worker').WORKFLOW_BUNDLE_PATH,
    );
  });
});

function resolvedRaw(name: string, variable: string): string {
  const raw = environmentOf(name).get(variable);
  if (raw === undefined) throw new Error(`${name} has no ${variable}`);
  return raw;
}
