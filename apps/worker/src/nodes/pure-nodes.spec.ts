import type { FlowNode } from '@docket/contracts';

import type { NodeExecution, RunData } from '../workflows/flow-activities.types';
import { ExpressionBudgetExceeded } from './expressions/expression-evaluator';
import { NodeError } from './node-error';
import { evaluatePureNode, isPureNode, MAX_FOR_EACH_ITEMS } from './pure-nodes';

const data: RunData = {
  input: { n: 3, list: [1, 2, 3] },
  trigger: 'api',
  fileIds: [],
  documents: [],
  nodes: { double: { n: 6 } },
};

function execution(node: FlowNode, extra: Partial<NodeExecution> = {}): NodeExecution {
  return {
    run: {} as NodeExecution['run'],
    node,
    stepKey: node.id,
    sequence: 1,
    data,
    ...extra,
  };
}

describe('pure nodes', () => {
  it('are the triggers, transforms, routes, for-each and joins; nothing with I/O', () => {
    expect(isPureNode('utility.transform')).toBe(true);
    expect(isPureNode('control.route')).toBe(true);
    expect(isPureNode('trigger.file')).toBe(true);
    expect(isPureNode('utility.delay')).toBe(false);
    expect(isPureNode('app.http-request')).toBe(false);
    expect(isPureNode('ai.extract')).toBe(false);
  });

  it('a transform answers its expression over the run data', async () => {
    const node: FlowNode = {
      id: 'label',
      type: 'utility.transform',
      config: { expression: '"run " & nodes.double.n' },
    };
    expect(await evaluatePureNode(execution(node), 10_000)).toEqual({ output: 'run 6' });
  });

  it('a route takes the first truthy condition, else default', async () => {
    const node = (when: string): FlowNode => ({
      id: 'route',
      type: 'control.route',
      config: { routes: [{ branch: 'big', when }] },
    });
    expect(await evaluatePureNode(execution(node('input.n > 2')))).toEqual({
      output: { branch: 'big' },
      branch: 'big',
    });
    expect(await evaluatePureNode(execution(node('input.n > 5')))).toEqual({
      output: { branch: 'default' },
      branch: 'default',
    });
  });

  it('a join gathers the outputs of the upstream nodes that ran', async () => {
    const node: FlowNode = { id: 'join', type: 'control.join' };
    const outcome = await evaluatePureNode(execution(node, { upstream: ['double', 'skipped'] }));
    expect(outcome).toEqual({ output: { double: { n: 6 } } });
  });

  it(`a for-each takes up to ${MAX_FOR_EACH_ITEMS} elements and refuses one more`, async () => {
    const node = (count: number): FlowNode => ({
      id: 'each',
      type: 'control.for-each',
      config: { items: `[1..${count}]` },
    });
    const atLimit = await evaluatePureNode(execution(node(MAX_FOR_EACH_ITEMS)));
    expect((atLimit.output as { count: number }).count).toBe(MAX_FOR_EACH_ITEMS);
    await expect(evaluatePureNode(execution(node(MAX_FOR_EACH_ITEMS + 1)))).rejects.toMatchObject({
      code: 'TOO_MANY_ITEMS',
    });
  });

  it('a bad expression is a final node error, budget or not', async () => {
    const node: FlowNode = { id: 't', type: 'utility.transform', config: { expression: '(' } };
    for (const budget of [undefined, 10_000]) {
      const failure = await evaluatePureNode(execution(node), budget).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(NodeError);
      expect(failure).toMatchObject({ code: 'EXPRESSION_INVALID', retryable: false });
    }
  });

  it('an expression over the step budget says so, and evaluates without a budget', async () => {
    const node: FlowNode = {
      id: 't',
      type: 'utility.transform',
      config: { expression: '$sum([1..100].($ * 2))' },
    };
    const failure = await evaluatePureNode(execution(node), 100).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ExpressionBudgetExceeded);
    expect(await evaluatePureNode(execution(node))).toEqual({ output: 10_100 });
    expect(await evaluatePureNode(execution(node), 5_000)).toEqual({ output: 10_100 });
  });
});
