import { parseEventGridDelivery } from './event-grid.parser';

const blobCreated = (subject: string) => ({ eventType: 'Microsoft.Storage.BlobCreated', subject });

describe('parseEventGridDelivery', () => {
  it('reads the container and blob path of BlobCreated events, ignoring other events', () => {
    expect(
      parseEventGridDelivery([
        blobCreated('/blobServices/default/containers/org-1/blobs/files/abc/claim.pdf'),
        {
          eventType: 'Microsoft.Storage.BlobDeleted',
          subject: '/blobServices/default/containers/o/blobs/x',
        },
        blobCreated('/somewhere/else'),
      ]),
    ).toEqual({ kind: 'blobs', blobs: [{ container: 'org-1', blobPath: 'files/abc/claim.pdf' }] });
  });

  it('answers the subscription handshake with its code', () => {
    expect(
      parseEventGridDelivery([
        {
          eventType: 'Microsoft.EventGrid.SubscriptionValidationEvent',
          data: { validationCode: 'c0de' },
        },
      ]),
    ).toEqual({ kind: 'validation', validationCode: 'c0de' });
  });

  it('accepts a single event object', () => {
    expect(
      parseEventGridDelivery(blobCreated('/blobServices/default/containers/c/blobs/b')),
    ).toEqual({
      kind: 'blobs',
      blobs: [{ container: 'c', blobPath: 'b' }],
    });
  });

  it.each([
    [[]],
    [['text']],
    [[null]],
    [[{ eventType: 'Microsoft.EventGrid.SubscriptionValidationEvent' }]],
  ])('refuses %p', (body) => {
    expect(parseEventGridDelivery(body).kind).toBe('invalid');
  });

  it('refuses more than 5000 events and accepts 5000', () => {
    const event = blobCreated('/blobServices/default/containers/c/blobs/b');
    expect(parseEventGridDelivery(Array(5000).fill(event)).kind).toBe('blobs');
    expect(parseEventGridDelivery(Array(5001).fill(event)).kind).toBe('invalid');
  });
});
