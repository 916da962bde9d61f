import { mkdirSync } from 'node:fs';
import path from 'node:path';

import type { FlowGraph } from '@docket/contracts';
import {
  apiRequest,
  createTestOrganization,
  eventually,
  registerDevIdp,
  TestOrganization,
} from '@docket/testing';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

import { pdfOf } from '../flows/support/claim-documents';
import { graphOf, liveFlow } from '../flows/support/flows-api';
import { upload } from '../flows/support/uploads';
import { addPerson, CHROMIUM, SCREENSHOTS, signIn, SITE, until } from './support/console-browser';

jest.setTimeout(240_000);

type Box = { x: number; y: number; width: number; height: number };

const INTAKE: FlowGraph = graphOf(
  [
    { id: 'upload', type: 'trigger.file' },
    {
      id: 'classify',
      type: 'ai.classify',
      config: {
        classes: [
          { label: 'auto-claim', keywords: [{ term: 'First Notice of Loss', weight: 3 }] },
          { label: 'invoice', keywords: [{ term: 'Repair Invoice', weight: 3 }] },
        ],
        minConfidence: 0.5,
      },
    },
    {
      id: 'extract',
      type: 'ai.extract',
      config: {
        fields: [
          { key: 'policy_number', type: 'string', label: 'Policy number' },
          { key: 'insured_name', type: 'string', label: 'Insured name' },
        ],
      },
    },
    { id: 'review', type: 'action.review', config: { instructions: 'Check the claim' } },
  ],
  [
    ['upload', 'classify'],
    ['classify', 'extract'],
    ['extract', 'review'],
  ],
);

async function rectOf(locator: Locator): Promise<Box> {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not laid out');
  return rect;
}

/** Where a page-fraction box lands on screen, given the page frame's screen rect. */
function onScreen(frame: Box, box: Box): Box {
  return {
    x: frame.x + box.x * frame.width,
    y: frame.y + box.y * frame.height,
    width: box.width * frame.width,
    height: box.height * frame.height,
  };
}

function expectNear(actual: Box, expected: Box): void {
  for (const side of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(actual[side] - expected[side])).toBeLessThan(2);
}

/**
 * Issue 29: the item page's page viewer zooms (buttons and +/-), pans (scroll), jumps between
 * pages by their thumbnails, and keeps a field's grounding box, and a drawn box, on the words
 * at every zoom level.
 */
