import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { apiRequest, REPO_ROOT } from '@docket/testing';

const run = promisify(execFile);

/**
 * The console's API types are generated from the gateway's OpenAPI document. When the API
 * changes, this fails until `npm run console:api-types` is run against a stack of the change,
 * so the console never compiles against shapes the API no longer has. (openapi-typescript and
 * prettier load ES modules, which jest's CommonJS cannot: their command lines do the work.)
 */
describe('console API types', () => {
  it('match the live OpenAPI document', async () => {
    const document = await apiRequest<Record<string, unknown>>('GET', '/openapi.json');
    expect(document.status).toBe(200);
    const work = mkdtempSync(path.join(tmpdir(), 'docket-api-types-'));
    writeFileSync(path.join(work, 'openapi.json'), JSON.stringify(document.body));
    await run(path.join(REPO_ROOT, 'node_modules/.bin/openapi-typescript'), [
      path.join(work, 'openapi.json'),
      '-o',
      path.join(work, 'schema.d.ts'),
    ]);
    const file = path.join(REPO_ROOT, 'apps/console/src/api/schema.d.ts');
    // Formatted as the committed file is (prettier's command line, with the repository's config).
    const formatted = spawnSync(
      path.join(REPO_ROOT, 'node_modules/.bin/prettier'),
      ['--stdin-filepath', file],
      { input: readFileSync(path.join(work, 'schema.d.ts'), 'utf8'), encoding: 'utf8' },
    );
    expect(formatted.status).toBe(0);
    expect(formatted.stdout).toBe(readFileSync(file, 'utf8'));
  }, 60_000);
});
