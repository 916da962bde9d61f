import type { CorsRule } from '@azure/storage-blob';

/**
 * The CORS rule that lets pages served from Docket's origins (the review console) PUT to upload
 * URLs and read download and page-image URLs. Storage refuses a browser's cross-origin request
 * otherwise; the signed URL still decides what each request may do.
 */
const DOCKET_RULE: Omit<CorsRule, 'allowedOrigins'> = {
  allowedMethods: 'GET,HEAD,PUT,OPTIONS',
  allowedHeaders: 'content-type,x-ms-blob-type,x-ms-version,x-ms-client-request-id',
  exposedHeaders: 'etag,x-ms-request-id',
  maxAgeInSeconds: 3600,
};

const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function isDocketRule(rule: CorsRule): boolean {
  return (
    rule.allowedMethods === DOCKET_RULE.allowedMethods &&
    rule.allowedHeaders === DOCKET_RULE.allowedHeaders &&
    rule.exposedHeaders === DOCKET_RULE.exposedHeaders
  );
}

/**
 * The account's CORS rules with these origins allowed, or undefined when they already are.
 * An account's rules are shared by everything that uses it (another deployment of Docket, the
 * customer's own applications), so the other rules are kept as they are and these origins are
 * added to Docket's one rule instead of replacing the account's list.
 */
export function withBrowserOrigins(
  rules: readonly CorsRule[],
  origins: readonly string[],
): CorsRule[] | undefined {
  const ours = rules.find(isDocketRule);
  const allowed = ours ? list(ours.allowedOrigins) : [];
  const missing = origins.filter((origin) => !allowed.includes(origin) && !allowed.includes('*'));
  if (ours && missing.length === 0) return undefined;
  const merged: CorsRule = { ...DOCKET_RULE, allowedOrigins: [...allowed, ...missing].join(',') };
  return ours ? rules.map((rule) => (rule === ours ? merged : rule)) : [...rules, merged];
}
