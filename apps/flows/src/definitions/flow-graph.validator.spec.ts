import type { FlowGraph } from '@docket/contracts';
import { DocketException } from '@docket/platform';

import { assertValidGraph, graphProblems } from './flow-graph.validator';

const transform = (id: string, expression = '1') => ({
  id,
  type: 'utility.transform' as const,
  config: { expression },
});

function graph(nodes: FlowGraph['nodes'], edges: Array<[string, string, string?]>): FlowGraph {
  return {
    nodes,
    edges: edges.map(([from, to, branch]) => (branch ? { from, to, branch } : { from, to })),
  };
}

describe('flow graph validation', () => {
  it('accepts a loop whose body returns to the for-each, and a route with a join', () => {
    const valid = graph(
      [
        { id: 't', type: 'trigger.api' },
        { id: 'each', type: 'control.for-each', config: { items: 'input.list' } },
        transform('a'),
        transform('b'),
        { id: 'r', type: 'control.route', config: { routes: [{ branch: 'x', when: 'true' }] } },
        transform('left'),
        transform('right'),
        { id: 'j', type: 'control.join' },
      ],
      [
        ['t', 'each'],
        ['each', 'a', 'body'],
        ['a', 'b'],
        ['b', 'each'],
        ['each', 'r', 'done'],
        ['r', 'left', 'x'],
        ['r', 'right'],
        ['left', 'j'],
        ['right', 'j'],
      ],
    );
    expect(graphProblems(valid)).toEqual([]);
  });

  it('names the node and the reason of the first problem', () => {
    const invalid = graph([{ id: 't', type: 'trigger.api' }, transform('x', '1 +')], [['t', 'x']]);
    try {
      assertValidGraph(invalid);
      throw new Error('expected a validation failure');
    } catch (error) {
      expect(error).toBeInstanceOf(DocketException);
      const failure = error as DocketException;
      expect(failure.code).toBe('VALIDATION_FAILED');
      expect(failure.message).toMatch(
        /^Invalid flow: node x: expression is not a valid expression/,
      );
      expect(failure.details).toMatchObject({ nodeId: 'x' });
    }
  });

  it('refuses a cycle that does not pass through a for-each', () => {
    const cyclic = graph(
      [{ id: 't', type: 'trigger.api' }, transform('a'), transform('b')],
      [
        ['t', 'a'],
        ['a', 'b'],
        ['b', 'a'],
      ],
    );
    expect(graphProblems(cyclic)).toEqual([
      { nodeId: 'a', reason: 'node is on a cycle; only a for-each may loop' },
    ]);
  });

  it('refuses entering a loop body from outside and leaving it sideways', () => {
    const leaky = graph(
      [
        { id: 't', type: 'trigger.api' },
        { id: 'each', type: 'control.for-each' },
        transform('a'),
        transform('out'),
      ],
      [
        ['t', 'each'],
        ['each', 'a', 'body'],
        ['a', 'out'],
        ['each', 'out', 'done'],
      ],
    );
    expect(graphProblems(leaky).map((p) => p.nodeId)).toContain('a');
  });

  it('refuses duplicate ids, duplicate edges and a second trigger', () => {
    const messy = graph(
      [{ id: 't', type: 'trigger.api' }, { id: 't', type: 'trigger.file' }, transform('a')],
      [
        ['t', 'a'],
        ['t', 'a'],
      ],
    );
    const reasons = graphProblems(messy).map((p) => p.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'node id is used twice',
        'a flow has exactly one trigger; this one has 2',
        'edge t -> a appears twice',
      ]),
    );
  });

  it('checks each node configuration for its type', () => {
    const badConfigs = graph(
      [
        { id: 't', type: 'trigger.schedule', config: { cron: 'every day' } },
        { id: 'w', type: 'utility.delay', config: { seconds: 0 } },
        { id: 'h', type: 'app.http-request', config: { method: 'FETCH', url: 'https://x.test' } },
        { id: 'e', type: 'ai.extract', config: { fields: [{ key: 'amount', type: 'currency' }] } },
      ],
      [
        ['t', 'w'],
        ['w', 'h'],
        ['h', 'e'],
      ],
    );
    expect(graphProblems(badConfigs)).toEqual([
      { nodeId: 't', reason: 'cron must be a five-field cron expression, e.g. "0 7 * * 1-5"' },
      { nodeId: 'w', reason: 'seconds must be a whole number from 1 to 604800' },
      { nodeId: 'h', reason: 'method must be one of GET, POST, PUT, PATCH, DELETE' },
      {
        nodeId: 'e',
        reason:
          'fields[0].type must be one of string, number, money, date, boolean, enum, table, object',
      },
    ]);
  });
});

