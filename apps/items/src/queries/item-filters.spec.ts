import { DocketException } from '@docket/platform';

import { resolveFilters, utcDay } from './item-filters';

const scope = { projectId: '9b2f6f1e-4c7d-4b8a-9f0e-2a1b3c4d5e6f' };

describe('item filters', () => {
  it('merges parameters and searchText prefixes, AND-ing repeats', () => {
    const filters = resolveFilters({
      ...scope,
      flowName: 'invoice',
      reviewer: 'None',
      searchText: 'flow:claims display-id:7 late "water damage"',
    });
    expect(filters.fuzzy).toEqual([
      { column: 'flow_name', value: 'invoice' },
      { column: 'flow_name', value: 'claims' },
    ]);
    expect(filters.unassigned).toBe(true);
    expect(filters.displayIds).toEqual([7]);
    expect(filters.words).toBe('late "water damage"');
  });

  it('ignores free text without letters or digits', () => {
    expect(resolveFilters({ ...scope, searchText: '!!! ---' }).words).toBeUndefined();
  });

  it.each([
    'id:42',
    'display-id:0',
    'display-id:1e3',
    'date:2024-01-01',
    'date:02/30/2024',
    'name:',
  ])('refuses the prefix %s', (searchText) => {
    expect(() => resolveFilters({ ...scope, searchText })).toThrow(DocketException);
  });

  it('turns MM/DD/YYYY into one UTC day and refuses impossible dates', () => {
    expect(utcDay('02/29/2024', 'd')).toEqual({
      from: new Date('2024-02-29T00:00:00.000Z'),
      to: new Date('2024-03-01T00:00:00.000Z'),
    });
    for (const value of ['02/29/2023', '13/01/2024', '1/2/2024', '00/10/2024']) {
      expect(() => utcDay(value, 'd')).toThrow(DocketException);
    }
  });
});
