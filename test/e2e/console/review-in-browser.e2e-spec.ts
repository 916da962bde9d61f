import path from 'node:path';

import type { FlowGraph } from '@docket/contracts';
import {
  apiRequest,
  createTestOrganization,
  eventually,
  registerDevIdp,
  TestOrganization,
} from '@docket/testing';
import type { Browser } from 'playwright-core';

import { claimForm } from '../flows/support/claim-documents';
import { environmentWithVariable, graphOf, liveFlow } from '../flows/support/flows-api';
import { WebhookReceiver } from '../flows/support/webhook-receiver';
import {
  addPerson,
  launchChromium,
  type Person,
  SCREENSHOTS,
  signIn,
  SITE,
  until,
} from './support/console-browser';

jest.setTimeout(240_000);

const SECRET = `whsec-${Math.random().toString(36).slice(2)}`;

function intake(url: string): FlowGraph {
  return graphOf(
    [
      { id: 'upload', type: 'trigger.file' },
      {
        id: 'extract',
        type: 'ai.extract',
        config: {
          fields: [
            { key: 'policy_number', type: 'string', label: 'Policy number' },
            { key: 'insured_name', type: 'string', label: 'Insured name' },
            { key: 'date_of_loss', type: 'date', label: 'Date of loss' },
            { key: 'claim_amount', type: 'money', label: 'Claim amount' },
          ],
        },
      },
      { id: 'review', type: 'action.review', config: { instructions: 'Check the claim' } },
      {
        id: 'send',
        type: 'action.write-back',
        config: { url, secretVariable: 'WEBHOOK_SECRET' },
      },
    ],
    [
      ['upload', 'extract'],
      ['extract', 'review'],
      ['review', 'send', 'submitted'],
    ],
  );
}

/**
 * Issue 12: a person reviews an item in a real browser, from sign-in at the organization's
 * identity provider to the run's write-back: upload a claim on the upload page, find its item
 * by a prefix search, open it, see where the selected field was read, correct a field, submit.
 */