describe('extraction field configuration', () => {
  const extractNode = (fields: unknown[]) =>
    graph(
      [
        { id: 't', type: 'trigger.api' },
        { id: 'e', type: 'ai.extract', config: { fields } as never },
      ],
      [['t', 'e']],
    );
  const reasons = (fields: unknown[]) => graphProblems(extractNode(fields)).map((p) => p.reason);

  it('accepts the settings of each field type, a plain label at 200 characters', () => {
    expect(
      reasons([
        { key: 'policy_number', type: 'string', label: 'P'.repeat(200), extraLines: 1 },
        { key: 'loss_date', type: 'date', label: 'Date of loss', dateOrder: 'DMY' },
        {
          key: 'lines',
          type: 'table',
          columns: [
            { key: 'amount', type: 'money', label: 'Amount', defaultCurrency: 'EUR' },
            { key: 'description', label: 'Description' },
          ],
          stopLabels: ['Total'],
        },
      ]),
    ).toEqual([]);
  });

  it('refuses unknown settings, settings of another type and a label past 200 characters', () => {
    expect(
      reasons([
        { key: 'a', type: 'string', lable: 'Name' },
        { key: 'b', type: 'date', decimals: 2 },
        { key: 'c', type: 'string', label: 'P'.repeat(201) },
        { key: 'd', type: 'table', columns: [{ key: 'x', type: 'string', header: 'X' }] },
        { key: 'e', type: 'string', synonyms: 'Phone' },
        { key: 'f', label: 'No type' },
      ]),
    ).toEqual([
      'fields[0]: unknown setting lable',
      'fields[1]: unknown setting decimals',
      'fields[2].label must be text of 1 to 200 characters',
      'fields[3].columns[0]: unknown setting header',
      'fields[4].synonyms must be a list of texts of at most 200 characters',
      'fields[5].type must be one of string, number, money, date, boolean, enum, table, object',
    ]);
  });

  it('lets variables into secret slots only: http request headers, never expressions', () => {
    const withNode = (node: FlowGraph['nodes'][number]) =>
      graphProblems(graph([{ id: 't', type: 'trigger.api' }, node], [['t', node.id]])).map(
        (problem) => problem.reason,
      );
    const call = (config: Record<string, unknown>) =>
      withNode({ id: 'call', type: 'app.http-request', config: { method: 'GET', ...config } });
    expect(
      call({ url: 'https://x.test/', headers: { authorization: 'Bearer {{ vars.TOKEN }}' } }),
    ).toEqual([]);
    expect(call({ url: 'https://x.test/{{vars.TOKEN}}' })).toEqual([
      'url must not reference a variable: {{vars.NAME}} is allowed only in headers',
    ]);
    expect(call({ url: 'https://x.test/', body: '$vars.TOKEN' })).toEqual([
      'body must not read $vars: variable values are not readable by expressions',
    ]);
    expect(withNode(transform('leak', '$length($lookup($vars, "TOKEN"))'))).toEqual([
      'expression must not read $vars: variable values are not readable by expressions',
    ]);
    expect(withNode(transform('leak', '"{{vars.TOKEN}}"'))).toEqual([
      'expression must not reference a variable: {{vars.NAME}} is allowed only in the headers ' +
        'of an app.http-request node',
    ]);
    // A name that merely starts with "vars" is another variable.
    expect(withNode(transform('ok', '$variance := 1'))).toEqual([]);
  });
});
