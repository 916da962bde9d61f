import { randomUUID } from 'node:crypto';
import path from 'node:path';

import type { ItemFieldRecord, ItemRecord, ReviewRulesInput } from '@docket/contracts';
import {
  apiRequest,
  createTestOrganization,
  eventually,
  registerDevIdp,
  TestOrganization,
} from '@docket/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { RunItemsFixture } from '../items/support/run-items.fixture';
import {
  addPerson,
  launchChromium,
  type Person,
  SCREENSHOTS,
  signIn,
  SITE,
  until,
} from './support/console-browser';

jest.setTimeout(180_000);

/** The flow's rules, as a run's extraction hands them to its item. */
const RULES: ReviewRulesInput = {
  fields: [
    {
      key: 'policy_number',
      type: 'string',
      required: true,
      validation: [{ kind: 'pattern', pattern: '^PN-\\d{6}$' }],
    },
    { key: 'claim_amount', type: 'money' },
    { key: 'date_of_loss', type: 'date' },
    {
      key: 'lines',
      type: 'table',
      columns: [
        { key: 'description', type: 'string' },
        { key: 'amount', type: 'money' },
      ],
    },
  ],
};

/** A raw ISO timestamp on screen is a message written for developers. */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Issue 29 in a browser: corrections are checked and keep their flags until they pass, Esc
 * undoes, submit and close ask first, the keyboard reviews a whole item, "Submit & next" takes
 * the queue's next item, and the review lock follows the tab (closing it frees the lock, a
 * takeover shows within 2 s, two tabs of one person do not break each other).
 */
