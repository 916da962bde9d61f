import { Graph, layout } from '@dagrejs/dagre';
import { useMemo } from 'react';

import type { Schemas } from '../api/client';

export type FlowGraphData = Schemas['FlowGraphInput'];

const NODE_WIDTH = 190;
const NODE_HEIGHT = 54;
const MARGIN = 16;

interface Placed {
  id: string;
  type: string;
  name: string;
  x: number;
  y: number;
}

interface Drawn {
  from: string;
  to: string;
  branch?: string;
  points: Array<{ x: number; y: number }>;
  /** Where dagre left room for the branch name. */
  labelAt?: { x: number; y: number };
}

/**
 * Places the nodes with dagre's layered layout (top to bottom, the trigger first): flows are
 * directed graphs whose loops go only through a for-each, which is the case layered layout
 * draws best, and dagre computes it synchronously in the browser with no DOM of its own.
 */
function place(graph: FlowGraphData): { nodes: Placed[]; edges: Drawn[]; w: number; h: number } {
  const g = new Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 44, marginx: MARGIN, marginy: MARGIN });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  const known = new Set(graph.nodes.map((node) => node.id));
  graph.edges.forEach((edge, index) => {
    if (known.has(edge.from) && known.has(edge.to)) {
      g.setEdge(
        edge.from,
        edge.to,
        { width: edge.branch ? 70 : 0, height: 14, labelpos: 'r' },
        String(index),
      );
    }
  });
  layout(g);
  const nodes = graph.nodes.map((node) => {
    const at = g.node(node.id);
    return { id: node.id, type: node.type, name: node.name ?? node.id, x: at.x, y: at.y };
  });
  const edges = graph.edges.flatMap((edge, index) => {
    const drawn =
      known.has(edge.from) && known.has(edge.to) && g.edge(edge.from, edge.to, `${index}`);
    if (!drawn) return [];
    const labelAt = drawn.x === undefined ? undefined : { x: drawn.x, y: drawn.y ?? 0 };
    return [{ ...edge, points: drawn.points ?? [], labelAt }];
  });
  const size = g.graph();
  return { nodes, edges, w: size.width ?? 0, h: size.height ?? 0 };
}

/**
 * The flow as a picture: nodes laid out automatically, edges with their branch names, nodes
 * with problems outlined and titled with them. Clicking (or Enter on) a node selects it.
 */
export function FlowGraphView(props: {
  graph: FlowGraphData;
  selectedId: string | null;
  problems: Map<string, string[]>;
  onSelect: (nodeId: string) => void;
}) {
  const placed = useMemo(() => place(props.graph), [props.graph]);
  return (
    <svg
      className="flow-graph"
      role="group"
      aria-label="Flow graph"
      width="100%"
      style={{ maxWidth: Math.max(placed.w, 320) }}
      preserveAspectRatio="xMidYMin meet"
      viewBox={`0 0 ${Math.max(placed.w, 320)} ${Math.max(placed.h, 120)}`}
    >
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" />
        </marker>
      </defs>
      {placed.edges.map((edge) => {
        const path = edge.points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');
        const middle = edge.labelAt ?? edge.points[Math.floor(edge.points.length / 2)];
        return (
          <g key={`${edge.from}-${edge.to}-${edge.branch ?? ''}`} className="edge">
            <path d={path} markerEnd="url(#arrow)" />
            {edge.branch && middle && (
              <text x={middle.x} y={middle.y + 4} textAnchor="middle">
                {edge.branch}
              </text>
            )}
          </g>
        );
      })}
      {placed.nodes.map((node) => {
        const problems = props.problems.get(node.id) ?? [];
        const selected = node.id === props.selectedId;
        const classes = ['node', node.type.split('.')[0]];
        if (selected) classes.push('selected');
        if (problems.length) classes.push('invalid');
        return (
          <g
            key={node.id}
            className={classes.join(' ')}
            role="button"
            tabIndex={0}
            aria-pressed={selected}
            aria-label={`Node ${node.name} (${node.type})${problems.length ? `: ${problems.join('; ')}` : ''}`}
            transform={`translate(${node.x - NODE_WIDTH / 2},${node.y - NODE_HEIGHT / 2})`}
            onClick={() => props.onSelect(node.id)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') props.onSelect(node.id);
            }}
          >
            {problems.length > 0 && <title>{problems.join('\n')}</title>}
            <rect width={NODE_WIDTH} height={NODE_HEIGHT} rx={8} />
            <text x={10} y={22} className="node-name">
              {node.name.length > 24 ? `${node.name.slice(0, 23)}…` : node.name}
            </text>
            <text x={10} y={42} className="node-type">
              {problems.length ? `⚠ ${node.type}` : node.type}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
