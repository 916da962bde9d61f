import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { demoReceiverPort } from '../../libs/testing/src/demo-receiver/demo-receiver-port';
import { devIdpSettings } from '../../libs/testing/src/idp/dev-idp-settings';
import { portOf, ProfileName, PROFILES } from '../../libs/testing/src/stack-profiles';

/**
 * Sets up the demo organization of a running stack (`npm start`), through the public API as an
 * Admin would, and safe to re-run: a demo reviewer, the development IdP registered for the demo
 * domain with passwords for the Admin and the reviewer, and a published, active demo flow
 * (file trigger -> classify -> extract -> review -> write-back to the local demo receiver).
 *   demo.ts [profile]   (reads the bootstrap output in .data/demo-credentials.json)
 */
const ROOT = path.resolve(__dirname, '../..');
const CREDENTIALS = process.env.DEMO_CREDENTIALS ?? path.join(ROOT, '.data/demo-credentials.json');
/** The demo's e-mail domain; tests give each run its own (a domain belongs to one provider). */
const DEMO_DOMAIN = process.env.DEMO_DOMAIN ?? 'demo.docket.local';
const REVIEWER_EMAIL = `reviewer@${DEMO_DOMAIN}`;
const ADMIN_EMAIL = `admin@${DEMO_DOMAIN}`;
/** Local development only: the demo IdP exists on this machine and nowhere else. */
const DEMO_PASSWORD = 'docket-demo';
const FLOW_NAME = 'Demo claims intake';
const WEBHOOK_SECRET = 'demo-write-back-signing-secret';

type Body = Record<string, unknown> & { data?: Array<Record<string, unknown>> };

function say(line: string): void {
  process.stdout.write(`[docket] ${line}\n`);
}

async function main(): Promise<void> {
  const profile = PROFILES[(process.argv[2] ?? 'dev') as ProfileName];
  if (!existsSync(CREDENTIALS)) {
    say('demo set-up skipped: no .data/demo-credentials.json (the demo organization was');
    say('  bootstrapped by another checkout); delete the database volume to start afresh');
    return;
  }
  const bootstrap = JSON.parse(readFileSync(CREDENTIALS, 'utf8')) as {
    apiKey: string;
    projectId: string;
  };
  const gateway = `http://127.0.0.1:${portOf(profile, 'gateway')}`;
  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${gateway}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await response.json()) as Body;
    if (response.status >= 300)
      throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(parsed)}`);
    return parsed;
  };
  const { accessToken } = await call('POST', '/token/authenticate', undefined, {
    apiKey: bootstrap.apiKey,
  });
  const token = String(accessToken);
  const { projectId } = bootstrap;

  const users = await call('GET', '/users?limit=100', token);
  if (!users.data?.some((user) => user.email === REVIEWER_EMAIL)) {
    // A Partner: the demo reviewer uploads a sample in the console and reviews it there
    // (the Reviewer role may review but not upload).
    await call('POST', '/users', token, {
      email: REVIEWER_EMAIL,
      name: 'Riley Reviewer',
      role: 'Partner',
      projectIds: [projectId],
    });
  }

  const idp = devIdpSettings(profile);
  const providers = await call('GET', '/identity-providers?limit=100', token);
  if (!providers.data?.some((p) => (p.domains as string[]).includes(DEMO_DOMAIN))) {
    await call('POST', '/identity-providers', token, {
      name: 'Demo identity provider (local)',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      domains: [DEMO_DOMAIN],
    });
  }
  // The development IdP keeps accounts in memory: give them again on every start.
  for (const [email, name] of [
    [REVIEWER_EMAIL, 'Riley Reviewer'],
    [ADMIN_EMAIL, 'Demo Admin'],
  ]) {
    const put = await fetch(`http://127.0.0.1:${idp.port}/accounts`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, name }),
    });
    if (put.status !== 204) throw new Error(`IdP account for ${email}: ${put.status}`);
  }

  const flows = await call('GET', `/projects/${projectId}/flows?limit=100`, token);
  if (!flows.data?.some((flow) => flow.name === FLOW_NAME)) {
    await createDemoFlow(call, token, projectId, demoReceiverPort(profile));
  }

  const gatewayPublic = `http://localhost:${portOf(profile, 'gateway')}`;
  say(`console:        ${gatewayPublic}/console/`);
  say(
    `demo reviewer:  ${REVIEWER_EMAIL}  (a Partner: uploads and reviews; password at the demo IdP: ${DEMO_PASSWORD})`,
  );
  say(`demo admin:     ${ADMIN_EMAIL}  (same password)`);
  say(`demo flow:      "${FLOW_NAME}": upload a claim form, review it, submit`);
  say(`write-backs:    http://localhost:${demoReceiverPort(profile)}/`);
}

type Call = (method: string, url: string, token?: string, body?: unknown) => Promise<Body>;

async function createDemoFlow(
  call: Call,
  token: string,
  projectId: string,
  receiverPort: number,
): Promise<void> {
  const environments = await call('GET', '/environments?limit=100', token);
  const environmentId = String(
    environments.data?.find((e) => e.name === 'demo')?.environmentId ??
      (await call('POST', '/environments', token, { name: 'demo' })).environmentId,
  );
  const variables = await call('GET', `/variables?environmentId=${environmentId}&limit=100`, token);
  if (!variables.data?.some((v) => v.name === 'WEBHOOK_SECRET')) {
    await call('POST', '/variables', token, {
      environmentId,
      name: 'WEBHOOK_SECRET',
      value: WEBHOOK_SECRET,
      scope: 'project',
      scopeId: projectId,
    });
  }
  const graph = {
    nodes: [
      { id: 'upload', type: 'trigger.file' },
      {
        id: 'classify',
        type: 'ai.classify',
        config: {
          classes: [
            { label: 'fnol', keywords: ['First Notice of Loss', 'Claim'] },
            { label: 'invoice', keywords: ['Invoice Number', 'Invoice'] },
          ],
        },
      },
      {
        id: 'extract',
        type: 'ai.extract',
        config: {
          fields: [
            {
              key: 'policy_number',
              type: 'string',
              label: 'Policy Number',
              patterns: ['PN-\\d{6}'],
            },
            { key: 'insured_name', type: 'string', label: 'Insured Name' },
            { key: 'date_of_loss', type: 'date', label: 'Date of Loss' },
            { key: 'claim_amount', type: 'money', label: 'Claim Amount' },
          ],
        },
      },
      { id: 'review', type: 'action.review', config: { instructions: 'Check every field' } },
      {
        id: 'send',
        name: 'Send to the demo receiver',
        type: 'action.write-back',
        config: {
          url: `http://127.0.0.1:${receiverPort}/claims`,
          secretVariable: 'WEBHOOK_SECRET',
        },
      },
    ],
    edges: [
      { from: 'upload', to: 'classify' },
      { from: 'classify', to: 'extract' },
      { from: 'extract', to: 'review' },
      { from: 'review', to: 'send', branch: 'submitted' },
    ],
  };
  const flow = await call('POST', `/projects/${projectId}/flows`, token, {
    name: FLOW_NAME,
    graph,
  });
  await call('POST', `/flows/${String(flow.flowId)}/publish`, token, { bump: 'minor' });
  await call('POST', `/flows/${String(flow.flowId)}/activate`, token, { environmentId });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[docket] demo set-up failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
