import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** Runs the real ESLint CLI on code as if it lived at `file` (jest cannot load the ESM config). */
async function lint(file: string, code: string): Promise<string[]> {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/eslint/bin/eslint.js'),
      '--stdin',
      '--stdin-filename',
      path.join(root, file),
      '--format',
      'json',
    ],
    { cwd: root, input: code, encoding: 'utf8' },
  );
  const [report] = JSON.parse(result.stdout) as Array<{
    messages: Array<{ ruleId: string | null; message: string }>;
  }>;
  return report.messages.map((m) => m.ruleId ?? m.message);
}

/** The architecture rules are only real if lint fails on a violation; these prove it does. */
describe('lint-enforced architecture', () => {
  jest.setTimeout(60_000);

  it('forbids an app importing another app', async () => {
    const rules = await lint(
      'apps/gateway/src/probe.ts',
      "import { IdentityModule } from '../../identity/src/identity.module';\nexport const x = IdentityModule;\n",
    );
    expect(rules).toContain('@nx/enforce-module-boundaries');
  });

  it('forbids a library importing an app', async () => {
    const rules = await lint(
      'libs/platform/src/probe.ts',
      "import { GatewayConfig } from '../../../apps/gateway/src/gateway.config';\nexport const x = GatewayConfig;\n",
    );
    expect(rules).toContain('@nx/enforce-module-boundaries');
  });

  it.each([
    ["import { readFileSync } from 'node:fs';", 'a Node built-in'],
    ["import { Injectable } from '@nestjs/common';", 'Nest'],
    ["import { DataSource } from 'typeorm';", 'TypeORM'],
  ])('forbids %s in workflow code (%s)', async (importLine) => {
    const rules = await lint(
      'apps/worker/src/workflows/probe.workflow.ts',
      `${importLine}\nexport const x = 1;\n`,
    );
    expect(rules).toContain('no-restricted-imports');
  });

  it.each([
    ['libs/document-intelligence/src/memory/probe.ts'],
    ['libs/document-intelligence/src/validation/probe.ts'],
    ['libs/document-intelligence/src/values/probe.ts'],
  ])('forbids %s importing extraction/ (it imports that folder back)', async (file) => {
    const rules = await lint(
      file,
      "import { extractDocumentFields } from '../extraction/field-extractor';\nexport const x = extractDocumentFields;\n",
    );
    expect(rules).toContain('no-restricted-imports');
  });

  it('allows memory/ its schema types and value parsing', async () => {
    const rules = await lint(
      'libs/document-intelligence/src/memory/probe.ts',
      "import { parseScalar } from '../values/scalar-value.parser';\nexport const x = parseScalar;\n",
    );
    expect(rules).toEqual([]);
  });

  it('allows @temporalio/workflow in workflow code', async () => {
    const rules = await lint(
      'apps/worker/src/workflows/probe.workflow.ts',
      "import { sleep } from '@temporalio/workflow';\n\nexport async function probe(): Promise<void> {\n  await sleep(1);\n}\n",
    );
    expect(rules).toEqual([]);
  });
});