describe('review corrections, keyboard and locks in a browser', () => {
  let org: TestOrganization;
  let runs: RunItemsFixture;
  let browser: Browser;
  const domain = `r${Math.random().toString(36).slice(2, 10)}.example.test`;

  beforeAll(async () => {
    [org, runs] = await Promise.all([createTestOrganization(), RunItemsFixture.connect()]);
    await registerDevIdp(org.admin.token, [domain]);
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await runs.close();
  });

  /** A claim waiting for review: policy_number flagged by the extraction, the rest not. */
  async function claimInReview(
    name = `Claim ${randomUUID().slice(0, 6)}`,
    scope: TestOrganization = org,
  ): Promise<string> {
    const item = await runs.create(scope, { displayName: name });
    await runs.writeFields(
      scope,
      item.id,
      [
        {
          key: 'policy_number',
          type: 'string',
          value: 'PN-123456',
          confidence: 0.42,
          flagged: true,
          flagReasons: ['confidence 0.42 below threshold 0.70'],
        },
        {
          key: 'claim_amount',
          type: 'money',
          value: { amount: 640, currency: 'USD' },
          confidence: 0.9,
        },
        { key: 'date_of_loss', type: 'date', value: '2025-03-14', confidence: 0.9 },
        {
          key: 'lines',
          type: 'table',
          value: [{ description: 'Bumper', amount: { amount: 640, currency: 'USD' } }],
          confidence: 0.9,
        },
      ],
      undefined,
      RULES,
    );
    await runs.toReview(scope, item.id);
    return item.id;
  }

  async function signedIn(
    role: 'Admin' | 'Reviewer',
    name: string,
    scope: TestOrganization = org,
    scopeDomain = domain,
  ) {
    const person = await addPerson(scope, scopeDomain, role, name);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, person);
    return { person, context, page };
  }

  async function openItem(page: Page, itemId: string, scope = org): Promise<void> {
    await page.goto(`${SITE}/console/items/${itemId}?projectId=${scope.projectId}`);
    await page.getByRole('list', { name: 'Fields' }).waitFor();
  }

  /** The item page holds the lock: its review buttons are enabled. */
  async function reviewing(page: Page): Promise<void> {
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await until(page, () => submit.isEnabled(), 'the review lock');
  }

  async function fieldOf(itemId: string, key: string, scope = org): Promise<ItemFieldRecord> {
    const response = await apiRequest<{ data: ItemFieldRecord[] }>(
      'GET',
      `/items/${itemId}/fields?projectId=${scope.projectId}&limit=100`,
      { token: scope.admin.token },
    );
    return response.body.data.find((field) => field.key === key)!;
  }

  async function itemOf(itemId: string, scope = org): Promise<ItemRecord> {
    return (await apiRequest<ItemRecord>('GET', `/items/${itemId}`, { token: scope.admin.token }))
      .body;
  }

  /** Which field has focus (its key), or null when focus is not on a field itself. */
  function focusedField(page: Page): Promise<string | null> {
    return page.evaluate<string | null>(
      `document.activeElement?.hasAttribute('data-field')
        ? document.activeElement.querySelector('label')?.textContent ?? null : null`,
    );
  }

  function field(page: Page, key: string) {
    return page.locator('li[data-field]').filter({ has: page.getByText(key, { exact: true }) });
  }

  describe('corrections', () => {
    let session: { person: Person; context: BrowserContext; page: Page };
    beforeAll(async () => {
      session = await signedIn('Reviewer', 'Casey Reviewer');
    });
    afterAll(async () => {
      await session.context.close();
    });

    it('undoes with Esc, refuses words for money and an impossible date, names the editor', async () => {
      const { page } = session;
      const itemId = await claimInReview();
      await openItem(page, itemId);
      await reviewing(page);
      // Focus starts on the first field (the flagged one), so the keys work without a click.
      await until(page, async () => (await focusedField(page)) === 'policy_number', 'focus');

      // Esc undoes: Enter to edit, type, Esc; nothing is stored and focus is back on the field.
      await page.keyboard.press('Enter');
      await page.keyboard.press('End');
      await page.keyboard.type('XX');
      await page.keyboard.press('Escape');
      expect(await focusedField(page)).toBe('policy_number');
      expect(await page.getByLabel('policy_number', { exact: true }).inputValue()).toBe(
        'PN-123456',
      );
      // Accepting at version 1 succeeds only if Esc saved nothing (else a version conflict).
      await page.keyboard.press('a');
      await page.getByText('policy_number accepted').waitFor();
      expect(await fieldOf(itemId, 'policy_number')).toMatchObject({
        value: 'PN-123456',
        version: 1,
        acceptedBy: { userId: session.person.userId, name: 'Casey Reviewer' },
      });
      await expect(field(page, 'policy_number').locator('.provenance').innerText()).resolves.toBe(
        'accepted by Casey Reviewer',
      );

      // `a` moved focus on to claim_amount. Words are refused inline; the value stays.
      expect(await focusedField(page)).toBe('claim_amount');
      await page.keyboard.press('Enter');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('twelve hundred');
      await page.keyboard.press('Enter');
      const moneyError = field(page, 'claim_amount').getByRole('alert');
      await moneyError.waitFor();
      expect(await moneyError.innerText()).toMatch(
        /claim_amount: "twelve hundred" is not an amount/,
      );
      expect(await focusedField(page)).toBe('claim_amount');
      expect(await fieldOf(itemId, 'claim_amount')).toMatchObject({
        value: { amount: 640, currency: 'USD' },
        version: 1,
      });
      await page.screenshot({
        path: path.join(SCREENSHOTS, 'console-correction-refused.png'),
        fullPage: true,
      });

      // A real amount is saved; the field then says who edited it, not "0%".
      await page.keyboard.press('Enter');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('1,200.00 EUR');
      await page.keyboard.press('Enter');
      await page.getByText('claim_amount saved').waitFor();
      expect(await field(page, 'claim_amount').locator('.provenance').innerText()).toBe(
        'edited by Casey Reviewer',
      );
      expect((await fieldOf(itemId, 'claim_amount')).value).toEqual({
        amount: 1200,
        currency: 'EUR',
      });

      // Its history (h): the extraction's version and the correction, newest first.
      await page.keyboard.press('h');
      const history = page.getByRole('list', { name: 'History of claim_amount' });
      await history.waitFor();
      const versions = await history.getByRole('listitem').allInnerTexts();
      expect(versions[0]).toMatch(/^v2: 1200 EUR — Casey Reviewer, /);
      expect(versions[1]).toMatch(/^v1: 640 USD — extraction, /);
      expect(versions.join(' ')).not.toMatch(ISO_TIME);

      // 31/02/2025 is no date.
      await page.keyboard.press('j');
      await page.keyboard.press('Enter');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('31/02/2025');
      await page.keyboard.press('Enter');
      await field(page, 'date_of_loss')
        .getByRole('alert')
        .filter({ hasText: 'not a date' })
        .waitFor();
      expect((await fieldOf(itemId, 'date_of_loss')).value).toBe('2025-03-14');
    });

    it('keeps a field flagged until it passes, asks before submitting with flags and closing', async () => {
      const { page } = session;
      const itemId = await claimInReview();
      await openItem(page, itemId);
      await reviewing(page);

      const policy = page.getByLabel('policy_number', { exact: true });
      await policy.fill('PN-12');
      await policy.press('Enter');
      await page.getByText('policy_number saved').waitFor();
      await field(page, 'policy_number').getByText('does not match').waitFor();
      expect(await field(page, 'policy_number').getAttribute('class')).toContain('flagged');

      // A single `s` submits nothing (WCAG 2.1.4); Ctrl+Enter asks first, flags being left.
      await field(page, 'policy_number').focus();
      await page.keyboard.press('s');
      await page.keyboard.press('ControlOrMeta+Enter');
      const ask = page.getByRole('dialog', { name: 'Submit with flagged fields?' });
      await ask.waitFor();
      expect(await ask.innerText()).toContain('policy_number');
      await page.screenshot({
        path: path.join(SCREENSHOTS, 'console-submit-confirm.png'),
        fullPage: true,
      });
      await ask.getByRole('button', { name: 'Go back' }).click();
      await ask.waitFor({ state: 'detached' });
      expect((await itemOf(itemId)).status).toBe('REVIEW');

      // Passing the rule clears the flag.
      await policy.fill('PN-654321');
      await policy.press('Enter');
      await until(
        page,
        async () =>
          !(await field(page, 'policy_number').getAttribute('class'))?.includes('flagged'),
        'the flag to clear',
      );

      // Close needs a reason.
      await page.getByRole('button', { name: 'Close' }).click();
      const closing = page.getByRole('dialog', { name: /Close this item/ });
      await closing.waitFor();
      const confirm = closing.getByRole('button', { name: 'Close item' });
      expect(await confirm.isDisabled()).toBe(true);
      await closing.getByLabel('Why are you closing it?').fill('Duplicate of claim 12');
      await confirm.click();
      await page.getByRole('heading', { name: 'Items' }).waitFor();
      expect((await itemOf(itemId)).status).toBe('CLOSED');
    });
  });

  it('reviews a whole item with the keyboard only, then Submit & next opens the next one', async () => {
    // An organization of its own, so its review queue holds exactly these two items.
    const queue = await createTestOrganization();
    const queueDomain = `q${Math.random().toString(36).slice(2, 10)}.example.test`;
    await registerDevIdp(queue.admin.token, [queueDomain]);
    const { page, person, context } = await signedIn(
      'Reviewer',
      'Kai Reviewer',
      queue,
      queueDomain,
    );
    const first = await claimInReview('Keyboard first', queue);
    const next = await claimInReview('Keyboard next', queue);
    await openItem(page, first, queue);
    await reviewing(page);
    await until(page, async () => (await focusedField(page)) === 'policy_number', 'focus');

    // One Tab stop per field: Tab goes from field to field.
    await page.keyboard.press('Tab');
    expect(await focusedField(page)).toBe('claim_amount');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedField(page)).toBe('policy_number');

    // Accept the flagged field; correct a table cell with Enter; accept the rest.
    await page.keyboard.press('a');
    await page.getByText('policy_number accepted').waitFor();
    await page.keyboard.press('a');
    await page.getByText('claim_amount accepted').waitFor();
    await page.keyboard.press('j');
    expect(await focusedField(page)).toBe('lines');
    // Enter edits the table (its first cell); while editing, Tab moves from cell to cell.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>(`document.activeElement?.getAttribute('aria-label')`)).toBe(
      'lines row 1 description',
    );
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Front bumper');
    await page.keyboard.press('Enter');
    await page.getByText('lines saved').waitFor();
    expect(await focusedField(page)).toBe('lines');
    expect((await fieldOf(first, 'lines', queue)).value).toEqual([
      { description: 'Front bumper', amount: { amount: 640, currency: 'USD' } },
    ]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-keyboard.png'), fullPage: true });

    // Submit & next, by keyboard: Tab from the page's start to the button, Enter.
    await until(
      page,
      async () => {
        await page.keyboard.press('Tab');
        return page.evaluate<boolean>(`document.activeElement?.textContent === 'Submit & next'`);
      },
      'the Submit & next button to have focus',
      20_000,
    );
    await page.keyboard.press('Enter');
    await until(page, async () => page.url().includes(next), 'the next item to open');
    await reviewing(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Keyboard next');
    expect((await itemOf(first, queue)).status).toBe('IN_PROGRESS');
    expect((await itemOf(next, queue)).lock?.holder.userId).toBe(person.userId);
    await context.close();
  });

  it('refreshes the list by itself and shows no empty pager', async () => {
    const empty = await createTestOrganization();
    const emptyDomain = `e${Math.random().toString(36).slice(2, 10)}.example.test`;
    await registerDevIdp(empty.admin.token, [emptyDomain]);
    const { page, context } = await signedIn('Reviewer', 'Lee Reviewer', empty, emptyDomain);
    // The list has answered (an empty list), before the item exists.
    const table = page.getByRole('table');
    await until(page, async () => (await table.getAttribute('data-answered')) !== '-1', 'the list');
    await page.getByText('No items match.').waitFor();
    expect(await page.getByText(/Page \d+ of/).count()).toBe(0);
    // A run creates an item meanwhile: it appears without a click or a reload.
    await claimInReview('Arrived later', empty);
    await page.getByRole('link', { name: 'Arrived later' }).waitFor({ timeout: 30_000 });
    await context.close();
  });

  describe('locks per tab', () => {
    it('frees the lock when the tab closes', async () => {
      const { page, context } = await signedIn('Reviewer', 'Noa Reviewer');
      const itemId = await claimInReview();
      await openItem(page, itemId);
      await reviewing(page);
      const held = (await itemOf(itemId)).lock!;
      await page.close({ runBeforeUnload: true });
      const released = await eventually(async () =>
        (await itemOf(itemId)).lock === null ? true : undefined,
      );
      expect(released).toBe(true);
      // Released by the closing tab, not lapsed: before the lock would have expired.
      expect(Date.now()).toBeLessThan(Date.parse(held.expiresAt));
      await context.close();
    });

    it('shows an Admin takeover within 2 s, marks unsaved edits, offers the lock back', async () => {
      const { page, context } = await signedIn('Reviewer', 'Ari Reviewer');
      const itemId = await claimInReview();
      await openItem(page, itemId);
      await reviewing(page);
      // A change typed but not saved.
      await field(page, 'date_of_loss').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('2025-03-15');

      const takeover = await apiRequest('POST', `/items/${itemId}/lock/takeover`, {
        token: org.admin.token,
      });
      expect(takeover.status).toBe(200);
      const takenAt = Date.now();
      const notice = page.getByRole('alert').filter({ hasText: 'took over this item' });
      await notice.waitFor({ timeout: 5000 });
      expect(Date.now() - takenAt).toBeLessThan(2000);
      await page.getByText('Not saved: “2025-03-15”').waitFor();
      await page.screenshot({
        path: path.join(SCREENSHOTS, 'console-takeover.png'),
        fullPage: true,
      });
      expect((await fieldOf(itemId, 'date_of_loss')).value).toBe('2025-03-14');

      // While the Admin holds it (and keeps it with heartbeats): who and until when, in words.
      const adminBeats = setInterval(() => {
        void apiRequest('POST', `/items/${itemId}/lock/heartbeat`, { token: org.admin.token });
      }, 1000);
      const held = page.getByRole('status').filter({ hasText: 'is reviewing this item' });
      try {
        await notice.getByRole('button', { name: 'Take the lock again' }).click();
        await held.waitFor();
        expect(await held.innerText()).not.toMatch(ISO_TIME);
      } finally {
        clearInterval(adminBeats);
      }
      // Free again (the Admin's lock lapses): taking it again works.
      await eventually(async () => ((await itemOf(itemId)).lock === null ? true : undefined));
      await held.getByRole('button', { name: 'Take the lock again' }).click();
      await reviewing(page);
      await context.close();
    });

    it('takes no lock from an error page or a deferred item until the reviewer resumes it', async () => {
      const { page, context } = await signedIn('Reviewer', 'Dee Reviewer');
      const itemId = await claimInReview();
      // A link with the wrong project is an error page with a way back, and locks nothing.
      await page.goto(`${SITE}/console/items/${itemId}?projectId=${randomUUID()}`);
      await page.getByRole('alert').waitFor();
      await page.getByRole('link', { name: 'Back to the items' }).waitFor();
      expect((await itemOf(itemId)).lock).toBeNull();

      // Deferred by the Admin: the page says so and takes no lock; Resume review does.
      await apiRequest('POST', `/items/${itemId}/lock`, { token: org.admin.token });
      const deferred = await apiRequest('POST', `/items/${itemId}/defer`, {
        token: org.admin.token,
        body: {},
      });
      expect(deferred.status).toBe(200);
      await openItem(page, itemId);
      const resume = page.getByRole('button', { name: 'Resume review' });
      await resume.waitFor();
      expect(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(
        true,
      );
      expect((await itemOf(itemId)).lock).toBeNull();
      await resume.click();
      await reviewing(page);
      expect(await page.locator('#item-title .status').innerText()).toBe('REVIEW');
      expect((await itemOf(itemId)).status).toBe('REVIEW');
      await context.close();
    });

    it('keeps the lock of one tab when another tab of the same person opens and leaves', async () => {
      const { page, context } = await signedIn('Reviewer', 'Sam Reviewer');
      const itemId = await claimInReview();
      await openItem(page, itemId);
      await reviewing(page);

      const second = await context.newPage();
      await openItem(second, itemId);
      await second.getByText('You are reviewing this item in another tab or window').waitFor();
      await second.close({ runBeforeUnload: true });
      const closedAt = Date.now();

      // The first tab's heartbeats go on after the second left: the lock is still its own.
      await eventually(async () => {
        const lock = (await itemOf(itemId)).lock;
        return lock && Date.parse(lock.heartbeatAt) > closedAt + 500 ? lock : undefined;
      });
      expect(await page.getByRole('button', { name: 'Submit', exact: true }).isEnabled()).toBe(
        true,
      );
      expect(await page.getByRole('alert').count()).toBe(0);
      await context.close();
    });
  });
});
