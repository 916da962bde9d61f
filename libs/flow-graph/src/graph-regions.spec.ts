import type { FlowEdge } from '@docket/contracts';

import { loopBody, loopEntries, reachableWithout } from './graph-regions';

const edges = (...pairs: Array<[string, string, string?]>): FlowEdge[] =>
  pairs.map(([from, to, branch]) => (branch ? { from, to, branch } : { from, to }));

describe('graph regions', () => {
  // t -> each; each =body=> a -> b -> each; a -> c (c never returns); each =done=> end.
  const loopGraph = edges(
    ['t', 'each'],
    ['each', 'a', 'body'],
    ['a', 'b'],
    ['b', 'each'],
    ['a', 'c'],
    ['each', 'end', 'done'],
  );

  it('finds where a for-each body starts from its "body" edges only', () => {
    expect(loopEntries(loopGraph, 'each')).toEqual(['a']);
    expect(loopEntries(loopGraph, 't')).toEqual([]);
  });

  it('reaches every node from the starts without passing the stop node', () => {
    expect([...reachableWithout(loopGraph, ['a'], 'each')].sort()).toEqual(['a', 'b', 'c']);
    expect([...reachableWithout(loopGraph, ['t'], 'each')]).toEqual(['t']);
    expect([...reachableWithout(loopGraph, ['each'], 'each')]).toEqual([]);
  });

  it('counts into a loop body only the nodes that lead back to the loop, and its entries', () => {
    expect([...loopBody(loopGraph, ['a'], 'each')].sort()).toEqual(['a', 'b']);
  });

  it('keeps a body entry that ends the iteration without an edge back', () => {
    const deadEnd = edges(['t', 'each'], ['each', 'a', 'body'], ['each', 'end', 'done']);
    expect([...loopBody(deadEnd, ['a'], 'each')]).toEqual(['a']);
  });

  it('equals the reachable region for a body whose every path returns', () => {
    const diamond = edges(
      ['each', 'a', 'body'],
      ['a', 'l'],
      ['a', 'r'],
      ['l', 'j'],
      ['r', 'j'],
      ['j', 'each'],
    );
    const body = loopBody(diamond, ['a'], 'each');
    expect([...body].sort()).toEqual([...reachableWithout(diamond, ['a'], 'each')].sort());
    expect(body.size).toBe(4);
  });
});
