import type { FlowEdge } from '@docket/contracts';

/** The branch of a for-each whose edges enter its loop body. */
export const LOOP_BODY_BRANCH = 'body';

/** The nodes a for-each's `body` edges lead to: where each iteration starts. */
export function loopEntries(edges: FlowEdge[], loopId: string): string[] {
  return edges
    .filter((edge) => edge.from === loopId && edge.branch === LOOP_BODY_BRANCH)
    .map((edge) => edge.to);
}

/**
 * The body of a loop: its entry nodes, and every node reachable from them (not passing the loop
 * node) that leads back to the loop node. A node reachable from the body that never returns is
 * outside it, so the validator reports an edge to it as leaving the body; in a valid graph the
 * body is therefore everything reachable from the entries without passing the loop node.
 */
export function loopBody(edges: FlowEdge[], entries: string[], loopId: string): Set<string> {
  const reachable = reachableWithout(edges, entries, loopId);
  const returning = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const edge of edges) {
      if (!reachable.has(edge.from) || returning.has(edge.from)) continue;
      if (edge.to === loopId || returning.has(edge.to)) {
        returning.add(edge.from);
        grew = true;
      }
    }
  }
  return new Set([...entries.filter((id) => id !== loopId), ...returning]);
}

/** Nodes reachable from `starts` (themselves included) without passing through `stop`. */
export function reachableWithout(edges: FlowEdge[], starts: string[], stop: string): Set<string> {
  const seen = new Set<string>();
  const queue = starts.filter((id) => id !== stop);
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const edge of edges) {
      if (edge.from === id && edge.to !== stop && !seen.has(edge.to)) queue.push(edge.to);
    }
  }
  return seen;
}
