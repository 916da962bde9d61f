/**
 * Azure Event Grid deliveries (Event Grid schema): an array of events. We act on two types:
 * the subscription handshake and Microsoft.Storage.BlobCreated.
 */
export interface EventGridEvent {
  eventType?: unknown;
  subject?: unknown;
  data?: unknown;
}

export type EventGridDelivery =
  | { kind: 'validation'; validationCode: string }
  | { kind: 'blobs'; blobs: { container: string; blobPath: string }[] }
  | { kind: 'invalid'; reason: string };

const VALIDATION_EVENT = 'Microsoft.EventGrid.SubscriptionValidationEvent';
const BLOB_CREATED = 'Microsoft.Storage.BlobCreated';
// /blobServices/default/containers/<container>/blobs/<path>
const BLOB_SUBJECT = /^\/blobServices\/default\/containers\/([^/]+)\/blobs\/(.+)$/;
const MAX_EVENTS = 5000;

export function parseEventGridDelivery(body: unknown): EventGridDelivery {
  const events = Array.isArray(body) ? body : [body];
  if (events.length === 0 || events.length > MAX_EVENTS) {
    return { kind: 'invalid', reason: `expected 1-${MAX_EVENTS} events` };
  }
  if (!events.every(isObject)) return { kind: 'invalid', reason: 'events must be objects' };
  const typed = events as EventGridEvent[];
  const validation = typed.find((event) => event.eventType === VALIDATION_EVENT);
  if (validation) {
    const code = isObject(validation.data) ? validation.data.validationCode : undefined;
    return typeof code === 'string' && code.length > 0 && code.length <= 200
      ? { kind: 'validation', validationCode: code }
      : { kind: 'invalid', reason: 'validation event without validationCode' };
  }
  const blobs = typed
    .filter((event) => event.eventType === BLOB_CREATED && typeof event.subject === 'string')
    .map((event) => BLOB_SUBJECT.exec(event.subject as string))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ container: match[1], blobPath: match[2] }))
    .filter((blob) => blob.container.length <= 63 && blob.blobPath.length <= 1024);
  return { kind: 'blobs', blobs };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
