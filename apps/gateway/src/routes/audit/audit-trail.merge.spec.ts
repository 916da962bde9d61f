import { AuditEventRecord } from '@docket/contracts';

import { mergeAuditShares } from './audit-trail.merge';

function event(eventId: string, occurredAt: string): AuditEventRecord {
  return {
    eventId,
    occurredAt,
    actorId: null,
    action: 'item.closed',
    resourceType: 'item',
    resourceId: eventId,
    details: {},
  };
}

describe('mergeAuditShares', () => {
  const identity = {
    data: [
      event('identity:b', '2026-01-01T00:00:05.000Z'),
      event('identity:a', '2026-01-01T00:00:01.000Z'),
    ],
    totalCount: 7,
  };
  const flows = {
    data: [
      event('flows:x', '2026-01-01T00:00:04.000Z'),
      event('flows:y', '2026-01-01T00:00:01.000Z'),
    ],
    totalCount: 2,
  };

  it('orders every share newest first and sums the totals', () => {
    const page = mergeAuditShares([identity, flows], 1, 10);
    expect(page.data.map((e) => e.eventId)).toEqual([
      'identity:b',
      'flows:x',
      'identity:a',
      'flows:y',
    ]);
    expect(page.totalCount).toBe(9);
  });

  it('breaks ties of one instant by event id, so consecutive pages neither overlap nor skip', () => {
    const first = mergeAuditShares([identity, flows], 1, 3).data.map((e) => e.eventId);
    const second = mergeAuditShares([identity, flows], 2, 3).data.map((e) => e.eventId);
    expect(first).toEqual(['identity:b', 'flows:x', 'identity:a']);
    expect(second).toEqual(['flows:y']);
  });

  it('answers an empty page past the end', () => {
    expect(mergeAuditShares([identity, flows], 3, 3).data).toEqual([]);
  });
});
