import { FlowGraph, isAiType } from '@docket/contracts';
import { Actor, DocketException, isAllowed } from '@docket/platform';

/**
 * Only roles with `ai.use` (Admin) may add, change or remove AI intelligence nodes; a Partner
 * may edit everything else around them. Compared by node id, type and configuration.
 */
export function assertMayChangeAiNodes(
  actor: Actor,
  before: FlowGraph | null,
  after: FlowGraph,
): void {
  if (isAllowed(actor.role, 'ai.use')) return;
  const previous = aiNodes(before);
  const next = aiNodes(after);
  const changed =
    previous.size !== next.size || [...next].some(([id, shape]) => previous.get(id) !== shape);
  if (changed) {
    throw DocketException.denied(
      `Role ${actor.role} may not add, change or remove AI intelligence nodes (ai.use)`,
    );
  }
}

function aiNodes(graph: FlowGraph | null): Map<string, string> {
  return new Map(
    (graph?.nodes ?? [])
      .filter((node) => isAiType(node.type))
      .map((node) => [node.id, canonicalJson([node.type, node.config ?? {}])]),
  );
}

/** Key order must not count as a change. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
