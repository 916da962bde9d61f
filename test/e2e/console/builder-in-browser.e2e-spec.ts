import {
  apiRequest,
  createTestOrganization,
  registerDevIdp,
  TestOrganization,
} from '@docket/testing';
import type { Browser, Page } from 'playwright-core';

import { claimForm } from '../flows/support/claim-documents';
import { environmentWithVariable } from '../flows/support/flows-api';
import { WebhookReceiver } from '../flows/support/webhook-receiver';
import {
  addPerson,
  launchChromium,
  type Person,
  shot,
  signIn,
  until,
} from './support/console-browser';

jest.setTimeout(480_000);

const SECRET = `whsec-${Math.random().toString(36).slice(2)}`;

const claim = () =>
  claimForm({
    policyNumber: 'PN-774411',
    insuredName: 'Dana Lee',
    dateOfLoss: '04/02/2025',
    claimAmount: '$1,250.00',
  });

/** The graph's node by its name, as a person sees it. */
const graphNode = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Flow graph' }).getByRole('button', { name: `Node ${name} (` });

async function uploadTestFile(page: Page): Promise<void> {
  await page.getByLabel('Upload a test file').setInputFiles({
    name: 'claim.pdf',
    mimeType: 'application/pdf',
    buffer: await claim(),
  });
  await until(
    page,
    async () => (await page.getByLabel('Test file status').innerText()).startsWith('READY'),
    'the test file to be READY',
    120_000,
  ).catch(async (error: unknown) => {
    await shot(page, 'console-builder-upload-failed');
    throw error;
  });
}

/**
 * Issue 32: the builder's console. An Admin starts a flow and adds its AI intelligence nodes
 * (the API lets only Admins add them, ai.use); a Partner adds the review and the write-back
 * from the palette, tests the draft on a sample file, publishes and activates it, uploads a
 * document and finds the run and its item. No JSON is typed anywhere. A Reviewer sees no builder.
 */
