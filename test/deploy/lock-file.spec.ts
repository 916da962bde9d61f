import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm ci` is how every image build, CI run and fresh clone installs: it must accept the
 * committed lock file on any platform. A dry run in a copy of package.json and package-lock.json
 * runs npm's own lock-file check (the one that once refused "Missing:
 * @napi-rs/canvas-darwin-arm64 …" and broke every image build) in a second or two, without
 * touching node_modules.
 */
const ROOT = path.resolve(__dirname, '../..');

interface LockFile {
  packages: Record<string, { optional?: boolean; os?: string[] }>;
}

function npmCiDryRun(edit?: (lock: LockFile) => void): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'docket-npm-ci-'));
  try {
    copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as LockFile;
    edit?.(lock);
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock));
    const result = spawnSync(
      'npm',
      ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: dir, encoding: 'utf8', timeout: 120_000 },
    );
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('package-lock.json', () => {
  it('is accepted by npm ci as committed', () => {
    const result = npmCiDryRun();
    expect(result.output).not.toMatch(/in sync/);
    expect(result.status).toBe(0);
  });

  it("carries other platforms' optional packages, without which npm ci refuses it", () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as LockFile;
    const foreign = Object.entries(lock.packages).filter(
      ([, entry]) => entry.optional && entry.os?.includes('darwin'),
    );
    expect(foreign.map(([name]) => name)).toContain('node_modules/@napi-rs/canvas-darwin-arm64');

    const result = npmCiDryRun((edited) => {
      delete edited.packages['node_modules/@napi-rs/canvas-darwin-arm64'];
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/Missing: @napi-rs\/canvas-darwin-arm64@/);
  });
});
