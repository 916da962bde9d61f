import type { CorsRule } from '@azure/storage-blob';

import { withBrowserOrigins } from './browser-cors-rule';

const CONSOLE = 'http://localhost:3000';
const OTHER_CONSOLE = 'http://localhost:3100';
const customerRule: CorsRule = {
  allowedOrigins: 'https://portal.example',
  allowedMethods: 'GET',
  allowedHeaders: '*',
  exposedHeaders: '*',
  maxAgeInSeconds: 60,
};

describe('withBrowserOrigins', () => {
  it('adds Docket’s rule to an account without rules', () => {
    const rules = withBrowserOrigins([], [CONSOLE]);
    expect(rules).toHaveLength(1);
    expect(rules![0]).toMatchObject({
      allowedOrigins: CONSOLE,
      allowedMethods: 'GET,HEAD,PUT,OPTIONS',
    });
  });

  it('keeps the rules others set on the account', () => {
    const rules = withBrowserOrigins([customerRule], [CONSOLE]);
    expect(rules).toEqual([customerRule, expect.objectContaining({ allowedOrigins: CONSOLE })]);
  });

  it('adds origins to Docket’s one rule, so deployments sharing an account keep each other’s', () => {
    const first = withBrowserOrigins([customerRule], [CONSOLE])!;
    const second = withBrowserOrigins(first, [OTHER_CONSOLE, CONSOLE])!;
    expect(second).toHaveLength(2);
    expect(second[0]).toEqual(customerRule);
    expect(second[1].allowedOrigins.split(',')).toEqual([CONSOLE, OTHER_CONSOLE]);
  });

  it('changes nothing when every origin is already allowed', () => {
    const rules = withBrowserOrigins([], [CONSOLE, OTHER_CONSOLE])!;
    expect(withBrowserOrigins(rules, [OTHER_CONSOLE])).toBeUndefined();
  });
});
