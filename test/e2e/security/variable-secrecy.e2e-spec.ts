import type { FlowGraph, FlowNode } from '@docket/contracts';
import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import {
  Body,
  createdFlowId,
  environmentWithVariable,
  graphOf,
  saveDraft,
  startedRun,
  steps,
  waitForStatus,
} from '../flows/support/flows-api';
import { EchoEndpoint } from '../support/echo-endpoint';

const TERMINAL = ['completed', 'failed', 'canceled'];
/** What `$vars.SECRET` was; assembled at run time, so no save-time check can see it. */
const READ = '$eval("$" & "vars.SECRET")';

/**
 * Issue 11, findings 1 and 10: a Partner may build and run flows but never learn a variable's
 * value, nor any part, transformation or property of it. Values reach only the secret slots of
 * outbound nodes (the headers of an http request); expressions cannot read them at all.
 */
describe('variable values never reach a Partner, in any form', () => {
  let org: TestOrganization;
  let partner: TestUser;
  let reviewer: TestUser;
  let environmentId: string;
  const endpoint = new EchoEndpoint();
  let endpointUrl: string;
  // Mixed case and asymmetric, so upper-casing and reversing each give another string.
  const secret = `Sk-${Math.random().toString(36).slice(2, 10)}-Zq${Date.now()}`;
  const derivations = [
    secret,
    Buffer.from(secret).toString('base64'),
    secret.toUpperCase(),
    [...secret].reverse().join(''),
    [...secret].join('","'),
  ];

  function expectNoDerivation(where: string, body: unknown): void {
    const text = JSON.stringify(body);
    for (const derived of derivations) {
      expect({ where, derived, found: text.includes(derived) }).toEqual({
        where,
        derived,
        found: false,
      });
    }
  }

  async function draftRun(graph: FlowGraph, input: Record<string, unknown> = {}) {
    const flowId = await createdFlowId(partner.token, org.projectId);
    const saved = await saveDraft(partner.token, flowId, graph);
    expect(saved.status).toBe(200);
    const executionId = await startedRun(partner.token, flowId, {
      draft: true,
      environmentId,
      input,
    });
    const done = await waitForStatus(partner.token, executionId, TERMINAL);
    return { executionId, done };
  }

  beforeAll(async () => {
    org = await createTestOrganization();
    [partner, reviewer] = await Promise.all([org.addUser('Partner'), org.addUser('Reviewer')]);
    environmentId = await environmentWithVariable(org.admin.token, org.projectId, {
      name: 'SECRET',
      value: secret,
    });
    endpointUrl = await endpoint.start();
  });

  afterAll(() => endpoint.stop());

  it('refuses, when a draft is saved, every expression that reads $vars and every {{vars}} outside a secret slot', async () => {
    const flowId = await createdFlowId(partner.token, org.projectId);
    /** A draft of the trigger and one node of this type and configuration. */
    const afterTrigger = (type: FlowNode['type'], config: Record<string, unknown>): FlowGraph =>
      graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          { id: 'leak', type, config },
        ],
        [['trigger', 'leak']],
      );
    const refused: Array<[string, FlowGraph]> = [
      ...[
        '$base64encode($vars.SECRET)',
        '$split($vars.SECRET, "")',
        '$uppercase($vars.SECRET)',
        '$reverse($split($vars.SECRET, ""))',
        '$length($vars.SECRET)',
        '$vars.SECRET = "abc"',
        '"token: " & $vars.SECRET',
        '$error($vars.SECRET)',
        '$lookup($vars, "SECRET")',
        '"{{vars.SECRET}}"',
      ].map((expression): [string, FlowGraph] => [
        expression,
        afterTrigger('utility.transform', { expression }),
      ]),
      [
        'a route condition',
        afterTrigger('control.route', {
          routes: [{ branch: 'yes', when: '$substring($vars.SECRET, 0, 1) = "S"' }],
        }),
      ],
      [
        'an http request body and url',
        afterTrigger('app.http-request', {
          method: 'POST',
          url: `${endpointUrl}?t={{vars.SECRET}}`,
          body: '$vars',
        }),
      ],
    ];
    for (const [what, graph] of refused) {
      const response = await saveDraft(partner.token, flowId, graph);
      expect({ what, status: response.status, code: response.body.code }).toEqual({
        what,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect(response.body.message).toMatch(/vars/);
    }
    const flow = await apiRequest<{ draft: FlowGraph }>('GET', `/flows/${flowId}`, {
      token: partner.token,
    });
    expect(flow.body.draft.nodes.map((node) => node.type)).toEqual(['trigger.api']);
  });

  it('derives nothing from a value at run time, even through $eval, which no save-time check can see', async () => {
    const probes: Array<[string, string]> = [
      ['base64', `$base64encode(${READ})`],
      ['split', `$split(${READ}, "")`],
      ['upper', `$uppercase(${READ})`],
      ['reverse', `$reverse($split(${READ}, ""))`],
      ['length', `$length(${READ})`],
      ['rightGuess', `${READ} = "${secret}"`],
      ['wrongGuess', `${READ} = "abc"`],
      ['concat', `"x" & ${READ}`],
      ['error', `$error("leak " & ${READ})`],
    ];
    const graph = graphOf(
      [
        { id: 'trigger', type: 'trigger.api' },
        ...probes.map(([id, expression]) => ({
          id,
          type: 'utility.transform' as const,
          config: { expression },
        })),
      ],
      probes.map(([id], index): [string, string] => [
        index === 0 ? 'trigger' : probes[index - 1][0],
        id,
      ]),
    );
    const { executionId, done } = await draftRun(graph);
    expect(done.status).toBe('failed');
    expect((done.error as Body).message).toBe('Expression failed: leak ');

    const recorded = await steps(partner.token, executionId);
    const outputOf = (id: string) => recorded.find((step) => step.nodeId === id)?.output;
    expect(Object.fromEntries(probes.slice(0, -1).map(([id]) => [id, outputOf(id)]))).toEqual({
      base64: null,
      split: null,
      upper: null,
      reverse: null,
      length: null,
      // Equal answers for the right and the wrong guess: no comparison oracle.
      rightGuess: false,
      wrongGuess: false,
      concat: 'x',
    });
    for (const [where, response] of [
      [
        'steps',
        await apiRequest('GET', `/flow-executions/${executionId}/steps`, { token: partner.token }),
      ],
      [
        'detail',
        await apiRequest('GET', `/flow-executions/${executionId}`, { token: partner.token }),
      ],
      [
        'list',
        await apiRequest('GET', `/flow-executions?projectId=${org.projectId}&test=true`, {
          token: partner.token,
        }),
      ],
    ] as const) {
      expect(response.status).toBe(200);
      expectNoDerivation(where, response.body);
    }
    // A Reviewer sees no run history at all.
    const byReviewer = await apiRequest('GET', `/flow-executions/${executionId}/steps`, {
      token: reviewer.token,
    });
    expect(byReviewer.status).toBe(401);
  });

  it('sends a value only through a secret slot: the header reaches the endpoint, its echo is masked', async () => {
    const graph = graphOf(
      [
        { id: 'trigger', type: 'trigger.api' },
        {
          id: 'call',
          type: 'app.http-request',
          config: {
            method: 'GET',
            url: endpointUrl,
            headers: { authorization: 'Bearer {{vars.SECRET}}' },
          },
        },
        {
          id: 'reuse',
          type: 'utility.transform',
          config: { expression: '$uppercase(nodes.call.body.youSent.authorization)' },
        },
      ],
      [
        ['trigger', 'call'],
        ['call', 'reuse'],
      ],
    );
    const before = endpoint.received.length;
    const { executionId, done } = await draftRun(graph);
    expect(done.status).toBe('completed');
    expect(endpoint.received.slice(before).map((headers) => headers.authorization)).toEqual([
      `Bearer ${secret}`,
    ]);
    const recorded = await steps(partner.token, executionId);
    expect(recorded.find((step) => step.nodeId === 'call')?.output).toMatchObject({
      status: 200,
      body: { youSent: { authorization: 'Bearer ***' } },
    });
    expect(recorded.find((step) => step.nodeId === 'reuse')?.output).toBe('BEARER ***');
    // The step input shows the configuration as written: the reference, never the value.
    expect(recorded.find((step) => step.nodeId === 'call')?.input).toMatchObject({
      config: { headers: { authorization: 'Bearer {{vars.SECRET}}' } },
    });
    expectNoDerivation('steps', recorded);
  });

  it('masks the run input in the execution detail exactly as its steps do (finding 10)', async () => {
    const graph = graphOf(
      [
        { id: 'trigger', type: 'trigger.api' },
        { id: 'pass', type: 'utility.transform', config: { expression: '"done"' } },
      ],
      [['trigger', 'pass']],
    );
    const { executionId, done } = await draftRun(graph, { apiToken: secret, note: 'plain' });
    expect(done.status).toBe('completed');
    expect(done.input).toEqual({ apiToken: '***', note: 'plain' });
    const recorded = await steps(partner.token, executionId);
    expect((recorded.find((step) => step.nodeId === 'pass')?.input as Body).input).toEqual(
      done.input,
    );
    const byAdmin = await apiRequest<Body>('GET', `/flow-executions/${executionId}`, {
      token: org.admin.token,
    });
    expect(byAdmin.body.input).toEqual({ apiToken: '***', note: 'plain' });
  });
});
