// One jest configuration for the whole monorepo. Unit tests (*.spec.ts) need nothing running;
// integration (*.int-spec.ts) and end-to-end (*.e2e-spec.ts) tests expect the test stack that
// deploy/stack/test.sh brings up (real PostgreSQL, NATS, Redis, Temporal, Azurite and services).
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

const shared = {
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: { '^@docket/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts' },
  testEnvironment: 'node',
  setupFiles: ['reflect-metadata'],
  rootDir: __dirname,
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
};

// Suites that talk HTTP to the stack keep idle connections well inside the server's timeout.
const KEEP_ALIVE_SETUP = '<rootDir>/libs/testing/src/http-keep-alive.setup.ts';

module.exports = {
  // Real infrastructure on a shared 2-core machine: give hooks and tests room.
  testTimeout: 60_000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    { ...shared, displayName: 'integration', testMatch: ['**/*.int-spec.ts'] },
    {
      ...shared,
      setupFiles: [...shared.setupFiles, KEEP_ALIVE_SETUP],
      displayName: 'e2e',
      testMatch: ['**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.serial\\.e2e-spec\\.ts$'],
    },
    // Suites that stop and restart the stack's own processes (the worker) to prove crash and
    // shutdown behaviour. Run alone, after the others (deploy/stack/test.sh), so that no other
    // suite's runs wait on a worker that is deliberately down.
    {
      ...shared,
      setupFiles: [...shared.setupFiles, KEEP_ALIVE_SETUP],
      displayName: 'e2e-serial',
      testMatch: ['**/*.serial.e2e-spec.ts'],
    },
  ],
};
