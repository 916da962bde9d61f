import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { BEGIN_MARKER, END_MARKER, OPERATIONS_DOC } from '../../deploy/tools/config-reference';
import { loadAllServiceSettings } from '../../deploy/tools/service-settings';

/**
 * The configuration reference in docs/operations.md is generated from the config classes; this
 * keeps it from drifting: a new or changed @Env setting fails here until the page is regenerated
 * (node -r @swc-node/register deploy/tools/config-reference.ts --write).
 */
describe('docs/operations.md configuration reference', () => {
  const document = readFileSync(OPERATIONS_DOC, 'utf8');
  const section = document.slice(document.indexOf(BEGIN_MARKER), document.indexOf(END_MARKER));

  // A child process: prettier formats the generated tables and cannot load inside jest's VM.
  it('is what the generator produces from the current config classes', () => {
    const check = spawnSync(
      process.execPath,
      ['-r', '@swc-node/register', 'deploy/tools/config-reference.ts', '--check'],
      { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8' },
    );
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 60_000);

  it('documents every setting of every service, secrets without their values', async () => {
    for (const { service, settings } of await loadAllServiceSettings()) {
      expect(section).toContain(`### ${service}\n`);
      for (const setting of settings) {
        const row = section
          .split('\n')
          .find((line) => line.startsWith(`| \`${setting.variable}\``));
        expect({ service, variable: setting.variable, documented: row !== undefined }).toEqual({
          service,
          variable: setting.variable,
          documented: true,
        });
        if (setting.secret) {
          expect(row).toContain('yes (secret)');
          expect(row).not.toContain(String(setting.defaultValue));
        }
      }
    }
  });
});
