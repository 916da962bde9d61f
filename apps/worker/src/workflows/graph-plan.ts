import type { FlowEdge, FlowGraph, FlowNode } from '@docket/contracts';
import { LOOP_BODY_BRANCH, loopBody, loopEntries } from '@docket/flow-graph';

/**
 * The static shape of a flow graph as the interpreter walks it: which nodes form the main
 * region, which form the body of each for-each loop, and the edges inside each region. Pure
 * and deterministic (it runs inside the workflow sandbox); the flows service has already
 * validated the graph, so a malformed one here is a programming error.
 */
export interface Region {
  nodeIds: string[];
  /** Edges whose both ends are in the region (loop-back edges excluded). */
  edges: FlowEdge[];
  /** Where execution enters the region. */
  entries: string[];
}

export interface GraphPlan {
  nodes: Map<string, FlowNode>;
  order: Map<string, number>;
  main: Region;
  /** for-each node id -> its body region. */
  loops: Map<string, Region>;
}

export function planGraph(graph: FlowGraph): GraphPlan {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const order = new Map(graph.nodes.map((node, index) => [node.id, index]));
  const trigger = graph.nodes.find((node) => node.type.startsWith('trigger.'));
  if (!trigger) throw new Error('graph has no trigger');

  const loops = new Map<string, Region>();
  const inBody = new Set<string>();
  for (const node of graph.nodes) {
    if (node.type !== 'control.for-each') continue;
    const entries = loopEntries(graph.edges, node.id);
    const body = loopBody(graph.edges, entries, node.id);
    body.forEach((id) => inBody.add(id));
    loops.set(node.id, regionOf(graph, body, entries, order));
  }
  const mainIds = graph.nodes.map((node) => node.id).filter((id) => !inBody.has(id));
  return { nodes, order, main: regionOf(graph, new Set(mainIds), [trigger.id], order), loops };
}

function regionOf(
  graph: FlowGraph,
  ids: Set<string>,
  entries: string[],
  order: Map<string, number>,
): Region {
  const sorted = [...ids].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return {
    nodeIds: sorted,
    edges: graph.edges.filter((edge) => ids.has(edge.from) && ids.has(edge.to)),
    entries: [...new Set(entries)],
  };
}

/**
 * Which outgoing edges a finished node follows. Branching nodes (route, review, for-each)
 * name a branch; an edge without a branch label counts as the node's default outcome.
 */
export function followedEdges(
  node: FlowNode,
  outgoing: FlowEdge[],
  branch: string | undefined,
): FlowEdge[] {
  if (branch === undefined) return outgoing.filter((edge) => edge.branch !== LOOP_BODY_BRANCH);
  const fallback = DEFAULT_BRANCH[node.type];
  return outgoing.filter((edge) => (edge.branch ?? fallback) === branch);
}

const DEFAULT_BRANCH: Record<string, string> = {
  'control.route': 'default',
  'action.review': 'submitted',
  'control.for-each': 'done',
};
