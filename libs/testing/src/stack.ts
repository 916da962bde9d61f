import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { portOf, Profile, ProfileName, PROFILES } from './stack-profiles';

const run = promisify(execFile);

/**
 * The stack the tests talk to: profile `test` (what npm test starts), or a sandbox profile
 * named by DOCKET_TEST_PROFILE when an engineer runs a private stack.
 */
export const TEST_PROFILE = PROFILES[(process.env.DOCKET_TEST_PROFILE ?? 'test') as ProfileName];
export const TEST_GATEWAY_URL = `http://127.0.0.1:${portOf(TEST_PROFILE, 'gateway')}`;
export const TEST_DATABASE_URL = TEST_PROFILE.env.DATABASE_URL;
export const TEST_NATS_PREFIX = TEST_PROFILE.env.DOCKET_NATS_PREFIX;
export const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface BootstrappedOrganization {
  organizationId: string;
  workspaceId: string;
  projectId: string;
  userId: string;
  apiKey: string;
}

/**
 * Runs the real operator CLI against the profile's database: the same path `npm start` uses.
 * When the stack runs from images (deploy/images/smoke.sh), DOCKET_TEST_IDENTITY_EXEC names the
 * command that runs a program inside the identity container (`podman exec <container>`), and the
 * CLI of that image is used with the container's own settings, as an operator would.
 */
export async function bootstrapOrganization(
  name = `Org ${Math.random().toString(36).slice(2, 8)}`,
  profile: Profile = TEST_PROFILE,
): Promise<BootstrappedOrganization> {
  const email = `admin-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const command = ['bootstrap', '--org', name, '--admin-email', email];
  const inContainer = process.env.DOCKET_TEST_IDENTITY_EXEC?.split(' ').filter(Boolean);
  const { stdout } = inContainer
    ? await run(inContainer[0], [
        ...inContainer.slice(1),
        'node',
        '-r',
        './deploy/runtime/aliases.js',
        'dist/apps/identity/src/cli.js',
        ...command,
      ])
    : await run(
        process.execPath,
        [
          '-r',
          path.join(REPO_ROOT, 'deploy/runtime/aliases.js'),
          path.join(REPO_ROOT, 'dist/apps/identity/src/cli.js'),
          ...command,
        ],
        {
          cwd: REPO_ROOT,
          env: {
            ...process.env,
            DATABASE_URL: profile.env.DATABASE_URL,
            DOCKET_NATS_PREFIX: profile.env.DOCKET_NATS_PREFIX,
            LOG_LEVEL: 'warn',
          },
        },
      );
  return JSON.parse(stdout) as BootstrappedOrganization;
}
