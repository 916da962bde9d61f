/**
 * The gateway's internal storage-event endpoint (POST /internal/storage/events) is authenticated
 * by this header carrying the shared secret DOCKET_INTERNAL_EVENTS_SECRET (an Event Grid
 * subscription sets it as a secret delivery property), never by a user token.
 */
export const INTERNAL_EVENTS_SECRET_HEADER = 'x-docket-internal-secret';

export const INTERNAL_EVENTS_PATH = '/internal/storage/events';

/** Public on purpose, like the development master key; production refuses to start with it. */
export const DEVELOPMENT_INTERNAL_EVENTS_SECRET = 'docket-development-internal-events-secret';
