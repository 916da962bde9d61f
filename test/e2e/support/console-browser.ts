import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { portOf, REPO_ROOT, TEST_PROFILE } from '@docket/testing';
import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium, installed by deploy/stack/test.sh (never a downloaded browser). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The gateway under the name its redirect URI uses, so the session cookie is its own. */
export const CONSOLE_SITE = `http://localhost:${portOf(TEST_PROFILE, 'gateway')}`;
/** Screenshots of a run, copied into docs/images for docs/console.md. */
export const SCREENSHOTS = path.join(REPO_ROOT, '.data/screenshots');

export function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}
