import {
  apiRequest,
  createTestOrganization,
  eventually,
  registerDevIdp,
  TestOrganization,
} from '@docket/testing';
import type { Browser, Page } from 'playwright-core';

import {
  environmentWithVariable,
  graphOf,
  liveFlow,
  startedRun,
  transformChain,
  waitForStatus,
} from '../flows/support/flows-api';
import {
  addPerson,
  launchChromium,
  type Person,
  shot,
  signIn,
  until,
} from './support/console-browser';

jest.setTimeout(300_000);

const SECRET = `s3cret-${Math.random().toString(36).slice(2)}`;

/** The text of the runs table, once it has answered. */
const runsText = (page: Page) => page.getByRole('table', { name: 'Runs' }).innerText();

/**
 * Issue 32: runs and variables on screen. A Partner filters the run history, watches a running
 * run be canceled and a rerun complete; variables are masked, Partners create and change them
 * but see no Reveal or Delete; an Admin reveals one after giving a reason, which the audit trail
 * records, and deletes one.
 */
describe('runs and variables in a browser', () => {
  let org: TestOrganization;
  let browser: Browser;
  const domain = `r${Math.random().toString(36).slice(2, 10)}.example.test`;
  let admin: Person;
  let partner: Person;
  let waitingFlow: string;

  beforeAll(async () => {
    org = await createTestOrganization();
    await registerDevIdp(org.admin.token, [domain]);
    [admin, partner] = await Promise.all([
      addPerson(org, domain, 'Admin', 'Avery Admin'),
      addPerson(org, domain, 'Partner', 'Parker Partner'),
    ]);
    await environmentWithVariable(org.admin.token, org.projectId, {
      name: 'WEBHOOK_SECRET',
      value: SECRET,
    });
    const quick = await liveFlow(org.admin.token, org.projectId, transformChain(['{"ok": true}']));
    waitingFlow = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          { id: 'pause', type: 'utility.delay', config: { seconds: 3600 } },
        ],
        [['trigger', 'pause']],
      ),
    );
    for (const body of [{ input: { n: 1 } }, { input: { n: 2 } }]) {
      const executionId = await startedRun(org.admin.token, quick, body);
      await waitForStatus(org.admin.token, executionId, ['completed'], 60_000);
    }
    const waiting = await startedRun(org.admin.token, waitingFlow);
    await waitForStatus(org.admin.token, waiting, ['running'], 60_000);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('filters the run history, cancels a running run and follows a rerun until it completes', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, partner);
    await page.getByRole('link', { name: 'Runs' }).click();
    const cards = page.getByRole('region', { name: 'Runs per status' });
    await cards.getByRole('button', { name: '2 completed' }).waitFor();
    await cards.getByRole('button', { name: '1 running' }).waitFor();
    await shot(page, 'console-runs-list');

    // A status card filters the list; the running run can be canceled from its page.
    await cards.getByRole('button', { name: /running/ }).click();
    await until(page, async () => !(await runsText(page)).includes('completed'), 'the filter');
    await page.getByRole('table', { name: 'Runs' }).getByRole('link').first().click();
    await page.getByRole('list', { name: 'Steps' }).getByText('pause', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel run' }).click();
    await page
      .getByLabel('Run status')
      .filter({ hasText: 'canceled' })
      .waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);

    // Rerun a completed run: the new run's page follows it until it completes.
    await page.getByRole('link', { name: '← Runs' }).click();
    await page.getByRole('combobox', { name: /^Status/ }).selectOption('completed');
    await until(page, async () => !(await runsText(page)).includes('canceled'), 'the filter');
    await page.getByRole('table', { name: 'Runs' }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Rerun' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rerun' }).click();
    await page.getByText('rerun of').waitFor();
    await page
      .getByLabel('Run status')
      .filter({ hasText: 'completed' })
      .waitFor({ timeout: 60_000 });
    await page.getByText('Output of t1').click();
    await page.locator('pre').filter({ hasText: '"ok"' }).waitFor();
    await shot(page, 'console-run-rerun');

    // Every filter reaches the API: by trigger, and test runs are listed apart.
    await page.getByRole('link', { name: '← Runs' }).click();
    await page.getByRole('combobox', { name: /^Trigger/ }).selectOption('rerun');
    await until(
      page,
      async () => (await page.getByRole('table', { name: 'Runs' }).getByRole('row').count()) === 2,
      'one rerun listed',
    );
    await page.getByRole('combobox', { name: /^Trigger/ }).selectOption('');
    await page.getByLabel('Test runs of drafts').check();
    await page.getByText('No runs match.').waitFor();
    await page.close();
  });

  it('masks variables; a Partner creates and changes one; an Admin reveals with a reason and deletes', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, partner);
    await page.getByRole('link', { name: 'Variables' }).click();
    const table = page.getByRole('table', { name: 'Variables' });
    await table.getByRole('cell', { name: 'WEBHOOK_SECRET', exact: true }).waitFor();
    expect(await table.innerText()).not.toContain(SECRET);
    // Partners may not reveal or delete (the API refuses them): no such controls.
    expect(await page.getByRole('button', { name: /^Reveal / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);

    const form = page.getByRole('form', { name: 'New variable' });
    await form.getByLabel('Name').fill('CLAIMS_TOKEN');
    await form.getByLabel('Value').fill('first-token-value');
    await form.getByLabel('Scope').selectOption({ label: 'AI Agent' });
    await form.getByRole('button', { name: 'Create variable' }).click();
    await page.getByRole('status').filter({ hasText: 'CLAIMS_TOKEN created' }).waitFor();
    await table.getByRole('cell', { name: 'CLAIMS_TOKEN', exact: true }).waitFor();
    expect(await table.innerText()).not.toContain('first-token-value');
    await page.getByRole('button', { name: 'Change value of CLAIMS_TOKEN' }).click();
    await page.getByLabel('New value of CLAIMS_TOKEN').fill('second-token-value');
    await page.getByRole('button', { name: 'Save value' }).click();
    await page.getByRole('status').filter({ hasText: 'CLAIMS_TOKEN changed' }).waitFor();
    await shot(page, 'console-variables');
    await page.close();

    // The Admin reveals the value only after saying why; the audit trail records the reason.
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(adminPage, admin);
    await adminPage.getByRole('link', { name: 'Variables' }).click();
    await adminPage.getByRole('button', { name: 'Reveal CLAIMS_TOKEN' }).click();
    const dialog = adminPage.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Reveal' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Why do you need to see this value?').fill('Rotating the claims token');
    await shot(adminPage, 'console-variable-reveal');
    await dialog.getByRole('button', { name: 'Reveal' }).click();
    await adminPage
      .getByRole('table', { name: 'Variables' })
      .getByText('second-token-value')
      .waitFor();
    const variables = await apiRequest<{ data: Array<{ variableId: string; name: string }> }>(
      'GET',
      `/variables?scope=project&scopeId=${org.projectId}&limit=100`,
      { token: org.admin.token },
    );
    const token = variables.body.data.find((variable) => variable.name === 'CLAIMS_TOKEN')!;
    const revealed = await eventually(async () => {
      const trail = await apiRequest<{ data: Array<{ action: string; details: unknown }> }>(
        'GET',
        `/audit-events?resourceId=${token.variableId}&limit=100`,
        { token: org.admin.token },
      );
      return trail.body.data.find((event) => event.action === 'variable.revealed');
    }, 10_000);
    expect(revealed.details).toMatchObject({ reason: 'Rotating the claims token' });

    await adminPage.getByRole('button', { name: 'Delete CLAIMS_TOKEN' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await adminPage.getByRole('status').filter({ hasText: 'CLAIMS_TOKEN deleted' }).waitFor();
    // The notice comes with the answer; the table is read again after it.
    const variableTable = adminPage.getByRole('table', { name: 'Variables' });
    await until(
      adminPage,
      async () => !(await variableTable.innerText()).includes('CLAIMS_TOKEN'),
      'the deleted variable to leave the table',
    );
    expect(await variableTable.innerText()).toContain('WEBHOOK_SECRET');
    await adminPage.close();
  });
});
