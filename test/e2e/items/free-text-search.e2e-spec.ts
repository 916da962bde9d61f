import { ItemSummaryRecord } from '@docket/contracts';
import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

import { RunItemsFixture } from './support/run-items.fixture';

/**
 * Issue 29: free text in GET /items finds amounts as people type them, dates in MM/DD/YYYY and
 * partial identifiers, though the stored values are plain numbers, ISO dates and whole ids.
 */
describe('free-text search over amounts, dates and partial identifiers', () => {
  let org: TestOrganization;
  let runs: RunItemsFixture;

  beforeAll(async () => {
    [org, runs] = await Promise.all([createTestOrganization(), RunItemsFixture.connect()]);
    const seed = async (name: string, policy: string, amount: number, date: string) => {
      const item = await runs.create(org, { displayName: name });
      await runs.writeFields(org, item.id, [
        { key: 'policy_number', type: 'string', value: policy, confidence: 0.9 },
        { key: 'claim_amount', type: 'money', value: { amount, currency: 'USD' } },
        { key: 'date_of_loss', type: 'date', value: date },
      ]);
    };
    await seed('Motor claim', 'PN-654321', 1240, '2025-04-02');
    await seed('Home claim', 'PN-778899', 640.5, '2024-12-31');
  }, 60_000);

  afterAll(async () => {
    await runs.close();
  });

  async function found(searchText: string): Promise<string[]> {
    const response = await apiRequest<{ data: ItemSummaryRecord[] }>(
      'GET',
      `/items?projectId=${org.projectId}&searchText=${encodeURIComponent(searchText)}`,
      { token: org.admin.token },
    );
    expect(response.status).toBe(200);
    return response.body.data.map((item) => item.displayName).sort();
  }

  it.each<[string, string, string[]]>([
    ['an amount with symbol and separators', '$1,240.00', ['Motor claim']],
    ['an amount with cents', '640.50', ['Home claim']],
    ['a date as MM/DD/YYYY', '04/02/2025', ['Motor claim']],
    ['a date without leading zeros', '4/2/2025', ['Motor claim']],
    ['a date as stored', '2024-12-31', ['Home claim']],
    ['a partial identifier', 'PN-6543', ['Motor claim']],
    ['the middle of an identifier', '7788', ['Home claim']],
    ['a partial identifier and a word', 'PN-77 claim', ['Home claim']],
    ['a term of three characters', '654', ['Motor claim']],
    ['an amount no item has', '$999.00', []],
    ['a date no item has', '01/01/2020', []],
  ])('finds %s (%s)', async (_what, searchText, expected) => {
    expect(await found(searchText)).toEqual(expected);
  });

  it('looks up two-character terms only as whole words', async () => {
    expect(await found('PN')).toEqual(['Home claim', 'Motor claim']);
    expect(await found('65')).toEqual([]);
  });
});
