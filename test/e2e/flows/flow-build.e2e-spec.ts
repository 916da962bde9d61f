import type { FlowGraph } from '@docket/contracts';
import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import {
  activate,
  API_ONLY,
  Body,
  createdFlowId,
  createFlow,
  graphOf,
  publish,
  saveDraft,
  transformChain,
} from './support/flows-api';

const CLASSIFY = {
  id: 'classify',
  type: 'ai.classify' as const,
  config: { classes: [{ label: 'claim', keywords: ['claim'] }] },
};

describe('flows: build, validate, publish, activate', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let partner: TestUser;
  let reviewer: TestUser;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    [partner, reviewer] = await Promise.all([org.addUser('Partner'), org.addUser('Reviewer')]);
  });

  it('creates a flow under a project with a single API trigger as its draft', async () => {
    const created = await createFlow(org.admin.token, org.projectId, undefined, 'Intake');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      name: 'Intake',
      projectId: org.projectId,
      workspaceId: org.workspaceId,
      active: false,
      activeVersion: null,
      latestVersion: null,
      trigger: 'trigger.api',
      draft: API_ONLY,
    });

    const read = await apiRequest<Body>('GET', `/flows/${created.body.flowId}`, {
      token: partner.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.draft).toEqual(API_ONLY);

    const list = await apiRequest<{ data: Body[]; totalCount: number }>(
      'GET',
      `/projects/${org.projectId}/flows`,
      { token: org.admin.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((flow) => flow.flowId)).toContain(created.body.flowId);
    expect(list.body.data[0]).not.toHaveProperty('draft');
  });

  describe('draft validation answers 400 naming the node and the reason', () => {
    let flowId: string;
    beforeAll(async () => {
      flowId = await createdFlowId(org.admin.token, org.projectId);
    });

    const invalid: Array<[string, FlowGraph, string | undefined, RegExp]> = [
      [
        'two triggers',
        graphOf([
          { id: 'a', type: 'trigger.api' },
          { id: 'b', type: 'trigger.file' },
        ]),
        undefined,
        /exactly one trigger; this one has 2/,
      ],
      [
        'no trigger',
        graphOf([{ id: 'x', type: 'utility.transform', config: { expression: '1' } }]),
        undefined,
        /exactly one trigger; this one has 0/,
      ],
      [
        'an edge to an unknown node',
        graphOf([{ id: 'trigger', type: 'trigger.api' }], [['trigger', 'ghost']]),
        'trigger',
        /points at an unknown node/,
      ],
      [
        'an unreachable node',
        graphOf([
          { id: 'trigger', type: 'trigger.api' },
          { id: 'island', type: 'utility.transform', config: { expression: '1' } },
        ]),
        'island',
        /not reachable from the trigger/,
      ],
      [
        'a cycle without a loop control',
        graphOf(
          [
            { id: 'trigger', type: 'trigger.api' },
            { id: 'a', type: 'utility.transform', config: { expression: '1' } },
            { id: 'b', type: 'utility.transform', config: { expression: '2' } },
          ],
          [
            ['trigger', 'a'],
            ['a', 'b'],
            ['b', 'a'],
          ],
        ),
        'a',
        /on a cycle; only a for-each may loop/,
      ],
      [
        'an invalid expression',
        transformChain(['1 +']),
        't1',
        /expression is not a valid expression/,
      ],
      [
        'a configuration setting the node type does not have',
        graphOf(
          [
            { id: 'trigger', type: 'trigger.api' },
            { id: 'wait', type: 'utility.delay', config: { seconds: 5, colour: 'red' } },
          ],
          [['trigger', 'wait']],
        ),
        'wait',
        /unknown setting colour/,
      ],
      [
        'a delay one second past its limit',
        graphOf(
          [
            { id: 'trigger', type: 'trigger.api' },
            { id: 'wait', type: 'utility.delay', config: { seconds: 604801 } },
          ],
          [['trigger', 'wait']],
        ),
        'wait',
        /seconds must be a whole number from 1 to 604800/,
      ],
      [
        'a route branch the route does not declare',
        graphOf(
          [
            { id: 'trigger', type: 'trigger.api' },
            {
              id: 'route',
              type: 'control.route',
              config: { routes: [{ branch: 'big', when: 'input.n > 1' }] },
            },
            { id: 'x', type: 'utility.transform', config: { expression: '1' } },
          ],
          [
            ['trigger', 'route'],
            ['route', 'x', 'huge'],
          ],
        ),
        'route',
        /branch "huge" is not one of big, default/,
      ],
      [
        'a write-back without https URL',
        graphOf(
          [
            { id: 'trigger', type: 'trigger.api' },
            {
              id: 'send',
              type: 'action.write-back',
              config: { url: 'ftp://example.com', secretVariable: 'S' },
            },
          ],
          [['trigger', 'send']],
        ),
        'send',
        /url must use https/,
      ],
      [
        'a for-each body that leaves the loop',
        graphOf(
          [
            { id: 'trigger', type: 'trigger.api' },
            { id: 'each', type: 'control.for-each' },
            { id: 'body', type: 'utility.transform', config: { expression: 'item' } },
            { id: 'after', type: 'utility.transform', config: { expression: '1' } },
          ],
          [
            ['trigger', 'each'],
            ['each', 'body', 'body'],
            ['body', 'after'],
            ['each', 'after', 'done'],
          ],
        ),
        'body',
        /leaves the body of for-each each/,
      ],
    ];

    it.each(invalid)('refuses %s', async (_, graph, nodeId, reason) => {
      const response = await saveDraft(org.admin.token, flowId, graph);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.message).toMatch(reason);
      if (nodeId) expect(response.body.message).toContain(`node ${nodeId}`);
      expect((response.body.details as Body).nodeId).toBe(nodeId);
      // Nothing changed.
      const read = await apiRequest<Body>('GET', `/flows/${flowId}`, { token: org.admin.token });
      expect(read.body.draft).toEqual(API_ONLY);
    });

    it('refuses unknown node types and malformed ids before looking at the graph', async () => {
      const badType = await saveDraft(org.admin.token, flowId, {
        nodes: [{ id: 'trigger', type: 'trigger.email' as 'trigger.api' }],
        edges: [],
      });
      expect(badType.status).toBe(400);
      expect(badType.body.message).toMatch(/type must be one of/);
      const badId = await saveDraft(org.admin.token, flowId, {
        nodes: [{ id: 'has space', type: 'trigger.api' }],
        edges: [],
      });
      expect(badId.status).toBe(400);
      expect(badId.body.message).toMatch(/id must be 1-64 letters/);
    });

    it('accepts 200 nodes and refuses 201', async () => {
      const atLimit = transformChain(Array.from({ length: 199 }, (_, i) => String(i)));
      expect(atLimit.nodes).toHaveLength(200);
      const saved = await saveDraft(org.admin.token, flowId, atLimit);
      expect(saved.status).toBe(200);
      expect((saved.body.draft as FlowGraph).nodes).toHaveLength(200);

      const past = transformChain(Array.from({ length: 200 }, (_, i) => String(i)));
      const refused = await saveDraft(org.admin.token, flowId, past);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/nodes must contain no more than 200 elements/);
      await saveDraft(org.admin.token, flowId, API_ONLY);
    });

    it('accepts a valid graph with a route, a join and a for-each loop', async () => {
      const graph = graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          {
            id: 'route',
            type: 'control.route',
            config: { routes: [{ branch: 'big', when: 'input.n > 1' }] },
          },
          { id: 'big', type: 'utility.transform', config: { expression: '"big"' } },
          { id: 'small', type: 'utility.transform', config: { expression: '"small"' } },
          { id: 'join', type: 'control.join' },
          { id: 'each', type: 'control.for-each', config: { items: 'input.list' } },
          { id: 'body', type: 'utility.transform', config: { expression: 'item' } },
        ],
        [
          ['trigger', 'route'],
          ['route', 'big', 'big'],
          ['route', 'small', 'default'],
          ['big', 'join'],
          ['small', 'join'],
          ['join', 'each'],
          ['each', 'body', 'body'],
          ['body', 'each'],
        ],
      );
      const saved = await saveDraft(org.admin.token, flowId, graph);
      expect(saved.status).toBe(200);
      expect(saved.body.draft).toEqual(graph);
    });
  });

  it('publishes immutable versions vN.N.N by the bump level, newest first', async () => {
    const flowId = await createdFlowId(org.admin.token, org.projectId, transformChain(['1']));
    const first = await publish(partner.token, flowId, 'patch');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ version: 'v1.0.0', active: false });

    await saveDraft(org.admin.token, flowId, transformChain(['2']));
    expect((await publish(org.admin.token, flowId, 'minor')).body.version).toBe('v1.1.0');
    expect((await publish(org.admin.token, flowId, 'patch')).body.version).toBe('v1.1.1');
    expect((await publish(org.admin.token, flowId, 'major')).body.version).toBe('v2.0.0');

    const bad = await publish(org.admin.token, flowId, 'huge');
    expect(bad.status).toBe(400);

    const versions = await apiRequest<{ data: Body[]; totalCount: number }>(
      'GET',
      `/flows/${flowId}/versions`,
      { token: partner.token },
    );
    expect(versions.body.data.map((v) => v.version)).toEqual([
      'v2.0.0',
      'v1.1.1',
      'v1.1.0',
      'v1.0.0',
    ]);
    expect(versions.body.totalCount).toBe(4);

    const flow = await apiRequest<Body>('GET', `/flows/${flowId}`, { token: org.admin.token });
    expect(flow.body).toMatchObject({ latestVersion: 'v2.0.0', active: false });
  });

  it('activates only a published version and deactivates only an active flow', async () => {
    const flowId = await createdFlowId(org.admin.token, org.projectId);
    const early = await activate(org.admin.token, flowId);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('CONFLICT');
    const notActive = await apiRequest<Body>('POST', `/flows/${flowId}/deactivate`, {
      token: org.admin.token,
    });
    expect(notActive.status).toBe(409);

    await publish(org.admin.token, flowId);
    await publish(org.admin.token, flowId);
    const missing = await activate(org.admin.token, flowId, { version: 'v9.9.9' });
    expect(missing.status).toBe(404);

    const latest = await activate(partner.token, flowId);
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ active: true, activeVersion: 'v1.1.0' });
    const pinned = await activate(org.admin.token, flowId, { version: 'v1.0.0' });
    expect(pinned.body).toMatchObject({ active: true, activeVersion: 'v1.0.0' });
    const versions = await apiRequest<{ data: Body[] }>('GET', `/flows/${flowId}/versions`, {
      token: org.admin.token,
    });
    expect(versions.body.data.filter((v) => v.active).map((v) => v.version)).toEqual(['v1.0.0']);

    const off = await apiRequest<Body>('POST', `/flows/${flowId}/deactivate`, {
      token: partner.token,
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, activeVersion: null });
  });

  describe('roles', () => {
    it('lets a Partner build everything but AI intelligence nodes', async () => {
      const refused = await createFlow(
        partner.token,
        org.projectId,
        graphOf([{ id: 'trigger', type: 'trigger.api' }, CLASSIFY], [['trigger', 'classify']]),
      );
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('PERMISSION_DENIED');
      expect(refused.body.message).toMatch(/ai\.use/);

      // An Admin adds the AI node; the Partner may then edit around it, not the node itself.
      const withAi = graphOf(
        [{ id: 'trigger', type: 'trigger.api' }, CLASSIFY],
        [['trigger', 'classify']],
      );
      const flowId = await createdFlowId(org.admin.token, org.projectId, withAi);
      const around = graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          { ...CLASSIFY, config: { classes: CLASSIFY.config.classes } },
          { id: 'after', type: 'utility.transform', config: { expression: '1' } },
        ],
        [
          ['trigger', 'classify'],
          ['classify', 'after'],
        ],
      );
      expect((await saveDraft(partner.token, flowId, around)).status).toBe(200);

      const changed = structuredClone(around);
      changed.nodes[1].config = { classes: [{ label: 'invoice', keywords: ['invoice'] }] };
      const change = await saveDraft(partner.token, flowId, changed);
      expect(change.status).toBe(401);
      expect(change.body.code).toBe('PERMISSION_DENIED');

      const removed = graphOf([{ id: 'trigger', type: 'trigger.api' }]);
      expect((await saveDraft(partner.token, flowId, removed)).status).toBe(401);
      expect((await saveDraft(org.admin.token, flowId, changed)).status).toBe(200);
    });

    it('refuses a Reviewer every build operation', async () => {
      const flowId = await createdFlowId(org.admin.token, org.projectId);
      const attempts = [
        createFlow(reviewer.token, org.projectId),
        apiRequest<Body>('GET', `/projects/${org.projectId}/flows`, { token: reviewer.token }),
        apiRequest<Body>('GET', `/flows/${flowId}`, { token: reviewer.token }),
        saveDraft(reviewer.token, flowId, API_ONLY),
        publish(reviewer.token, flowId),
        activate(reviewer.token, flowId),
      ];
      for (const response of await Promise.all(attempts)) {
        expect({ status: response.status, code: response.body.code }).toEqual({
          status: 401,
          code: 'PERMISSION_DENIED',
        });
      }
    });

    it('refuses a Partner a project it has no grant for', async () => {
      const outsider = await org.addUser('Partner', []);
      const response = await createFlow(outsider.token, org.projectId);
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('PERMISSION_DENIED');
      const flowId = await createdFlowId(org.admin.token, org.projectId);
      const read = await apiRequest<Body>('GET', `/flows/${flowId}`, { token: outsider.token });
      expect(read.status).toBe(401);
    });
  });

  it("answers 404 for another organization's project and flows", async () => {
    const flowId = await createdFlowId(org.admin.token, org.projectId);
    const calls = [
      createFlow(other.admin.token, org.projectId),
      apiRequest<Body>('GET', `/projects/${org.projectId}/flows`, { token: other.admin.token }),
      apiRequest<Body>('GET', `/flows/${flowId}`, { token: other.admin.token }),
      saveDraft(other.admin.token, flowId, API_ONLY),
      publish(other.admin.token, flowId),
      apiRequest<Body>('GET', `/flows/${flowId}/versions`, { token: other.admin.token }),
      activate(other.admin.token, flowId),
      apiRequest<Body>('POST', `/flows/${flowId}/run`, { token: other.admin.token, body: {} }),
    ];
    for (const response of await Promise.all(calls)) {
      expect({ status: response.status, code: response.body.code }).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    // The flow is untouched.
    const read = await apiRequest<Body>('GET', `/flows/${flowId}`, { token: org.admin.token });
    expect(read.body).toMatchObject({ draft: API_ONLY, latestVersion: null });
  });
});
