export const IDEMPOTENT_KEY = 'docket:idempotent';