describe('the builder console in a browser', () => {
  let org: TestOrganization;
  let browser: Browser;
  const receiver = new WebhookReceiver(SECRET);
  const domain = `b${Math.random().toString(36).slice(2, 10)}.example.test`;
  let admin: Person;
  let partner: Person;
  let reviewer: Person;
  let receiverUrl: string;
  const flowName = `Claims intake ${Math.random().toString(36).slice(2, 6)}`;
  let flowUrl = '';

  beforeAll(async () => {
    org = await createTestOrganization();
    await registerDevIdp(org.admin.token, [domain]);
    [admin, partner, reviewer] = await Promise.all([
      addPerson(org, domain, 'Admin', 'Ada Admin'),
      addPerson(org, domain, 'Partner', 'Pat Partner'),
      addPerson(org, domain, 'Reviewer', 'Rae Reviewer'),
    ]);
    await environmentWithVariable(org.admin.token, org.projectId, {
      name: 'WEBHOOK_SECRET',
      value: SECRET,
    });
    receiverUrl = await receiver.start();
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await receiver.stop();
  });

  it('an Admin starts the flow with its AI nodes, picking extraction fields from the page', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, admin);
    await page.getByRole('link', { name: 'AI Agents' }).click();
    await page.getByLabel('New flow name').fill(flowName);
    await page.getByRole('button', { name: 'Create flow' }).click();
    await page.getByRole('heading', { name: flowName }).waitFor();
    flowUrl = page.url();

    // Classify, after the trigger: one class with a keyword, through the generated form.
    await graphNode(page, 'Start').click();
    await page.getByRole('button', { name: 'Add Classify' }).click();
    await graphNode(page, 'Classify').waitFor();
    await page.locator('#config_classes__add').click();
    await page.locator('#config_classes_0_label').fill('auto-claim');
    await page.locator('#config_classes_0_keywords__add').click();
    await page.locator('#config_classes_0_keywords_0').fill('notice of loss');

    // Extract, after classify: its fields are picked from the test file's captions.
    await page.getByRole('button', { name: 'Add Extract' }).click();
    await graphNode(page, 'Extract').waitFor();
    await uploadTestFile(page);
    const captions = page.getByRole('region', { name: 'Captions on the test file' });
    for (const caption of ['Policy Number', 'Claim Amount']) {
      await captions.getByRole('button', { name: `Use “${caption}”` }).click();
    }
    await page.locator('#config_fields_1_type').waitFor();
    expect(await page.locator('#config_fields_0_key').inputValue()).toBe('policy_number');
    // The amount's answer on the page ($1,250.00) made its field a money field.
    expect(await page.locator('#config_fields_1_type option:checked').innerText()).toBe('money');
    await shot(page, 'console-builder-extract');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
    await page.close();
  });

  it('a Partner adds review and write-back, tests the draft, publishes, activates and finds the run', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, partner);
    await page.getByRole('link', { name: 'AI Agents' }).click();
    const agents = page.getByRole('region', { name: /^AI Agent / });
    await agents.getByRole('link', { name: flowName }).click();
    await page.getByRole('heading', { name: flowName }).waitFor();

    // The API lets only Admins change AI intelligence nodes: the palette says so.
    expect(await page.getByRole('button', { name: 'Add Classify' }).isDisabled()).toBe(true);
    await page.getByText('Only an Admin may add or change AI intelligence nodes.').waitFor();

    // Review after extract, then write-back after review (it follows `submitted`).
    await graphNode(page, 'Extract').click();
    await page.getByRole('button', { name: 'Add Human review' }).click();
    await page.locator('#config_instructions').fill('Check the policy number and amount');
    await page.getByRole('button', { name: 'Add Write back' }).click();
    await graphNode(page, 'Write back').waitFor();

    // Saved without its URL and secret slot: the API's problems show on the node.
    await page.getByRole('button', { name: 'Save draft' }).click();
    const problems = page.getByRole('alert', { name: 'Problems of this node' });
    await problems.waitFor();
    expect(await problems.innerText()).toContain('url');
    expect(await graphNode(page, 'Write back').getAttribute('aria-label')).toContain('url');
    await shot(page, 'console-builder-problem');

    await page.locator('#config_url').fill(`${receiverUrl}/hook`);
    await page.locator('#config_secretVariable').fill('WEBHOOK_SECRET');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
    expect(await page.getByRole('alert', { name: 'Problems of this node' }).count()).toBe(0);

    // Test the draft on a sample file: the steps fill in up to the review, which waits.
    await uploadTestFile(page);
    const testDraft = page.getByRole('region', { name: 'Test the draft' });
    await testDraft.getByLabel('Environment').selectOption({ label: 'production' });
    await page.getByRole('button', { name: 'Run the draft' }).click();
    const testRun = page.getByLabel('Test run');
    await until(
      page,
      async () => (await testRun.innerText()).includes('in_review'),
      'the test run to wait for its review',
      180_000,
    );
    const steps = testRun.getByRole('list', { name: 'Steps' });
    for (const name of ['Start', 'Classify', 'Extract', 'Human review']) {
      await steps.getByText(name, { exact: true }).waitFor();
    }
    await shot(page, 'console-builder-test-run');
    await testRun.getByRole('link', { name: 'Open the test item' }).click();
    await page.getByRole('list', { name: 'Fields' }).waitFor();
    const values = await page
      .locator('input')
      .evaluateAll((inputs) =>
        inputs.map((input) => (input as unknown as { value: string }).value),
      );
    expect(values).toContain('PN-774411');
    await page.goBack();
    await page.getByRole('heading', { name: flowName }).waitFor();

    // Publish (nothing starts), then activate with the environment: the trigger goes live.
    await page.getByRole('button', { name: 'Publish v1.0.0' }).click();
    await page.getByRole('status').filter({ hasText: 'Published v1.0.0' }).waitFor();
    await page.getByLabel('Environment of its runs').selectOption({ label: 'production' });
    await page.getByRole('button', { name: 'Activate' }).click();
    await page
      .getByLabel('Flow status')
      .filter({ hasText: 'Active: v1.0.0 runs with production' })
      .waitFor();
    await shot(page, 'console-builder');

    // A document uploaded the usual way starts a run of the live flow.
    await page.getByRole('link', { name: 'Upload' }).click();
    const chooser = page.getByLabel('Choose files to upload');
    await until(page, () => chooser.isEnabled(), 'the workspace to be known');
    await chooser.setInputFiles({
      name: 'claim.pdf',
      mimeType: 'application/pdf',
      buffer: await claim(),
    });

    // Runs: the file run appears by itself; its page shows the steps and the item.
    await page.getByRole('link', { name: 'Runs' }).click();
    await page.getByLabel('Trigger').selectOption('file');
    const runs = page.getByRole('table', { name: 'Runs' });
    await until(
      page,
      async () => (await runs.innerText()).includes('v1.0.0'),
      'the file run to be listed',
      180_000,
    );
    await until(
      page,
      async () => (await runs.innerText()).includes('in_review'),
      'the file run to reach its review',
      180_000,
    );
    await shot(page, 'console-runs');
    await runs.getByRole('link').first().click();
    await page.getByRole('heading', { name: `Run of ${flowName} v1.0.0` }).waitFor();
    await page.getByRole('list', { name: 'Steps' }).getByText('Extract', { exact: true }).waitFor();
    await page.getByText('Output of Extract').click();
    await shot(page, 'console-run');
    await page.getByRole('link', { name: /^Open item / }).click();
    await page.getByRole('list', { name: 'Fields' }).waitFor();
    await page.close();

    // The run is the one the API lists for the flow, with its item.
    const listed = await apiRequest<{ data: Array<{ itemIds: string[]; trigger: string }> }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&trigger=file`,
      { token: org.admin.token },
    );
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].itemIds).toHaveLength(1);
  });

  it('shows a Reviewer no builder, runs or variables', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, reviewer);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Items']);
    await page.goto(flowUrl);
    await page
      .getByRole('alert')
      .filter({ hasText: 'This page is for Admins and Partners' })
      .waitFor();
    expect(await page.getByRole('group', { name: 'Flow graph' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Node palette' }).count()).toBe(0);
    await page.close();
  });
});
