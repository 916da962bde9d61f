import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

// Workflow code runs inside Temporal's deterministic sandbox: it may import only
// @temporalio/workflow, type-only activity interfaces and pure helpers.
const workflowRestrictions = {
  patterns: [
    { group: ['node:*'], message: 'Workflows run in a sandbox: no Node built-ins.' },
    { group: ['@nestjs/*'], message: 'Workflows are not Nest providers.' },
    {
      group: ['typeorm', 'pg', 'nats', 'ioredis', '@azure/*'],
      message: 'No infrastructure in workflow code.',
    },
    {
      group: ['@docket/platform', '@docket/persistence', '@docket/storage'],
      message: 'No infrastructure in workflow code.',
    },
    {
      group: ['@temporalio/client', '@temporalio/worker', '@temporalio/activity'],
      message: 'Workflows import only @temporalio/workflow.',
    },
  ],
  paths: [
    'fs',
    'path',
    'crypto',
    'os',
    'http',
    'https',
    'net',
    'child_process',
    'worker_threads',
    'stream',
    'events',
    'util',
    'buffer',
    'url',
    'zlib',
  ].map((name) => ({ name, message: 'Workflows run in a sandbox: no Node built-ins.' })),
};

// libs/nodes as the workflow bundle sees it (its entry there is libs/nodes/src/workflow.ts).
const NODES_IN_WORKFLOW = [
  'libs/nodes/src/workflow.ts',
  'libs/nodes/src/node-config.ts',
  'libs/nodes/src/node-error.ts',
  'libs/nodes/src/pure/*.ts',
  'libs/nodes/src/**/*.pure.ts',
  'libs/nodes/src/control-route/route.config.ts',
];

// Which library may import which: the layers of docs/development.md.
const LIBRARY_LAYERS = [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'scope:contracts', onlyDependOnLibsWithTags: ['scope:platform'] },
  { sourceTag: 'scope:persistence', onlyDependOnLibsWithTags: ['scope:platform'] },
  // The engine libraries take the platform's types only (a rule below keeps them type-only).
  { sourceTag: 'scope:document-processing', onlyDependOnLibsWithTags: ['scope:platform'] },
  // Graph regions, bundled into the worker's workflow sandbox: contract types only.
  { sourceTag: 'scope:flow-graph', onlyDependOnLibsWithTags: ['scope:contracts'] },
  {
    sourceTag: 'scope:document-intelligence',
    onlyDependOnLibsWithTags: ['scope:platform', 'scope:document-processing'],
  },
  {
    // What a node type does, said once for flows (validation, preview) and the worker.
    sourceTag: 'scope:nodes',
    onlyDependOnLibsWithTags: [
      'scope:platform',
      'scope:contracts',
      'scope:flow-graph',
      'scope:document-intelligence',
      'scope:document-processing',
    ],
  },
];

// Tests of a library may also use the shared test helpers (@docket/testing).
const LIBRARY_LAYERS_IN_TESTS = LIBRARY_LAYERS.map((rule) =>
  rule.sourceTag.startsWith('scope:') && rule.sourceTag !== 'scope:testing'
    ? { ...rule, onlyDependOnLibsWithTags: [...rule.onlyDependOnLibsWithTags, 'scope:testing'] }
    : rule,
);

function moduleBoundaries(depConstraints) {
  return { enforceBuildableLibDependency: false, allow: [], depConstraints };
}

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.tools',
      '.data',
      '.nx',
      'coverage',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx, 'simple-import-sort': simpleImportSort },
    languageOptions: { parserOptions: { project: false } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          // Number() turns "1e3", "0x10" and " 1" into accepted integers (issue 11).
          selector:
            "CallExpression[callee.name='Type'] > ArrowFunctionExpression[body.name='Number']",
          message: 'Read integer parameters with @StrictInteger() from @docket/platform.',
        },
      ],
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries(LIBRARY_LAYERS)],
    },
  },
  {
    // The worker's pure nodes and expressions, the flow-graph library and the pure node recipes
    // of libs/nodes run inside the workflow sandbox too.
    files: [
      '**/*.workflow.ts',
      '**/workflows/**/*.ts',
      'libs/flow-graph/src/**/*.ts',
      ...NODES_IN_WORKFLOW,
      'apps/worker/src/nodes/pure-nodes.ts',
      'apps/worker/src/nodes/node-error.ts',
      'apps/worker/src/nodes/expressions/*.ts',
      'apps/worker/src/runs/step-input.ts',
    ],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts'],
    rules: { 'no-restricted-imports': ['error', workflowRestrictions] },
  },
  {
    // Bundled into the workflow sandbox by path (apps/worker/src/temporal/workflow-libraries.ts):
    // other Docket libraries only for their types, which compile away.
    files: ['libs/flow-graph/src/**/*.ts', ...NODES_IN_WORKFLOW],
    ignores: ['**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@docket/*'],
              allowTypeImports: true,
              message: 'Workflow code bundles this library: import Docket libraries type-only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The page runner and the engine run without the services' machinery (Nest, NATS, config):
    // from the platform they take types alone (the one CornerBox), which compile away.
    files: ['libs/document-processing/src/**/*.ts', 'libs/document-intelligence/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@docket/platform'],
              allowTypeImports: true,
              message: 'The engine libraries import the platform type-only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The engine's folders import downward only (libs/document-intelligence/README.md): what
    // extraction reads with (schema, values, vocabulary) and what reads its results (memory,
    // validation) never import extraction/, so no two folders import each other.
    files: ['libs/document-intelligence/src/{memory,validation,schema,values,vocabulary}/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/extraction', '**/extraction/**'],
              message: 'extraction/ imports this folder: move what both need below both.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/*/src/**/*.spec.ts', 'libs/*/src/**/*.int-spec.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries(LIBRARY_LAYERS_IN_TESTS)],
    },
  },
  {
    files: [
      '**/*.spec.ts',
      '**/*.int-spec.ts',
      '**/*.e2e-spec.ts',
      'bench/**/*.ts',
      'test/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
);
