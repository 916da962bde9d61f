import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';

import { IMAGE_FILES } from '../../deploy/tools/image-files';
import { DEPLOYED_SERVICES, loadAllServiceSettings } from '../../deploy/tools/service-settings';
import { Dockerfile, execForm, parseCopy } from './support/dockerfile.parser';

/**
 * The images, checked by reading deploy/docker/Dockerfile (no Docker engine needed): one target
 * per service plus the migrations hook, multi-stage, each image its own files only, non-root,
 * read-only friendly, a HEALTHCHECK, and the worker's workflow bundle built ahead of time.
 */
const ROOT = path.resolve(__dirname, '../..');
const DOCKERFILE = path.join(ROOT, 'deploy/docker/Dockerfile');
const dockerfile = Dockerfile.read(DOCKERFILE);
const TARGETS = [...DEPLOYED_SERVICES, 'migrations'] as const;
const MIGRATING = DEPLOYED_SERVICES.filter((s) =>
  existsSync(path.join(ROOT, 'apps', s, 'src/migrate.ts')),
);

interface PackageJson {
  engines: { node: string };
}

function copiesInto(target: string) {
  return dockerfile
    .effectiveInstructions(target)
    .filter((i) => i.keyword === 'COPY')
    .map(parseCopy);
}

describe('deploy/docker/Dockerfile', () => {
  it('is multi-stage: dependencies and compilation happen in a stage the images do not ship', () => {
    expect(dockerfile.hasStage('build')).toBe(true);
    for (const target of TARGETS) {
      expect(dockerfile.lineage(target).map((s) => s.name)).not.toContain('build');
    }
  });

  it('has a target per service plus migrations', () => {
    for (const target of TARGETS) expect(dockerfile.hasStage(target)).toBe(true);
  });

  it('builds every stage on one pinned Node LTS release that satisfies package.json engines', () => {
    const text = readFileSync(DOCKERFILE, 'utf8');
    const pinned = /^ARG NODE_VERSION=(\d+)\.(\d+)\.(\d+)$/m.exec(text);
    expect(pinned).not.toBeNull();
    const engines = /^>=(\d+)\.(\d+)$/.exec(
      (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageJson).engines
        .node,
    );
    const [major, minor] = [Number(pinned![1]), Number(pinned![2])];
    const [needMajor, needMinor] = [Number(engines![1]), Number(engines![2])];
    expect(major > needMajor || (major === needMajor && minor >= needMinor)).toBe(true);
    // A maintained LTS line: even majors from 22 (20 leaves maintenance in April 2026).
    expect(major >= 22 && major % 2 === 0).toBe(true);
    // The bases are arguments (npm run images passes ones built here), by default the registry's:
    // the build stage's, and the one the images run on, the same unless told otherwise.
    expect(text).toMatch(/^ARG BASE_IMAGE=node:\$\{NODE_VERSION\}-bookworm-slim$/m);
    expect(text).toMatch(/^ARG RUNTIME_IMAGE=\$\{BASE_IMAGE\}$/m);
    expect(dockerfile.stage('build').from).toBe('${BASE_IMAGE}');
    expect(dockerfile.stage('runtime').from).toBe('${RUNTIME_IMAGE}');
    const bases = dockerfile.stages.filter((s) => !dockerfile.hasStage(s.from)).map((s) => s.from);
    expect(new Set(bases)).toEqual(new Set(['${BASE_IMAGE}', '${RUNTIME_IMAGE}']));
    // The locally built base runs the same release.
    const local = readFileSync(path.join(ROOT, 'deploy/images/common.sh'), 'utf8');
    expect(local).toContain(`DOCKET_NODE_VERSION=${pinned![0].split('=')[1]}`);
  });

  it('gives each image the files its own entry points load, traced at build time', () => {
    expect(Object.keys(IMAGE_FILES).sort()).toEqual([...TARGETS].sort());
    const build = dockerfile
      .stage('build')
      .instructions.filter((i) => i.keyword === 'RUN')
      .map((i) => i.args)
      .join('\n');
    const npmCi = readFileSync(path.join(ROOT, 'deploy/docker/npm-ci.sh'), 'utf8');
    expect(npmCi).toMatch(/^npm ci --ignore-scripts .*"\$@"$/m);
    const tracing =
      /for target in ([a-z ]+); do\s*\\?\s*node -r @swc-node\/register deploy\/tools\/trace-service-files\.ts "\$target" "\/out\/\$target"/.exec(
        build,
      );
    expect(tracing).not.toBeNull();
    expect(tracing![1].trim().split(/\s+/).sort()).toEqual([...TARGETS].sort());
    for (const target of TARGETS) {
      // The traced tree is the only thing taken from the build stage, and nothing installs.
      expect(copiesInto(target).filter((c) => c.from)).toEqual([
        { from: 'build', sources: [`/out/${target}`], destination: './' },
      ]);
      const installs = dockerfile
        .effectiveInstructions(target)
        .filter((i) => i.keyword === 'RUN' && /\bnpm\b/.test(i.args));
      expect(installs).toEqual([]);
    }
  });

  it.each(TARGETS)('%s runs as a non-root user by uid, so runAsNonRoot can verify it', (target) => {
    const user = dockerfile.last(target, 'USER');
    expect(user?.args).toMatch(/^[1-9]\d*:[1-9]\d*$/);
  });

  it.each(DEPLOYED_SERVICES)(
    '%s starts its compiled main with the alias hook, answers HEALTHCHECK on HTTP_PORT and exposes it',
    (service) => {
      expect(execForm(dockerfile.last(service, 'CMD')!.args)).toEqual([
        'node',
        '--enable-source-maps',
        '-r',
        './deploy/runtime/aliases.js',
        `dist/apps/${service}/src/main.js`,
      ]);
      // Only its own app (and the gateway the console it serves): another service's code has
      // no business in this image.
      const image = IMAGE_FILES[service];
      expect(image.entries[0]).toBe(`dist/apps/${service}/src/main.js`);
      const apps = image.folders.filter((f: string) => f.startsWith('dist/apps/'));
      const served = service === 'gateway' ? ['dist/apps/console'] : [];
      expect(apps).toEqual([`dist/apps/${service}`, ...served]);

      const healthcheck = dockerfile.last(service, 'HEALTHCHECK')!;
      expect(execForm(healthcheck.args)).toEqual(['node', 'deploy/docker/healthcheck.js']);
      const env = dockerfile.env(service);
      expect(env.HTTP_HOST).toBe('0.0.0.0');
      expect(Number(env.HTTP_PORT)).toBeGreaterThan(0);
      expect(dockerfile.last(service, 'EXPOSE')?.args).toBe(env.HTTP_PORT);
      expect(env.DOCKET_SERVICE).toBe(service);
    },
  );

  it('gives the gateway the public port 3000', () => {
    expect(dockerfile.env('gateway').HTTP_PORT).toBe('3000');
  });

  it('keeps every writable path under /tmp (read-only root filesystem)', () => {
    for (const target of TARGETS) {
      const env = dockerfile.env(target);
      expect(env.HOME).toBe('/tmp');
      expect(env.TMPDIR).toBe('/tmp');
      // Nothing is chowned to the app user: the code it runs stays read-only to it.
      const chowned = dockerfile
        .effectiveInstructions(target)
        .filter((i) => /--chown|chown\s/.test(i.args));
      expect(chowned).toEqual([]);
    }
  });

  it('carries no secret in any image: no secret setting is baked in with ENV', async () => {
    const secrets = (await loadAllServiceSettings()).flatMap((s) =>
      s.settings.filter((setting) => setting.secret).map((setting) => setting.variable),
    );
    expect(secrets).toContain('DATABASE_URL');
    for (const target of TARGETS) {
      for (const variable of secrets) expect(dockerfile.env(target)).not.toHaveProperty(variable);
    }
  });

  it('builds the workflow bundle at image build time and points the worker at it', () => {
    const bundlePath = dockerfile.env('worker').WORKFLOW_BUNDLE_PATH;
    expect(bundlePath).toBe('/app/dist/apps/worker/workflow-bundle.js');
    const build = dockerfile
      .stage('build')
      .instructions.filter((i) => i.keyword === 'RUN')
      .map((i) => i.args)
      .join('\n');
    const bundling = /deploy\/tools\/bundle-workflows\.ts\s+(\S+)\s+(\S+)/.exec(build);
    expect(bundling).not.toBeNull();
    const [, entry, output] = bundling!;
    expect(entry).toBe('dist/apps/worker/src/workflows/index.js');
    expect(existsSync(path.join(ROOT, 'apps/worker/src/workflows/index.ts'))).toBe(true);
    // The bundle lands inside dist/apps/worker, which the worker image carries whole.
    expect(`/app/${output}`).toBe(bundlePath);
    expect(IMAGE_FILES.worker.folders).toContain('dist/apps/worker');
    // Only the worker needs the bundle: nobody else bundles at start-up either.
    for (const service of DEPLOYED_SERVICES.filter((s) => s !== 'worker')) {
      expect(dockerfile.env(service)).not.toHaveProperty('WORKFLOW_BUNDLE_PATH');
    }
  });

  it('migrations image applies every service schema, in the local stack order', () => {
    expect(execForm(dockerfile.last('migrations', 'CMD')!.args)).toEqual([
      'sh',
      'deploy/docker/migrate-all.sh',
    ]);
    expect(dockerfile.last('migrations', 'HEALTHCHECK')?.args).toBe('NONE');
    const script = readFileSync(path.join(ROOT, 'deploy/docker/migrate-all.sh'), 'utf8');
    const loop = /for service in ([a-z ]+); do/.exec(script);
    const order = loop![1].trim().split(/\s+/);
    const stackOrder = /const MIGRATING = \[([^\]]+)\]/.exec(
      readFileSync(path.join(ROOT, 'deploy/stack/services.ts'), 'utf8'),
    );
    expect(order).toEqual(stackOrder![1].split(',').map((s) => s.trim().replace(/'/g, '')));
    const { entries, folders } = IMAGE_FILES.migrations;
    for (const service of MIGRATING) {
      expect(order).toContain(service);
      expect(folders).toContain(`dist/apps/${service}`);
      expect(entries).toContain(`dist/apps/${service}/src/migrate.js`);
    }
  });

  it('sends the build context only what the build copies, and every copied file exists', () => {
    const ignore = readFileSync(path.join(ROOT, 'deploy/docker/Dockerfile.dockerignore'), 'utf8');
    const allowed = ignore
      .split('\n')
      .filter((l) => l.startsWith('!'))
      .map((l) => globToRegExp(l.slice(1)));
    expect(ignore).toMatch(/^\*\*$/m);
    const fromContext = dockerfile.stages
      .flatMap((s) => s.instructions)
      .filter((i) => i.keyword === 'COPY')
      .map(parseCopy)
      .filter((c) => !c.from)
      .flatMap((c) => c.sources);
    for (const source of fromContext) {
      expect(existsSync(path.join(ROOT, source))).toBe(true);
      const probe = ['apps', 'libs'].includes(source) ? `${source}/x/src/index.ts` : source;
      expect(allowed.some((pattern) => pattern.test(probe))).toBe(true);
    }
  });
});

describe('deploy/docker/healthcheck.js', () => {
  let server: Server;
  let status = 200;

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.statusCode = request.url === '/healthz' ? status : 404;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function healthcheck(env: Record<string, string>): Promise<number | null> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'deploy/docker/healthcheck.js')], {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: 'ignore',
      });
      child.on('exit', (code) => resolve(code));
    });
  }

  it('passes when /healthz answers 200 on HTTP_PORT and fails otherwise', async () => {
    const port = String((server.address() as AddressInfo).port);
    status = 200;
    expect(await healthcheck({ HTTP_PORT: port })).toBe(0);
    status = 503;
    expect(await healthcheck({ HTTP_PORT: port })).toBe(1);
    expect(await healthcheck({})).toBe(1);
  });

  it('fails when nothing listens on HTTP_PORT', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = String((closed.address() as AddressInfo).port);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await healthcheck({ HTTP_PORT: port })).toBe(1);
  });
});

/** .dockerignore patterns: `**` spans directories, `*` stays within one. */
function globToRegExp(pattern: string): RegExp {
  const segment = (part: string) =>
    part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${pattern.split('**').map(segment).join('.*')}$`);
}
