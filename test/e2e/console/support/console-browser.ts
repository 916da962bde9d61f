import { mkdirSync } from 'node:fs';
import path from 'node:path';

import {
  addDevIdpAccount,
  apiRequest,
  portOf,
  REPO_ROOT,
  TEST_PROFILE,
  TestOrganization,
} from '@docket/testing';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's chromium, installed by deploy/stack/test.sh (never a downloaded browser). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The gateway under the name its redirect URI uses, so the session cookie is its own. */
export const SITE = `http://localhost:${portOf(TEST_PROFILE, 'gateway')}`;
/** Screenshots of every run; docs/console.md shows copies of them. */
export const SCREENSHOTS = path.join(REPO_ROOT, '.data/screenshots');

/** Debian's chromium, with the screenshots folder ready for the run. */
export function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

export interface Person {
  userId: string;
  email: string;
  password: string;
  name: string;
}

/** A person of the organization who signs in at its development identity provider. */
export async function addPerson(
  org: TestOrganization,
  domain: string,
  role: 'Admin' | 'Partner' | 'Reviewer',
  name: string,
): Promise<Person> {
  const email = `${name.split(' ')[0].toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@${domain}`;
  const password = 'correct horse battery';
  const user = await apiRequest<{ userId: string }>('POST', '/users', {
    token: org.admin.token,
    body: { email, name, role, projectIds: [org.projectId] },
  });
  if (user.status !== 201) throw new Error(`user creation failed: ${JSON.stringify(user.body)}`);
  await addDevIdpAccount({ email, password, name });
  return { userId: user.body.userId, email, password, name };
}

/** Signs in the way a person does: e-mail, the identity provider's page, back to the list. */
export async function signIn(page: Page, person: Person): Promise<void> {
  await page.goto(`${SITE}/console/`);
  await page.getByLabel('Work e-mail').fill(person.email);
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Items' }).waitFor();
}

/** Waits for a condition on the page, re-checking rather than sleeping a fixed time. */
export async function until(
  page: Page,
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

/** A full-page screenshot into the run's screenshots folder (docs/console.md shows copies). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
