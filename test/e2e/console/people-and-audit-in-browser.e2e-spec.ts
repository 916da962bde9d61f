import path from 'node:path';

import {
  addDevIdpAccount,
  apiRequest,
  createTestOrganization,
  registerDevIdp,
  TestOrganization,
} from '@docket/testing';
import type { Browser, Page } from 'playwright-core';

import {
  addPerson,
  launchChromium,
  Person,
  SCREENSHOTS,
  signIn,
  SITE,
} from './support/console-browser';

jest.setTimeout(240_000);

type Body = Record<string, unknown>;

/**
 * Issue 32, items 5-6 in a real browser: an Admin adds a Reviewer, grants an AI Agent, issues a
 * key (shown once), deactivates the Reviewer and sees the key and the sign-in refused; a
 * variable's reveal shows in the audit trail with its reason; only Admins see these screens.
 */
describe('people, keys, sign-in settings and the audit trail in the console', () => {
  let org: TestOrganization;
  let browser: Browser;
  let admin: Person;
  let partner: Person;
  const domain = `people-${Math.random().toString(36).slice(2, 8)}.example.test`;
  const rita = { name: 'Rita Reviewer', email: `rita@${domain}`, password: 'rita password' };

  beforeAll(async () => {
    org = await createTestOrganization();
    await registerDevIdp(org.admin.token, [domain]);
    admin = await addPerson(org, domain, 'Admin', 'Ada Admin');
    partner = await addPerson(org, domain, 'Partner', 'Pat Partner');
    await addDevIdpAccount(rita);
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    return context.newPage();
  }

  async function ritaOnServer(): Promise<Body & { userId: string; projectIds: string[] }> {
    const users = await apiRequest<{
      data: Array<Body & { userId: string; email: string; projectIds: string[] }>;
    }>('GET', '/users?limit=100', { token: org.admin.token });
    return users.body.data.find((u) => u.email === rita.email)!;
  }

  it('an Admin adds a Reviewer, grants an AI Agent, issues a key once, and deactivation refuses both key and sign-in', async () => {
    const page = await newPage();
    await signIn(page, admin);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'People' })
      .click();
    await page.getByRole('heading', { name: 'People' }).waitFor();

    const add = page.getByRole('form', { name: 'Add a person' });
    await add.getByLabel('Name').fill(rita.name);
    await add.getByLabel('E-mail').fill(rita.email);
    await add.getByLabel('Role').selectOption('Reviewer');
    await add.getByRole('button', { name: 'Add person' }).click();
    const row = page.getByRole('row', { name: rita.name });
    await row.waitFor();
    expect((await ritaOnServer()).projectIds).toEqual([]);

    await row.getByRole('checkbox', { name: 'Default AI Agent' }).check();
    await row.getByRole('button', { name: 'Save access' }).click();
    await page
      .getByRole('row', { name: rita.name })
      .getByRole('button', { name: 'Save access' })
      .and(page.locator(':disabled'))
      .waitFor();
    expect((await ritaOnServer()).projectIds).toEqual([org.projectId]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'console-people.png'), fullPage: true });

    await page.getByRole('link', { name: 'API keys' }).click();
    const issue = page.getByRole('form', { name: 'Issue a key' });
    await issue.getByLabel('For').selectOption({ label: `${rita.name} (Reviewer)` });
    await issue.getByLabel('Key name').fill('rita laptop');
    await issue.getByRole('button', { name: 'Issue key' }).click();
    const shown = page.getByLabel('New API key');
    await shown.waitFor();
    const apiKey = (await shown.textContent())!.trim();
    expect(apiKey.length).toBeGreaterThan(20);
    await page.getByRole('row', { name: `rita laptop of ${rita.name}` }).waitFor();
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'console-api-key-once.png'),
      fullPage: true,
    });
    const exchanged = await apiRequest<Body>('POST', '/token/authenticate', { body: { apiKey } });
    expect(exchanged.status).toBe(200);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await shown.waitFor({ state: 'detached' });
    // Shown once: the list has only its prefix, and nothing on the page holds the key.
    expect(await page.content()).not.toContain(apiKey);

    await page.getByRole('link', { name: 'People' }).click();
    await page
      .getByRole('row', { name: rita.name })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('row', { name: rita.name })
      .getByRole('cell', { name: 'Deactivated' })
      .waitFor();
    expect((await ritaOnServer()).active).toBe(false);

    const refusedKey = await apiRequest<Body>('POST', '/token/authenticate', { body: { apiKey } });
    expect({ status: refusedKey.status, code: refusedKey.body.code }).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Show revoked keys').check();
    await page
      .getByRole('row', { name: `rita laptop of ${rita.name}` })
      .getByText(/^Revoked /)
      .waitFor();

    const ritasPage = await newPage();
    await ritasPage.goto(`${SITE}/console/`);
    await ritasPage.getByLabel('Work e-mail').fill(rita.email);
    await ritasPage.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await ritasPage.getByLabel('Password').fill(rita.password);
    await ritasPage.getByRole('button', { name: 'Sign in' }).click();
    await ritasPage.getByRole('heading', { name: 'Your Docket account is deactivated' }).waitFor();
    expect(ritasPage.url()).toContain('/console/sign-in-problem');
    await ritasPage.screenshot({ path: path.join(SCREENSHOTS, 'console-sign-in-deactivated.png') });
    await ritasPage.context().close();
    await page.context().close();
  });

  it('a variable revealed shows in the audit trail with its reason, filtered by action', async () => {
    const environment = await apiRequest<{ environmentId: string }>('POST', '/environments', {
      token: org.admin.token,
      body: { name: 'production' },
    });
    const variable = await apiRequest<{ variableId: string }>('POST', '/variables', {
      token: org.admin.token,
      body: {
        environmentId: environment.body.environmentId,
        name: 'CLAIMS_API_TOKEN',
        value: 'claims-secret-value',
        scope: 'project',
        scopeId: org.projectId,
      },
    });
    const adminToken = await signInToken(admin);
    const revealed = await apiRequest<Body>(
      'POST',
      `/variables/${variable.body.variableId}/reveal`,
      {
        token: adminToken,
        body: { reason: 'Checking the token before the quarterly rotation' },
      },
    );
    expect(revealed.status).toBe(200);

    const page = await newPage();
    await signIn(page, admin);
    await page.getByRole('link', { name: 'Audit trail' }).click();
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    await page.getByRole('row', { name: 'Person deactivated' }).first().waitFor();
    await page.getByLabel('What').selectOption({ label: 'Variable revealed' });
    // The unfiltered page also holds the revealed variable: wait until the filtered answer has
    // replaced it (no other action left) before counting rows.
    await page
      .getByRole('row', { name: 'Person deactivated' })
      .first()
      .waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: 'Variable revealed' });
    await row.getByText('Checking the token before the quarterly rotation').waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(admin.name);
    expect(await page.getByRole('row').count()).toBe(2);
    expect(await page.content()).not.toContain('claims-secret-value');
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'console-audit-trail.png'),
      fullPage: true,
    });
    await page.context().close();
  });

  it('the sign-in settings list the provider, and a test sign-in goes through it and back', async () => {
    const page = await newPage();
    await signIn(page, admin);
    await page.getByRole('link', { name: 'Sign-in' }).click();
    await page.getByRole('row', { name: 'Development IdP' }).getByText(domain).waitFor();
    expect(await page.getByLabel('Sign in as').inputValue()).toBe(admin.email);
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'console-sign-in-settings.png'),
      fullPage: true,
    });
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Test sign-in' }).click(),
    ]);
    // reauthenticate: the provider asks for the password again rather than reusing its session.
    await tab.getByLabel('Password').fill(admin.password);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByText('Test sign-in succeeded').waitFor();
    expect(new URL(tab.url()).pathname).toBe('/console/settings/sign-in');
    await page.context().close();
  });

  it('shows none of these screens to a Partner', async () => {
    const page = await newPage();
    await signIn(page, partner);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Items' }).waitFor();
    for (const name of ['People', 'API keys', 'Sign-in', 'Audit trail'])
      expect(await nav.getByRole('link', { name }).count()).toBe(0);
    await page.goto(`${SITE}/console/audit`);
    await nav.getByRole('link', { name: 'Items' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Audit trail' }).count()).toBe(0);
    await page.context().close();
  });

  /** An access token of a person who signs in at the IdP (their own, for the audit's actor). */
  async function signInToken(person: Person): Promise<string> {
    const page = await newPage();
    await signIn(page, person);
    const token = await page.evaluate(async () => {
      const response = await fetch('/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await response.json()) as { accessToken: string }).accessToken;
    });
    await page.context().close();
    return token;
  }
});
