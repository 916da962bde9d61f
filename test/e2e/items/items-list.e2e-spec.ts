import { ItemRecord, ItemSummaryRecord } from '@docket/contracts';
import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { RunItemsFixture } from './support/run-items.fixture';

interface ListBody {
  data: ItemSummaryRecord[];
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
  code?: string;
}

/** GET /items and GET /items/status-counts through the gateway, items seeded as runs do. */
describe('GET /items', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let reviewer: TestUser;
  let runs: RunItemsFixture;
  let secondProjectId: string;
  const items: Record<string, ItemRecord> = {};
  let updatedMark: string;

  beforeAll(async () => {
    [org, other, runs] = await Promise.all([
      createTestOrganization(),
      createTestOrganization(),
      RunItemsFixture.connect(),
    ]);
    const project = await apiRequest<{ projectId: string }>(
      'POST',
      `/workspaces/${org.workspaceId}/projects`,
      { token: org.admin.token, body: { name: 'Second agent' } },
    );
    secondProjectId = project.body.projectId;
    reviewer = await org.addUser('Reviewer', [org.projectId]);

    const seed = async (
      key: string,
      displayName: string,
      flow: [string, string],
      summary: string,
      insight: string,
      fieldValue: string,
      projectId = org.projectId,
    ): Promise<void> => {
      const item = await runs.create(
        { ...org, projectId },
        { displayName, flowId: flow[0], flowName: flow[1], summary, insight },
      );
      await runs.writeFields(org, item.id, [
        { key: 'insured_name', type: 'string', value: fieldValue, confidence: 0.9 },
        { key: 'amount', type: 'number', value: 1200 },
      ]);
      items[key] = item;
    };
    await seed(
      'alpha',
      'Motor claim Alpha',
      ['flow-inv', 'Invoice Intake'],
      'Late payment on policy',
      'High fraud risk',
      'ACME Logistics',
    );
    await seed(
      'beta',
      'Property claim Beta',
      ['flow-tri', 'Claims Triage'],
      'Water damage in kitchen',
      'Low severity',
      'Globex Corporation',
    );
    await seed(
      'gamma',
      'Invoice Gamma',
      ['flow-inv', 'Invoice Intake'],
      'Duplicate invoice detected',
      'Needs vendor check',
      'Initech',
    );
    await seed(
      'canceled',
      'Canceled Epsilon',
      ['flow-tri', 'Claims Triage'],
      'Run was stopped',
      'None',
      'Umbrella',
    );
    await seed(
      'hidden',
      'Hidden claim Delta',
      ['flow-inv', 'Invoice Intake'],
      'Other agent item',
      'None',
      'Hooli',
      secondProjectId,
    );
    // The other organization has look-alike items that must never show up.
    const theirs = await runs.create(other, {
      displayName: 'Motor claim Alpha',
      flowName: 'Invoice Intake',
      flowId: 'flow-inv',
    });
    items.theirs = theirs;

    await runs.toReview(org, items.alpha.id);
    await runs.move(org, items.beta.id, 'IN_PROGRESS');
    await runs.move(org, items.canceled.id, 'CANCELED');
    const locked = await apiRequest('POST', `/items/${items.alpha.id}/lock`, {
      token: reviewer.token,
    });
    expect(locked.status).toBe(200);
    updatedMark = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await runs.summarize(org, items.gamma.id, 'Duplicate invoice detected twice');
  }, 60_000);

  afterAll(async () => {
    await runs.close();
  });

  async function list(
    query: string,
    token = org.admin.token,
  ): Promise<{ status: number; body: ListBody }> {
    return apiRequest<ListBody>('GET', `/items?${query}`, { token });
  }

  async function names(query: string, token = org.admin.token): Promise<string[]> {
    const response = await list(query, token);
    expect({ query, status: response.status }).toEqual({ query, status: 200 });
    return response.body.data.map((item) => item.displayName).sort();
  }

  const P = (): string => `projectId=${org.projectId}`;
  const q = encodeURIComponent;

  it('lists a project newest first with the default page envelope', async () => {
    const response = await list(P());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      page: 1,
      limit: 20,
      totalCount: 4,
      totalPages: 1,
    });
    expect(response.body.data.map((i) => i.displayName)).toEqual([
      'Canceled Epsilon',
      'Invoice Gamma',
      'Property claim Beta',
      'Motor claim Alpha',
    ]);
    const alpha = response.body.data.find((i) => i.id === items.alpha.id)!;
    expect(alpha).toMatchObject({
      displayId: items.alpha.displayId,
      status: 'REVIEW',
      assignee: reviewer.userId,
      reviewerName: 'Reviewer user',
      flowId: 'flow-inv',
      flowName: 'Invoice Intake',
      projectId: org.projectId,
      workspaceId: org.workspaceId,
    });
    expect(alpha).not.toHaveProperty('fields');
  });

  it('sorts by every allowed field in both orders', async () => {
    const ascending = await list(`${P()}&sortBy=displayId&sortOrder=asc`);
    expect(ascending.body.data.map((i) => i.displayId)).toEqual(
      [items.alpha, items.beta, items.gamma, items.canceled].map((i) => i.displayId),
    );
    const byName = await list(`${P()}&sortBy=displayName&sortOrder=asc`);
    expect(byName.body.data.map((i) => i.displayName)).toEqual([
      'Canceled Epsilon',
      'Invoice Gamma',
      'Motor claim Alpha',
      'Property claim Beta',
    ]);
    const byUpdated = await list(`${P()}&sortBy=updatedAt`);
    expect(byUpdated.body.data[0].displayName).toBe('Invoice Gamma');
    const byStatus = await list(`${P()}&sortBy=status&sortOrder=asc`);
    expect(byStatus.body.data.map((i) => i.status)).toEqual([
      'CANCELED',
      'IN_PROGRESS',
      'QUEUED',
      'REVIEW',
    ]);
    const createdAsc = await list(`${P()}&sortBy=createdAt&sortOrder=asc`);
    expect(createdAsc.body.data[0].displayName).toBe('Motor claim Alpha');
  });

  it('pages with page and limit', async () => {
    const first = await list(`${P()}&limit=3&sortBy=displayId&sortOrder=asc`);
    const second = await list(`${P()}&limit=3&page=2&sortBy=displayId&sortOrder=asc`);
    expect(first.body).toMatchObject({ page: 1, limit: 3, totalCount: 4, totalPages: 2 });
    expect(first.body.data).toHaveLength(3);
    expect(second.body.data.map((i) => i.id)).toEqual([items.canceled.id]);
    const beyond = await list(`${P()}&page=9`);
    expect(beyond.body.data).toEqual([]);
    expect((await list(`${P()}&limit=100`)).status).toBe(200);
    expect((await list(`${P()}&limit=1`)).body.data).toHaveLength(1);
  });

  it.each<[string, string, string[]]>([
    ['status', 'status=REVIEW', ['Motor claim Alpha']],
    ['status CANCELED is listable', 'status=CANCELED', ['Canceled Epsilon']],
    ['flowName fuzzy (typo)', 'flowName=Invoce', ['Invoice Gamma', 'Motor claim Alpha']],
    ['flowName substring', 'flowName=triage', ['Canceled Epsilon', 'Property claim Beta']],
    ['flowId exact', 'flowId=flow-tri', ['Canceled Epsilon', 'Property claim Beta']],
    ['flowId is not fuzzy', 'flowId=flow-tr', []],
    ['summary fuzzy (typo)', `summary=${q('water damge')}`, ['Property claim Beta']],
    ['insight fuzzy', 'insight=fraud', ['Motor claim Alpha']],
    ['fieldValue fuzzy (typo)', 'fieldValue=Globx', ['Property claim Beta']],
    ['displayNameFilter fuzzy (typo)', 'displayNameFilter=Motr', ['Motor claim Alpha']],
    ['reviewer fuzzy (typo)', 'reviewer=Reviewr', ['Motor claim Alpha']],
    [
      'reviewer none = unassigned',
      'reviewer=none',
      ['Canceled Epsilon', 'Invoice Gamma', 'Property claim Beta'],
    ],
    [
      'createdDate of today (UTC)',
      `createdDate=${q(todayMmDdYyyy())}`,
      ['Canceled Epsilon', 'Invoice Gamma', 'Motor claim Alpha', 'Property claim Beta'],
    ],
    ['createdDate of another day', `createdDate=${q('01/02/2020')}`, []],
    ['searchText over names', 'searchText=Beta', ['Property claim Beta']],
    ['searchText over summaries', 'searchText=payment', ['Motor claim Alpha']],
    ['searchText over field values', 'searchText=Initech', ['Invoice Gamma']],
    [
      'searchText with a quoted phrase',
      `searchText=${q('"water damage"')}`,
      ['Property claim Beta'],
    ],
    ['searchText words must all match', `searchText=${q('claim payment')}`, ['Motor claim Alpha']],
    ['flow: prefix', `searchText=${q('flow:invoce')}`, ['Invoice Gamma', 'Motor claim Alpha']],
    [
      'flow: prefix, quoted',
      `searchText=${q('flow:"Claims Triage"')}`,
      ['Canceled Epsilon', 'Property claim Beta'],
    ],
    [
      'flow-id: prefix',
      `searchText=${q('flow-id:flow-tri')}`,
      ['Canceled Epsilon', 'Property claim Beta'],
    ],
    ['summary: prefix', `searchText=${q('summary:duplicat')}`, ['Invoice Gamma']],
    ['insight: prefix', `searchText=${q('insight:severity')}`, ['Property claim Beta']],
    ['field-value: prefix', `searchText=${q('field-value:ACME')}`, ['Motor claim Alpha']],
    ['name: prefix', `searchText=${q('name:Gama')}`, ['Invoice Gamma']],
    ['reviewer: prefix', `searchText=${q('reviewer:reviewer')}`, ['Motor claim Alpha']],
    [
      'reviewer:none prefix',
      `searchText=${q('reviewer:none')}`,
      ['Canceled Epsilon', 'Invoice Gamma', 'Property claim Beta'],
    ],
    [
      'date: prefix',
      `searchText=${q(`date:${todayMmDdYyyy()}`)}`,
      ['Canceled Epsilon', 'Invoice Gamma', 'Motor claim Alpha', 'Property claim Beta'],
    ],
    [
      'prefix combined with free words',
      `searchText=${q('flow:invoice payment')}`,
      ['Motor claim Alpha'],
    ],
    [
      'two prefixes narrow together',
      `searchText=${q('flow:invoice name:gamma')}`,
      ['Invoice Gamma'],
    ],
    [
      'prefix and parameter narrow together',
      `flowName=Invoice&searchText=${q('summary:water')}`,
      [],
    ],
    ['free words that match nothing', 'searchText=zeppelin', []],
  ])('filters: %s', async (_, query, expected) => {
    expect(await names(`${P()}&${query}`)).toEqual(expected);
  });

  it('filters by the exact item id, parameter and id: prefix', async () => {
    expect(await names(`${P()}&itemId=${items.beta.id}`)).toEqual(['Property claim Beta']);
    expect(await names(`${P()}&searchText=${q(`id:${items.beta.id}`)}`)).toEqual([
      'Property claim Beta',
    ]);
    expect(await names(`${P()}&itemId=${items.theirs.id}`)).toEqual([]);
  });

  it('filters by the exact displayId, parameter and display-id: prefix', async () => {
    expect(await names(`${P()}&displayId=${items.gamma.displayId}`)).toEqual(['Invoice Gamma']);
    expect(await names(`${P()}&searchText=${q(`display-id:${items.gamma.displayId}`)}`)).toEqual([
      'Invoice Gamma',
    ]);
  });

  it('filters by assignedTo', async () => {
    expect(await names(`${P()}&assignedTo=${reviewer.userId}`)).toEqual(['Motor claim Alpha']);
    expect(await names(`${P()}&assignedTo=${org.admin.userId}`)).toEqual([]);
  });

  it('bounds createdAt (After inclusive, Before exclusive) and updatedAt', async () => {
    const betaCreated = items.beta.createdAt;
    expect(await names(`${P()}&createdAfter=${q(betaCreated)}`)).toEqual([
      'Canceled Epsilon',
      'Invoice Gamma',
      'Property claim Beta',
    ]);
    expect(await names(`${P()}&createdBefore=${q(betaCreated)}`)).toEqual(['Motor claim Alpha']);
    expect(
      await names(
        `${P()}&createdAfter=${q(items.alpha.createdAt)}&createdBefore=${q(items.gamma.createdAt)}`,
      ),
    ).toEqual(['Motor claim Alpha', 'Property claim Beta']);
    expect(await names(`${P()}&updatedAfter=${q(updatedMark)}`)).toEqual(['Invoice Gamma']);
    expect(await names(`${P()}&updatedBefore=${q(updatedMark)}`)).toEqual([
      'Canceled Epsilon',
      'Motor claim Alpha',
      'Property claim Beta',
    ]);
  });

  it('spans every project of a workspace for an Admin', async () => {
    expect(await names(`workspaceId=${org.workspaceId}&flowId=flow-inv`)).toEqual([
      'Hidden claim Delta',
      'Invoice Gamma',
      'Motor claim Alpha',
    ]);
  });

  it('spans only granted projects for a Reviewer, and refuses an ungranted project', async () => {
    expect(await names(`workspaceId=${org.workspaceId}&flowId=flow-inv`, reviewer.token)).toEqual([
      'Invoice Gamma',
      'Motor claim Alpha',
    ]);
    const denied = await list(`projectId=${secondProjectId}`, reviewer.token);
    expect({ status: denied.status, code: denied.body.code }).toEqual({
      status: 401,
      code: 'PERMISSION_DENIED',
    });
    const partner = await org.addUser('Partner', [secondProjectId]);
    expect(await names(`workspaceId=${org.workspaceId}`, partner.token)).toEqual([
      'Hidden claim Delta',
    ]);
  });

  it('answers 404 for another organization’s project or workspace', async () => {
    for (const query of [`projectId=${other.projectId}`, `workspaceId=${other.workspaceId}`]) {
      const response = await list(query);
      expect({ query, status: response.status, code: response.body.code }).toEqual({
        query,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    const counts = await apiRequest('GET', `/items/status-counts?projectId=${other.projectId}`, {
      token: org.admin.token,
    });
    expect(counts.status).toBe(404);
  });

  it.each<[string, string]>([
    ['neither scope', 'status=REVIEW'],
    ['both scopes', `projectId=PROJECT&workspaceId=WORKSPACE`],
    ['malformed projectId', 'projectId=not-a-uuid'],
    ['malformed workspaceId', 'workspaceId=123'],
    ['unknown status', 'PROJECT_Q&status=DONE'],
    ['lower-case status', 'PROJECT_Q&status=review'],
    ['unknown sortBy', 'PROJECT_Q&sortBy=summary'],
    ['unknown sortOrder', 'PROJECT_Q&sortOrder=up'],
    ['limit 0', 'PROJECT_Q&limit=0'],
    ['limit 101', 'PROJECT_Q&limit=101'],
    ['limit not a number', 'PROJECT_Q&limit=ten'],
    ['page 0', 'PROJECT_Q&page=0'],
    ['page fractional', 'PROJECT_Q&page=1.5'],
    ['malformed assignedTo', 'PROJECT_Q&assignedTo=me'],
    ['malformed itemId', 'PROJECT_Q&itemId=42'],
    ['displayId not an integer', 'PROJECT_Q&displayId=abc'],
    ['malformed createdAfter', 'PROJECT_Q&createdAfter=yesterday'],
    ['impossible createdBefore', 'PROJECT_Q&createdBefore=2024-02-30T00:00:00Z'],
    ['malformed updatedAfter', 'PROJECT_Q&updatedAfter=2024-13-01'],
    ['malformed updatedBefore', 'PROJECT_Q&updatedBefore=soon'],
    ['createdDate in ISO form', 'PROJECT_Q&createdDate=2024-03-14'],
    ['impossible createdDate', `PROJECT_Q&createdDate=${encodeURIComponent('02/30/2024')}`],
    ['unknown parameter', 'PROJECT_Q&color=blue'],
    ['id: prefix not a UUID', `PROJECT_Q&searchText=${encodeURIComponent('id:abc')}`],
    [
      'display-id: prefix not an integer',
      `PROJECT_Q&searchText=${encodeURIComponent('display-id:x1')}`,
    ],
    ['date: prefix in ISO form', `PROJECT_Q&searchText=${encodeURIComponent('date:2024-03-14')}`],
    ['empty flow: prefix', `PROJECT_Q&searchText=${encodeURIComponent('flow: claims')}`],
  ])('400 for %s', async (_, template) => {
    const query = template
      .replace('PROJECT_Q', P())
      .replace('PROJECT', org.projectId)
      .replace('WORKSPACE', org.workspaceId);
    const response = await list(query);
    expect({ query, status: response.status, code: response.body.code }).toEqual({
      query,
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  describe('GET /items/status-counts', () => {
    it('counts each status present, CANCELED hidden', async () => {
      const response = await apiRequest<{
        success: boolean;
        data: Array<{ status: string; count: number }>;
      }>('GET', `/items/status-counts?${P()}`, { token: org.admin.token });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.data).toEqual([
        { status: 'IN_PROGRESS', count: 1 },
        { status: 'QUEUED', count: 1 },
        { status: 'REVIEW', count: 1 },
      ]);
    });

    it('applies the same filters and scopes', async () => {
      const filtered = await apiRequest<{ data: unknown[] }>(
        'GET',
        `/items/status-counts?${P()}&searchText=${q('flow:invoice')}`,
        { token: org.admin.token },
      );
      expect(filtered.body.data).toEqual([
        { status: 'QUEUED', count: 1 },
        { status: 'REVIEW', count: 1 },
      ]);
      const workspace = await apiRequest<{ data: unknown[] }>(
        'GET',
        `/items/status-counts?workspaceId=${org.workspaceId}`,
        { token: reviewer.token },
      );
      expect(workspace.body.data).toEqual([
        { status: 'IN_PROGRESS', count: 1 },
        { status: 'QUEUED', count: 1 },
        { status: 'REVIEW', count: 1 },
      ]);
      const admin = await apiRequest<{ data: unknown[] }>(
        'GET',
        `/items/status-counts?workspaceId=${org.workspaceId}`,
        { token: org.admin.token },
      );
      expect(admin.body.data).toEqual([
        { status: 'IN_PROGRESS', count: 1 },
        { status: 'QUEUED', count: 2 },
        { status: 'REVIEW', count: 1 },
      ]);
    });

    it('refuses bad input like the list does', async () => {
      for (const query of [
        '',
        `${P()}&workspaceId=${org.workspaceId}`,
        `${P()}&status=NOPE`,
        `${P()}&limit=5`,
      ]) {
        const response = await apiRequest('GET', `/items/status-counts?${query}`, {
          token: org.admin.token,
        });
        expect({ query, status: response.status }).toEqual({ query, status: 400 });
      }
    });
  });
});

function todayMmDdYyyy(): string {
  const now = new Date();
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(now.getUTCMonth() + 1)}/${pad(now.getUTCDate())}/${now.getUTCFullYear()}`;
}