describe('the page viewer in a browser', () => {
  let org: TestOrganization;
  let browser: Browser;
  let itemId: string;
  const domain = `p${Math.random().toString(36).slice(2, 10)}.example.test`;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    org = await createTestOrganization();
    await registerDevIdp(org.admin.token, [domain]);
    await liveFlow(org.admin.token, org.projectId, INTAKE);
    const pdf = await pdfOf([
      [
        'First Notice of Loss',
        'Policy Number: PN-654321',
        'Insured Name: Sam Rivera',
        'Date of Loss: 04/02/2025',
      ],
      ['Repair Estimate', 'Rear bumper replacement', 'Total: $1,240.00'],
    ]);
    await upload(org.admin.token, org.workspaceId, 'claim.pdf', pdf);
    itemId = await eventually(async () => {
      const items = await apiRequest<{ data: Array<{ id: string; displayName: string }> }>(
        'GET',
        `/items?projectId=${org.projectId}&status=REVIEW`,
        { token: org.admin.token },
      );
      return items.body.data[0]?.id;
    }, 120_000);
    // The item is named by its file and document type, not the flow's name.
    const listed = await apiRequest<{ data: Array<{ id: string; displayName: string }> }>(
      'GET',
      `/items?projectId=${org.projectId}&searchText=${encodeURIComponent('claim.pdf')}`,
      { token: org.admin.token },
    );
    expect(listed.body.data.map((item) => [item.id, item.displayName])).toEqual([
      [itemId, 'claim.pdf · auto-claim'],
    ]);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function groundingOf(key: string): Promise<Box> {
    const fields = await apiRequest<{
      data: Array<{ grounding: Array<{ page: number; box: Box }> }>;
    }>('GET', `/items/${itemId}/fields?projectId=${org.projectId}&key=${key}`, {
      token: org.admin.token,
    });
    const grounding = fields.body.data[0].grounding[0];
    expect(grounding.page).toBe(1);
    return grounding.box;
  }

  /** The grounding box on screen sits where the field's page fractions put it on the frame. */
  async function expectBoxOnWords(page: Page, box: Box): Promise<Box> {
    const frame = await rectOf(page.getByTestId('page-frame'));
    const drawn = await rectOf(page.getByTestId('grounding-box'));
    expectNear(drawn, onScreen(frame, box));
    return drawn;
  }

  it('zooms, pans and changes page while boxes stay on their words', async () => {
    const person = await addPerson(org, domain, 'Reviewer', 'Pat Viewer');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, person);
    await page.getByText('claim.pdf · auto-claim').first().waitFor();
    await page.goto(`${SITE}/console/items/${itemId}?projectId=${org.projectId}`);
    await page.getByRole('list', { name: 'Fields' }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await until(page, () => submit.isEnabled(), 'the review lock');
    await page.getByRole('heading', { name: 'claim.pdf · auto-claim' }).waitFor();

    const policy = await groundingOf('policy_number');
    await page.getByText('policy_number', { exact: true }).click();
    await page.getByTestId('grounding-box').waitFor();
    const level = page.getByLabel('Zoom level');
    expect(await level.innerText()).toBe('100%');
    const before = await rectOf(page.getByTestId('page-frame'));
    await expectBoxOnWords(page, policy);

    // Zoom in twice with the buttons: the page is twice as wide, the box still on its words
    // and scrolled into the window.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await level.innerText()).toBe('200%');
    const zoomed = await rectOf(page.getByTestId('page-frame'));
    expect(Math.abs(zoomed.width - 2 * before.width)).toBeLessThan(2);
    const shown = await expectBoxOnWords(page, policy);
    const window = await rectOf(page.getByTestId('page-window'));
    expect(shown.x).toBeGreaterThanOrEqual(window.x);
    expect(shown.x + shown.width).toBeLessThanOrEqual(window.x + window.width);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-zoom.png'), fullPage: true });

    // Draw a box at 200% around the policy number while insured_name is selected: the words
    // under it are found, so drawing lines up with the zoomed page too.
    await page.getByText('insured_name', { exact: true }).click();
    // Selecting it centres its own box in the window: find the policy number's words again.
    await page.getByTestId('grounding-box').waitFor();
    const target = onScreen(await rectOf(page.getByTestId('page-frame')), policy);
    await page.mouse.move(target.x - 3, shown.y - 3);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width + 3, target.y + target.height + 3, {
      steps: 5,
    });
    await page.mouse.up();
    await page.getByText('insured_name saved (version 2)').waitFor();
    expect(await page.getByLabel('insured_name', { exact: true }).inputValue()).toBe('PN-654321');
    const placed = await groundingOf('insured_name');
    expectNear(
      onScreen(await rectOf(page.getByTestId('page-frame')), placed),
      await rectOf(page.getByTestId('grounding-box')),
    );

    // The keyboard zooms while the page has focus: - to 150%, + back to 200%, 0 to fit.
    await page.getByTestId('page-window').focus();
    await page.keyboard.press('-');
    expect(await level.innerText()).toBe('150%');
    await page.keyboard.press('+');
    expect(await level.innerText()).toBe('200%');

    // Scrolling pans the zoomed page; the box moves with its words.
    const scrolled = () => page.getByTestId('page-window').evaluate((view) => view.scrollTop);
    const top = await scrolled();
    await page.getByTestId('page-window').hover();
    await page.mouse.wheel(0, 200);
    await until(page, async () => (await scrolled()) > top, 'the page to pan');
    await expectBoxOnWords(page, placed);

    await page.keyboard.press('0');
    expect(await level.innerText()).toBe('100%');
    expect(Math.abs((await rectOf(page.getByTestId('page-frame'))).width - before.width)).toBe(0);

    // The thumbnail strip jumps to page 2; the current page is marked.
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.getByRole('button').count()).toBe(2);
    await pages.getByRole('button', { name: 'Show page 2' }).click();
    await page.getByAltText('Page 2 of the document').waitFor();
    expect(
      await pages.getByRole('button', { name: 'Show page 2' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await page.getByTestId('grounding-box').count()).toBe(0);
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'console-thumbnails.png'),
      fullPage: true,
    });
    await pages.getByRole('button', { name: 'Show page 1' }).click();
    await page.getByAltText('Page 1 of the document').waitFor();
    await page.close();
  });
});
