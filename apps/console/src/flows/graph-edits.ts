import type { Schemas } from '../api/client';

export type FlowGraph = Schemas['FlowGraphInput'];
export type FlowNode = FlowGraph['nodes'][number];
export type NodeType = FlowNode['type'];
export type NodeTypeInfo = Schemas['NodeTypeRecord'];

/** A node id from its type's last word (`ai.extract` → `extract`, then `extract-2`, ...). */
export function freshNodeId(graph: FlowGraph, type: string): string {
  const base = type.split('.').pop() ?? 'node';
  const taken = new Set(graph.nodes.map((node) => node.id));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** The branch a new edge from this node takes first (a review's `submitted`, a route's `default`). */
export function firstBranch(source: FlowNode, info: NodeTypeInfo | undefined): string | undefined {
  if (!info) return undefined;
  if (info.branches === null) return 'default';
  return info.branches[0];
}

/** Branches an edge from this node may carry; empty for plain edges. */
export function branchesOf(source: FlowNode, info: NodeTypeInfo | undefined): string[] {
  if (!info) return [];
  if (info.branches !== null) return info.branches;
  const routes = Array.isArray(source.config?.routes)
    ? (source.config.routes as Array<{ branch?: unknown }>)
    : [];
  return [...routes.map((route) => String(route.branch ?? '')).filter(Boolean), 'default'];
}

/** Adds a node of the type, connected from `fromId` when given; answers the new node's id. */
export function addNode(
  graph: FlowGraph,
  info: NodeTypeInfo,
  from: { node: FlowNode; info: NodeTypeInfo | undefined } | null,
): { graph: FlowGraph; nodeId: string } {
  const nodeId = freshNodeId(graph, info.type);
  const node: FlowNode = { id: nodeId, type: info.type, name: info.title, config: {} };
  const edges = [...graph.edges];
  if (from && !info.type.startsWith('trigger.')) {
    const branch = firstBranch(from.node, from.info);
    edges.push({ from: from.node.id, to: nodeId, ...(branch ? { branch } : {}) });
  }
  return { graph: { nodes: [...graph.nodes, node], edges }, nodeId };
}

export function removeNode(graph: FlowGraph, nodeId: string): FlowGraph {
  return {
    nodes: graph.nodes.filter((node) => node.id !== nodeId),
    edges: graph.edges.filter((edge) => edge.from !== nodeId && edge.to !== nodeId),
  };
}

export function updateNode(graph: FlowGraph, nodeId: string, change: Partial<FlowNode>): FlowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) => (node.id === nodeId ? { ...node, ...change } : node)),
  };
}

export function addEdge(graph: FlowGraph, edge: FlowGraph['edges'][number]): FlowGraph {
  const same = (e: FlowGraph['edges'][number]) =>
    e.from === edge.from && e.to === edge.to && (e.branch ?? '') === (edge.branch ?? '');
  return graph.edges.some(same) ? graph : { ...graph, edges: [...graph.edges, edge] };
}

export function removeEdge(graph: FlowGraph, index: number): FlowGraph {
  return { ...graph, edges: graph.edges.filter((_, i) => i !== index) };
}

/**
 * The problems of a refused save, per node: the API's 400 names them in details.problems
 * ({nodeId?, reason}); a problem of the whole graph is listed under ''.
 */
export function problemsByNode(error: unknown): Map<string, string[]> {
  const byNode = new Map<string, string[]>();
  const details =
    error && typeof error === 'object' && 'details' in error
      ? (error as { details?: { problems?: unknown; nodeId?: unknown; reason?: unknown } }).details
      : undefined;
  const list = Array.isArray(details?.problems)
    ? (details.problems as Array<{ nodeId?: string; reason?: string }>)
    : details?.reason
      ? [{ nodeId: details.nodeId as string | undefined, reason: String(details.reason) }]
      : [];
  for (const problem of list) {
    const key = problem.nodeId ?? '';
    byNode.set(key, [...(byNode.get(key) ?? []), problem.reason ?? 'invalid']);
  }
  return byNode;
}
