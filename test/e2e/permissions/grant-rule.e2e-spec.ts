import {
  apiRequest,
  createTestOrganization,
  eventually,
  TestOrganization,
  TestUser,
} from '@docket/testing';

// Two organizations, a workspace, a project and an environment to set up: slow on a loaded machine.
jest.setTimeout(120_000);

type Call = () => Promise<{ status: number; body: { code?: string } }>;

/**
 * The project and workspace grant rule is one rule: items, run history, uploads and variables
 * answer alike. A project of another organization is NOT_FOUND, one of the caller's organization
 * without a grant PERMISSION_DENIED; a workspace that holds no project granted to a Partner is
 * NOT_FOUND to them, as GET /workspaces leaves it out. A new grant holds at once, whatever was
 * remembered before it.
 */
describe('one grant rule for projects and workspaces', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let partner: TestUser;
  let secondWorkspaceId: string;
  let secondProjectId: string;
  let environmentId: string;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    const workspace = await apiRequest<{ workspaceId: string }>('POST', '/workspaces', {
      token: org.admin.token,
      body: { name: 'Second carrier' },
    });
    expect(workspace.status).toBe(201);
    secondWorkspaceId = workspace.body.workspaceId;
    const project = await apiRequest<{ projectId: string }>(
      'POST',
      `/workspaces/${secondWorkspaceId}/projects`,
      { token: org.admin.token, body: { name: 'Second intake' } },
    );
    expect(project.status).toBe(201);
    secondProjectId = project.body.projectId;
    const environment = await apiRequest<{ environmentId: string }>('POST', '/environments', {
      token: org.admin.token,
      body: { name: `grant-rule-${Date.now()}` },
    });
    expect(environment.status).toBe(201);
    environmentId = environment.body.environmentId;
    partner = await org.addUser('Partner', [org.projectId]);
  });

  const get =
    (token: string, url: string): Call =>
    () =>
      apiRequest('GET', url, { token });

  /** Every service's way in to a workspace. */
  const workspaceCalls = (token: string, workspaceId: string): Record<string, Call> => ({
    items: get(token, `/items?workspaceId=${workspaceId}`),
    runs: get(token, `/flow-executions?workspaceId=${workspaceId}`),
    upload: () =>
      apiRequest('POST', '/files', {
        token,
        body: { filename: 'grant-rule.pdf', workspaceId },
      }),
    variable: () =>
      apiRequest('POST', '/variables', {
        token,
        body: {
          environmentId,
          scope: 'workspace',
          scopeId: workspaceId,
          name: `W_${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
          value: 'x',
        },
      }),
  });

  /** Every service's way in to a project. */
  const projectCalls = (token: string, projectId: string): Record<string, Call> => ({
    items: get(token, `/items?projectId=${projectId}`),
    runs: get(token, `/flow-executions?projectId=${projectId}`),
    variable: () =>
      apiRequest('POST', '/variables', {
        token,
        body: {
          environmentId,
          scope: 'project',
          scopeId: projectId,
          name: `P_${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
          value: 'x',
        },
      }),
  });

  async function answers(calls: Record<string, Call>): Promise<Record<string, string>> {
    const entries = await Promise.all(
      Object.entries(calls).map(async ([name, call]) => {
        const { status, body } = await call();
        return [name, status < 300 ? 'ok' : `${status} ${body.code}`] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  /** The same answer from every one of the calls. */
  function alike(calls: Record<string, Call>, answer: string): Record<string, string> {
    return Object.fromEntries(Object.keys(calls).map((name) => [name, answer]));
  }

  async function expectAll(calls: Record<string, Call>, answer: string): Promise<void> {
    expect(await answers(calls)).toEqual(alike(calls, answer));
  }

  it('lets a Partner into the workspace of a granted project, in every service', async () => {
    await expectAll(workspaceCalls(partner.token, org.workspaceId), 'ok');
    await expectAll(projectCalls(partner.token, org.projectId), 'ok');
  });

  it('hides a workspace holding no granted project from a Partner, in every service', async () => {
    await expectAll(workspaceCalls(partner.token, secondWorkspaceId), '404 NOT_FOUND');
  });

  it('refuses an ungranted project of the organization and hides another organization’s', async () => {
    await expectAll(projectCalls(partner.token, secondProjectId), '401 PERMISSION_DENIED');
    await expectAll(projectCalls(partner.token, other.projectId), '404 NOT_FOUND');
  });

  it('shows an Admin every workspace of the organization and none of another', async () => {
    await expectAll(workspaceCalls(org.admin.token, secondWorkspaceId), 'ok');
    await expectAll(workspaceCalls(org.admin.token, other.workspaceId), '404 NOT_FOUND');
  });

  it('lets a Partner in as soon as the project is granted, whatever was refused before', async () => {
    const changed = await apiRequest('PATCH', `/users/${partner.userId}`, {
      token: org.admin.token,
      body: { projectIds: [org.projectId, secondProjectId] },
    });
    expect(changed.status).toBe(200);
    // Gateways forget the person's cached access at once, but asynchronously: wait until the
    // token carries the grant, then every service must let the Partner in.
    await eventually(async () => {
      const { body } = await apiRequest<{ data?: Array<{ projectId: string }> }>(
        'GET',
        `/projects?workspaceId=${secondWorkspaceId}`,
        { token: partner.token },
      );
      return body.data?.some((project) => project.projectId === secondProjectId) || undefined;
    }, 10_000);
    await expectAll(workspaceCalls(partner.token, secondWorkspaceId), 'ok');
    await expectAll(projectCalls(partner.token, secondProjectId), 'ok');
  });
});
