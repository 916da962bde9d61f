import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import {
  apiRequest,
  bootstrapOrganization,
  BootstrappedOrganization,
  demoReceiverPortOf,
  eventually,
  exchangeToken,
  REPO_ROOT,
  signInWithSso,
  TEST_PROFILE,
} from '@docket/testing';

import { Body, waitForStatus } from '../flows/support/flows-api';
import { upload, waitForFileReady } from '../flows/support/uploads';

const run = promisify(execFile);

/**
 * The `npm start` demo, on the test stack: the set-up script makes a reviewer who signs in at
 * the development IdP, and a live flow whose reviewed item is written back to the demo receiver.
 */
describe('demo set-up', () => {
  let org: BootstrappedOrganization;
  let adminToken: string;
  const domain = `demo-${Math.random().toString(36).slice(2, 10)}.example`;

  async function setUpDemo(): Promise<string> {
    const { stdout } = await run(
      process.execPath,
      ['-r', '@swc-node/register', path.join(REPO_ROOT, 'deploy/stack/demo.ts'), TEST_PROFILE.name],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DEMO_CREDENTIALS: credentials, DEMO_DOMAIN: domain },
      },
    );
    return stdout;
  }

  const credentials = path.join(tmpdir(), `docket-demo-${process.pid}-${Date.now()}.json`);

  beforeAll(async () => {
    org = await bootstrapOrganization('Demo Insurance (test)');
    writeFileSync(credentials, JSON.stringify(org));
    adminToken = await exchangeToken(org.apiKey);
  }, 60_000);

  it('prints the console and the reviewer, and a re-run changes nothing', async () => {
    const first = await setUpDemo();
    expect(first).toContain(`/console/`);
    expect(first).toContain(`reviewer@${domain}`);
    const second = await setUpDemo();
    expect(second).toContain(`reviewer@${domain}`);
    const flows = await apiRequest<{ data: Body[] }>('GET', `/projects/${org.projectId}/flows`, {
      token: adminToken,
    });
    expect(flows.body.data.filter((f) => f.name === 'Demo claims intake')).toHaveLength(1);
    const providers = await apiRequest<{ data: Body[] }>('GET', '/identity-providers', {
      token: adminToken,
    });
    expect(providers.body.data).toHaveLength(1);
  }, 60_000);

  it('lets the demo reviewer sign in, review an uploaded claim and see it written back', async () => {
    // The sample a person would drop into the console.
    const pdf = readFileSync(path.join(REPO_ROOT, 'docs/samples/first-notice-of-loss.pdf'));
    const fileId = await upload(adminToken, org.workspaceId, 'first-notice-of-loss.pdf', pdf);
    await waitForFileReady(adminToken, fileId);
    const executionId = await eventually(async () => {
      const list = await apiRequest<{ data: Body[] }>(
        'GET',
        `/flow-executions?projectId=${org.projectId}&trigger=file&limit=100`,
        { token: adminToken },
      );
      const found = list.body.data.find((e) => (e.fileIds as string[]).includes(fileId));
      return found ? (found.executionId as string) : undefined;
    });
    const waiting = await waitForStatus(adminToken, executionId, ['in_review', 'failed'], 60_000);
    expect(waiting.status).toBe('in_review');

    const signIn = await signInWithSso(`reviewer@${domain}`, 'docket-demo');
    expect(signIn.callback.status).toBe(302);
    const session = await apiRequest<{ accessToken: string }>('POST', '/auth/refresh', {
      body: {},
      headers: { cookie: `docket_refresh=${signIn.refreshCookie}` },
    });
    expect(session.status).toBe(200);
    const token = session.body.accessToken;
    const itemId = (waiting.itemIds as string[])[0];
    expect((await apiRequest('POST', `/items/${itemId}/lock`, { token })).status).toBe(200);
    expect((await apiRequest('POST', `/items/${itemId}/submit`, { token })).status).toBe(200);

    const done = await waitForStatus(adminToken, executionId, ['completed', 'failed'], 60_000);
    expect(done.status).toBe('completed');
    const delivered = await eventually(async () => {
      const response = await fetch(`http://127.0.0.1:${demoReceiverPortOf(TEST_PROFILE)}/`);
      const { data } = (await response.json()) as {
        data: Array<{ headers: Record<string, string>; body: unknown }>;
      };
      return data.find((d) => d.headers['x-docket-execution-id'] === executionId);
    });
    expect(JSON.stringify(delivered.body)).toContain('PN-123456');
  }, 120_000);
});