describe('the review console in a browser', () => {
  let org: TestOrganization;
  let browser: Browser;
  const receiver = new WebhookReceiver(SECRET);
  const domain = `c${Math.random().toString(36).slice(2, 10)}.example.test`;
  let person: Person;
  let flowName: string;

  beforeAll(async () => {
    org = await createTestOrganization();
    await registerDevIdp(org.admin.token, [domain]);
    person = await addPerson(org, domain, 'Partner', 'Riley Partner');
    const environmentId = await environmentWithVariable(org.admin.token, org.projectId, {
      name: 'WEBHOOK_SECRET',
      value: SECRET,
    });
    const flowId = await liveFlow(org.admin.token, org.projectId, intake(await receiver.start()), {
      environmentId,
    });
    const flow = await apiRequest<{ name: string }>('GET', `/flows/${flowId}`, {
      token: org.admin.token,
    });
    flowName = flow.body.name;
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await receiver.stop();
  });

  it('signs in, uploads, finds, reviews and submits an item until its write-back arrives', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

    // Sign in: the console sends the person to their organization's identity provider.
    await signIn(page, person);
    expect(await page.locator('.who').innerText()).toContain('(Partner)');

    // Upload a claim the way a person does: choose the file, watch it become READY.
    await page.getByRole('link', { name: 'Upload' }).click();
    const pdf = await claimForm({
      policyNumber: 'PN-123456',
      insuredName: 'Jane Doe',
      dateOfLoss: '03/14/2025',
      claimAmount: '$640.00',
    });
    const chooser = page.getByLabel('Choose files to upload');
    await until(page, () => chooser.isEnabled(), 'the workspace to be known');
    await chooser.setInputFiles({ name: 'claim.pdf', mimeType: 'application/pdf', buffer: pdf });
    await until(
      page,
      async () => (await page.getByRole('list', { name: 'Uploads' }).innerText()).includes('READY'),
      'the upload to be READY',
      120_000,
    ).catch(async (error: unknown) => {
      await page.screenshot({ path: path.join(SCREENSHOTS, 'console-upload-failed.png') });
      throw error;
    });

    // A search the API refuses is explained in the reviewer's words, not the parameter's.
    await page.getByRole('link', { name: 'Items' }).click();
    await page.getByLabel('Search items').fill('display-id:abc');
    await page.getByRole('button', { name: 'Search' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'This search cannot be used' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('display-id: needs an item number');
    expect(await refusal.innerText()).not.toContain('searchText');

    // Find the item the run created, by a prefix search on its flow.
    await page.getByLabel('Search items').fill(`flow:"${flowName}"`);
    const results = page.getByRole('table');
    const row = results.getByRole('link').first();
    const answered = async () => Number(await results.getAttribute('data-answered'));
    await until(
      page,
      async () => {
        // Search again and wait for that search's answer before reading the list.
        const before = await answered();
        await page.getByRole('button', { name: 'Search' }).click();
        await until(page, async () => (await answered()) > before, 'the search to answer');
        return (
          (await page.getByText('REVIEW', { exact: true }).count()) > 1 && (await row.count()) > 0
        );
      },
      'the run to reach review',
      120_000,
    ).catch(async (error: unknown) => {
      await page.screenshot({ path: path.join(SCREENSHOTS, 'console-search-failed.png') });
      throw error;
    });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-items.png'), fullPage: true });
    await row.click();

    // The item page: the lock is taken; selecting a field draws where it was read.
    await page.getByRole('list', { name: 'Fields' }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await until(page, () => submit.isEnabled(), 'the review lock');
    // The flow's review step tells the reviewer what to check.
    await page.getByText('Instructions: Check the claim').waitFor();
    await page.getByText('policy_number', { exact: true }).click();
    await page.getByTestId('grounding-box').waitFor();
    const frame = page.getByTestId('page-frame');
    const policy = await page.getByTestId('grounding-box').boundingBox();
    const framed = await frame.boundingBox();
    expect(policy && policy.width > 0 && policy.height > 0).toBe(true);
    // Draw a box around the policy number on the page while insured_name is selected: the
    // field takes the words under the box, and the box becomes its (reviewer-placed) grounding.
    // Wait until the page shows insured_name's grounding and takes a drawing, and place the box
    // by where the page frame is now (the layout may settle after the first measurement).
    await page.getByText('insured_name', { exact: true }).click();
    await until(
      page,
      async () => {
        const shown = await page.getByTestId('grounding-box').boundingBox();
        return shown !== null && Math.abs(shown.y - policy!.y) > 2;
      },
      "insured_name's grounding on the page",
    );
    await page.locator('[data-testid="page-frame"].drawable').waitFor();
    const now = (await frame.boundingBox())!;
    const scale = now.width / framed!.width;
    const box = {
      x: now.x + (policy!.x - framed!.x) * scale,
      y: now.y + (policy!.y - framed!.y) * scale,
      width: policy!.width * scale,
      height: policy!.height * scale,
    };
    await page.mouse.move(box.x - 3, box.y - 3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width + 3, box.y + box.height + 3, { steps: 5 });
    await page.mouse.up();
    await page.getByText('insured_name saved (version 2)').waitFor();
    expect(await page.getByLabel('insured_name', { exact: true }).inputValue()).toBe('PN-123456');
    const itemId = /items\/([0-9a-f-]{36})/.exec(page.url())![1];
    const placed = await apiRequest<{ data: Array<{ key: string; grounding: unknown[] }> }>(
      'GET',
      `/items/${itemId}/fields?projectId=${org.projectId}&key=insured_name`,
      { token: org.admin.token },
    );
    expect(placed.body.data[0].grounding).toEqual([
      expect.objectContaining({ page: 1, placedByReviewer: true }),
    ]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-draw-box.png'), fullPage: true });

    // Keyboard review loop: j moves to the next field.
    await page.getByRole('list', { name: 'Fields' }).locator('[data-field]').first().focus();
    await page.keyboard.press('j');
    expect(await page.locator('[data-field][aria-current="true"]').getAttribute('class')).toContain(
      'selected',
    );
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-item.png'), fullPage: true });

    // Correct a field; a money value in words is refused inline and changes nothing.
    const name = page.getByLabel('insured_name', { exact: true });
    await name.fill('Jane Q. Doe');
    await name.press('Enter');
    await page.getByText('insured_name saved (version 3)').waitFor();
    const amount = page.getByLabel('claim_amount', { exact: true });
    await amount.fill('twelve hundred');
    await amount.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'not an amount of money' }).waitFor();
    // Accept a field as it is (the `a` key on the field): recorded, and written back.
    await page.locator('li[data-field]').filter({ hasText: 'policy_number' }).focus();
    await page.keyboard.press('a');
    await page.getByText('policy_number accepted').waitFor();

    // Submit; fields the extraction doubted would be asked about first.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const items = page.getByRole('heading', { name: 'Items' });
    const ask = page.getByRole('button', { name: 'Submit anyway' });
    await until(page, async () => (await items.count()) + (await ask.count()) > 0, 'the submit');
    if ((await ask.count()) > 0) await ask.click();
    await items.waitFor();

    // The run goes on and writes back the corrected value.
    const delivery = await eventually(async () => receiver.deliveries[0], 60_000);
    const sent = new Map(
      (delivery.body.fields as Array<{ key: string; value: unknown }>).map((f) => [f.key, f.value]),
    );
    expect(sent.get('insured_name')).toBe('Jane Q. Doe');
    expect(sent.get('policy_number')).toBe('PN-123456');
    expect(sent.get('claim_amount')).toEqual({ amount: 640, currency: 'USD' });
    expect(delivery.body.review).toMatchObject({
      reviewer: { userId: person.userId, name: 'Riley Partner' },
      acceptedFields: [
        { key: 'policy_number', by: { userId: person.userId, name: 'Riley Partner' } },
      ],
    });
    expect(delivery.signatureValid).toBe(true);
    await page.close();
  });

  it('keeps two uploads of one file name apart', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, person);
    await page.getByRole('link', { name: 'Upload' }).click();
    const chooser = page.getByLabel('Choose files to upload');
    await until(page, () => chooser.isEnabled(), 'the workspace to be known');
    const pdf = await claimForm({
      policyNumber: 'PN-222222',
      insuredName: 'Two Files',
      dateOfLoss: '03/14/2025',
      claimAmount: '$10.00',
    });
    // Same name, different fates: a real PDF becomes READY, bytes that are none do not.
    await chooser.setInputFiles([
      { name: 'same.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'same.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') },
    ]);
    const rows = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await until(
      page,
      async () => {
        const texts = await rows.allInnerTexts();
        return (
          texts.length === 2 &&
          texts.some((text) => text.includes('READY')) &&
          texts.some((text) => /FAILED|UNSUPPORTED/.test(text))
        );
      },
      'one upload READY and the other refused',
      120_000,
    );
    await page.close();
  });

  it('stays usable on a 390-pixel-wide phone screen', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${SITE}/console/`);
    await page.getByLabel('Work e-mail').waitFor();
    // Evaluated in the page: the string keeps Node's type checker out of the browser's globals.
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
