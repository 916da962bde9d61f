import { PUBLIC_ROUTE_KEY } from '@docket/platform';

export const PERMISSION_KEY = 'docket:permission';
export const PUBLIC_KEY = PUBLIC_ROUTE_KEY;
export const IDEMPOTENT_KEY = 'docket:idempotent';
