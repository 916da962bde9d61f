import type { FlowGraph } from '@docket/contracts';
import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';
import fc from 'fast-check';

import { Body, graphOf, liveFlow, startedRun, steps, waitForStatus } from './support/flows-api';

/**
 * Issue 30, item 2: a run's step times come from one clock, so they tell the order things
 * happened in. Every step starts no earlier than its run and no earlier than the end of each
 * step it follows, and ends no later than its run. (Delay steps were stamped with workflow
 * time, which stands still while a workflow task runs its local activities: they started
 * before their run and before the step they follow.)
 */
type Piece = 'transform' | 'delay';
/** A flow's shape after its trigger: steps in a row, or a route into two rows and a join. */
type Segment = { kind: 'line'; piece: Piece } | { kind: 'branch'; left: Piece[]; right: Piece[] };

const piece = fc.constantFrom<Piece>('transform', 'delay');
const segment: fc.Arbitrary<Segment> = fc.oneof(
  piece.map((p): Segment => ({ kind: 'line', piece: p })),
  fc
    .tuple(fc.array(piece, { minLength: 1, maxLength: 2 }), fc.array(piece, { maxLength: 2 }))
    .map(([left, right]): Segment => ({ kind: 'branch', left, right })),
);
const flowShape = fc.record({
  segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
  /** Which way each route goes. */
  n: fc.integer({ min: -1, max: 1 }),
});

function flowOf(segments: Segment[]): FlowGraph {
  const nodes: FlowGraph['nodes'] = [{ id: 'trigger', type: 'trigger.api' }];
  const edges: Array<[string, string, string?]> = [];
  let count = 0;
  const add = (kind: Piece, from: string, branch?: string): string => {
    const id = `n${++count}`;
    nodes.push(
      kind === 'delay'
        ? { id, type: 'utility.delay', config: { seconds: 1 } }
        : { id, type: 'utility.transform', config: { expression: `"${id}"` } },
    );
    edges.push(branch ? [from, id, branch] : [from, id]);
    return id;
  };
  let last = 'trigger';
  for (const part of segments) {
    if (part.kind === 'line') {
      last = add(part.piece, last);
      continue;
    }
    const route = `r${++count}`;
    nodes.push({
      id: route,
      type: 'control.route',
      config: { routes: [{ branch: 'left', when: 'input.n >= 0' }] },
    });
    edges.push([last, route]);
    const join = `j${++count}`;
    const row = (pieces: Piece[], branch: string) => {
      let end = route;
      pieces.forEach((p, index) => (end = add(p, end, index === 0 ? branch : undefined)));
      if (end === route) edges.push([route, join, branch]);
      else edges.push([end, join]);
    };
    row(part.left, 'left');
    row(part.right, 'default');
    nodes.push({ id: join, type: 'control.join' });
    last = join;
  }
  return graphOf(nodes, edges);
}

describe('step times tell the order things happened in', () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createTestOrganization();
  });

  /** Each step within its run, and after the end of every step it follows. */
  function expectCausal(graph: FlowGraph, run: Body, recorded: Body[]): void {
    const byNode = new Map(recorded.map((step) => [step.nodeId as string, step]));
    const at = (value: unknown) => Date.parse(value as string);
    const problems: string[] = [];
    for (const step of recorded) {
      if (at(step.startedAt) < at(run.startedAt)) problems.push(`${step.nodeId} before the run`);
      if (at(step.completedAt) > at(run.completedAt)) problems.push(`${step.nodeId} after it`);
      if (at(step.completedAt) < at(step.startedAt)) problems.push(`${step.nodeId} ends first`);
    }
    for (const edge of graph.edges) {
      const [from, to] = [byNode.get(edge.from), byNode.get(edge.to)];
      if (from && to && at(to.startedAt) < at(from.completedAt)) {
        problems.push(`${edge.to} started before ${edge.from} ended`);
      }
    }
    expect({ problems, recorded: problems.length ? recorded : [] }).toEqual({
      problems: [],
      recorded: [],
    });
  }

  it('over random linear and branching flows of transforms, delays and routes', async () => {
    await fc.assert(
      fc.asyncProperty(flowShape, async ({ segments, n }) => {
        const graph = flowOf(segments);
        const flowId = await liveFlow(org.admin.token, org.projectId, graph);
        const executionId = await startedRun(org.admin.token, flowId, { input: { n } });
        const run = await waitForStatus(org.admin.token, executionId, ['completed', 'failed']);
        expect(run.status).toBe('completed');
        expectCausal(graph, run, await steps(org.admin.token, executionId));
      }),
      { numRuns: 8 },
    );
  }, 120_000);

  it('a delay after a review starts once the review has ended', async () => {
    const graph = graphOf(
      [
        { id: 'trigger', type: 'trigger.api' },
        { id: 'review', type: 'action.review' },
        { id: 'wait', type: 'utility.delay', config: { seconds: 1 } },
        { id: 'after', type: 'utility.transform', config: { expression: '1' } },
      ],
      [
        ['trigger', 'review'],
        ['review', 'wait', 'submitted'],
        ['wait', 'after'],
      ],
    );
    const flowId = await liveFlow(org.admin.token, org.projectId, graph);
    const executionId = await startedRun(org.admin.token, flowId);
    const waiting = await waitForStatus(org.admin.token, executionId, ['in_review']);
    const itemId = (waiting.itemIds as string[])[0];
    const token = org.admin.token;
    expect((await apiRequest('POST', `/items/${itemId}/lock`, { token })).status).toBe(200);
    expect((await apiRequest('POST', `/items/${itemId}/submit`, { token })).status).toBe(200);
    const run = await waitForStatus(token, executionId, ['completed', 'failed']);
    expect(run.status).toBe('completed');
    const recorded = await steps(token, executionId);
    expect(recorded.map((step) => step.nodeId)).toEqual(['trigger', 'review', 'wait', 'after']);
    expectCausal(graph, run, recorded);
  });
});
