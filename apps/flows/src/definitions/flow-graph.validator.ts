import { FlowEdge, FlowGraph, FlowNode, isTriggerType } from '@docket/contracts';
import { loopBody, loopEntries } from '@docket/flow-graph';
import { branchesOf, nodeConfigProblems } from '@docket/nodes';
import { DocketException } from '@docket/platform';

export interface GraphProblem {
  /** The node the problem is about; absent for problems of the graph as a whole. */
  nodeId?: string;
  reason: string;
}

/**
 * Whether a graph is a runnable flow: exactly one trigger, every edge between existing nodes,
 * every node reachable from the trigger, no cycle except through a for-each loop, branch
 * labels that the source node can produce, and each node's configuration valid for its type.
 */
export function graphProblems(graph: FlowGraph): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const nodes = new Map<string, FlowNode>();
  for (const node of graph.nodes) {
    if (nodes.has(node.id)) problems.push({ nodeId: node.id, reason: 'node id is used twice' });
    nodes.set(node.id, node);
  }
  const triggers = graph.nodes.filter((node) => isTriggerType(node.type));
  if (triggers.length !== 1) {
    problems.push({ reason: `a flow has exactly one trigger; this one has ${triggers.length}` });
  }

  const seen = new Set<string>();
  for (const edge of graph.edges) {
    const label = `edge ${edge.from} -> ${edge.to}`;
    if (!nodes.has(edge.from)) problems.push({ reason: `${label} starts at an unknown node` });
    if (!nodes.has(edge.to))
      problems.push({ nodeId: edge.from, reason: `${label} points at an unknown node` });
    if (edge.from === edge.to)
      problems.push({ nodeId: edge.from, reason: `${label} connects the node to itself` });
    const key = `${edge.from}>${edge.to}>${edge.branch ?? ''}`;
    if (seen.has(key)) problems.push({ nodeId: edge.from, reason: `${label} appears twice` });
    seen.add(key);
    const target = nodes.get(edge.to);
    if (target && isTriggerType(target.type)) {
      problems.push({ nodeId: edge.to, reason: 'a trigger cannot have incoming edges' });
    }
    const source = nodes.get(edge.from);
    if (source) problems.push(...branchProblems(source, edge));
  }

  for (const node of graph.nodes) {
    for (const reason of nodeConfigProblems(node.type, node.config)) {
      problems.push({ nodeId: node.id, reason });
    }
  }
  if (problems.length > 0 || triggers.length !== 1) return problems;

  problems.push(...reachabilityProblems(graph, triggers[0].id));
  problems.push(...loopProblems(graph, nodes));
  return problems;
}

export function assertValidGraph(graph: FlowGraph): void {
  const problems = graphProblems(graph);
  if (problems.length === 0) return;
  const first = problems[0];
  const where = first.nodeId ? `node ${first.nodeId}: ` : '';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem(s))` : '';
  throw DocketException.invalid(`Invalid flow: ${where}${first.reason}${more}`, {
    nodeId: first.nodeId,
    reason: first.reason,
    problems,
  });
}

function branchProblems(source: FlowNode, edge: FlowEdge): GraphProblem[] {
  const branches = branchesOf(source.type, source.config);
  if (branches.length === 0) {
    return edge.branch === undefined
      ? []
      : [
          {
            nodeId: source.id,
            reason: `${source.type} has no branches; remove branch "${edge.branch}"`,
          },
        ];
  }
  if (edge.branch === undefined) {
    return source.type === 'control.for-each'
      ? [{ nodeId: source.id, reason: `edges from a for-each need branch "body" or "done"` }]
      : [];
  }
  return branches.includes(edge.branch)
    ? []
    : [
        {
          nodeId: source.id,
          reason: `branch "${edge.branch}" is not one of ${branches.join(', ')}`,
        },
      ];
}

function reachabilityProblems(graph: FlowGraph, triggerId: string): GraphProblem[] {
  const reached = new Set([triggerId]);
  const queue = [triggerId];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    for (const edge of graph.edges) {
      if (edge.from === id && !reached.has(edge.to)) {
        reached.add(edge.to);
        queue.push(edge.to);
      }
    }
  }
  return graph.nodes
    .filter((node) => !reached.has(node.id))
    .map((node) => ({ nodeId: node.id, reason: 'node is not reachable from the trigger' }));
}

/**
 * Cycles are allowed only as for-each loops: the body (reachable from the loop's `body` edges
 * without passing the loop node) may only lead back to the loop node or stay inside; once the
 * edges back to loop nodes are set aside, the graph must be acyclic.
 */
function loopProblems(graph: FlowGraph, nodes: Map<string, FlowNode>): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const backEdges = new Set<FlowEdge>();
  const inSomeBody = new Set<string>();
  for (const loop of graph.nodes.filter((node) => node.type === 'control.for-each')) {
    const entries = loopEntries(graph.edges, loop.id);
    if (entries.length === 0) {
      problems.push({ nodeId: loop.id, reason: 'a for-each needs a "body" edge' });
      continue;
    }
    const body = loopBody(graph.edges, entries, loop.id);
    for (const id of body) {
      if (inSomeBody.has(id))
        problems.push({ nodeId: id, reason: 'node belongs to two loop bodies' });
      inSomeBody.add(id);
      if (nodes.get(id)?.type === 'control.for-each') {
        problems.push({
          nodeId: id,
          reason: 'a for-each inside another for-each is not supported',
        });
      }
      if (nodes.get(id)?.type === 'action.review') {
        problems.push({ nodeId: id, reason: 'a review node cannot sit inside a for-each body' });
      }
    }
    for (const edge of graph.edges) {
      if (body.has(edge.from) && edge.to === loop.id) backEdges.add(edge);
      else if (body.has(edge.from) && !body.has(edge.to)) {
        problems.push({
          nodeId: edge.from,
          reason: `edge ${edge.from} -> ${edge.to} leaves the body of for-each ${loop.id}; body paths lead back to the for-each, which continues on its "done" edge`,
        });
      }
      if (!body.has(edge.from) && edge.from !== loop.id && body.has(edge.to)) {
        problems.push({
          nodeId: edge.to,
          reason: `node is inside the body of for-each ${loop.id} but entered from ${edge.from}`,
        });
      }
    }
    for (const entry of entries) {
      const others = graph.edges.filter((edge) => edge.to === entry && edge.from !== loop.id);
      if (others.length > 0) {
        problems.push({
          nodeId: entry,
          reason: 'the first node of a loop body can only be entered by the loop',
        });
      }
    }
  }
  const cyclic = nodeOnCycle(graph, backEdges);
  if (cyclic)
    problems.push({ nodeId: cyclic, reason: 'node is on a cycle; only a for-each may loop' });
  return problems;
}

/** Depth-first search for a cycle, ignoring loop-back edges; returns a node on it. */
function nodeOnCycle(graph: FlowGraph, ignored: Set<FlowEdge>): string | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const outgoing = (id: string) =>
    graph.edges.filter((edge) => edge.from === id && !ignored.has(edge));
  const visit = (id: string): string | undefined => {
    state.set(id, 'open');
    for (const edge of outgoing(id)) {
      const next = state.get(edge.to);
      if (next === 'open') return edge.to;
      if (next === undefined) {
        const found = visit(edge.to);
        if (found) return found;
      }
    }
    state.set(id, 'done');
    return undefined;
  };
  for (const node of graph.nodes) {
    if (!state.has(node.id)) {
      const found = visit(node.id);
      if (found) return found;
    }
  }
  return undefined;
}
