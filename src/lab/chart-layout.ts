// Lays a chart out with ELK's layered algorithm over the whole hierarchy at once
// (`hierarchyHandling: INCLUDE_CHILDREN`), as Stately's open-source visualiser did: each state a
// box the size of its measured label (a compound one padded to hold its children under its
// header), each edge placed in the lowest common ancestor of its ends with its label's measured
// size; a transition without a target is no arrow but a line of its state's box. Coordinates come back relative to the root, ready to draw.
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { Chart, ChartEdge, ChartState } from '../../machines/lab/chart';
import { elkLayout } from './elk-worker-client';

export interface Size {
  width: number;
  height: number;
}

/** The measured sizes: of each state's header (the whole box of an atomic state) and of each arrow's label, by group id. */
export interface Measures {
  states: Map<string, Size>;
  labels: Map<string, Size>;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EdgeRoute {
  /** By group id (edgeGroupsOf). The polyline: start, bend points, end. */
  points: Array<{ x: number; y: number }>;
  label: Box | null;
}

export interface ChartLayout {
  width: number;
  height: number;
  states: Map<string, Box>;
  edges: Map<string, EdgeRoute>;
}

const PADDING = 16;

/** The transitions between one source and one target, drawn as one arrow with a line per transition. */
export interface EdgeGroup {
  id: string;
  source: string;
  target: string;
  edges: ChartEdge[];
}

/** The arrows of a chart: its transitions with a target, grouped by their ends, in document order. */
export function edgeGroupsOf(chart: Chart): EdgeGroup[] {
  const groups = new Map<string, EdgeGroup>();
  for (const edge of chart.edges) {
    if (edge.targetless) continue;
    const id = `${edge.source} -> ${edge.target}`;
    const group = groups.get(id) ?? { id, source: edge.source, target: edge.target, edges: [] };
    group.edges.push(edge);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** Where an edge lives: the deepest state strictly containing both ends (a self-loop: its state's parent). */
export function lowestCommonAncestor(parents: Map<string, string | null>, source: string, target: string): string {
  const ancestors = (id: string) => {
    const list: string[] = [];
    for (let at = parents.get(id) ?? null; at !== null; at = parents.get(at) ?? null) list.push(at);
    return list;
  };
  const ofSource = ancestors(source);
  const ofTarget = new Set(ancestors(target));
  return ofSource.find((id) => ofTarget.has(id)) ?? ofSource.at(-1) ?? source;
}

function parentMap(root: ChartState): Map<string, string | null> {
  const parents = new Map<string, string | null>([[root.id, null]]);
  const walk = (state: ChartState) => {
    for (const child of state.children) {
      parents.set(child.id, state.id);
      walk(child);
    }
  };
  walk(root);
  return parents;
}

export async function layoutChart(chart: Chart, measures: Measures): Promise<ChartLayout> {
  const parents = parentMap(chart.root);
  const nodes = new Map<string, ElkNode>();
  const toNode = (state: ChartState): ElkNode => {
    const header = measures.states.get(state.id) ?? { width: 120, height: 40 };
    const node: ElkNode =
      state.children.length === 0
        ? { id: state.id, width: header.width, height: header.height }
        : {
            id: state.id,
            layoutOptions: {
              'elk.padding': `[top=${header.height + PADDING},left=${PADDING},bottom=${PADDING},right=${PADDING}]`,
              'elk.nodeSize.constraints': 'MINIMUM_SIZE',
              'elk.nodeSize.minimum': `(${header.width + 2 * PADDING}, ${header.height + 2 * PADDING})`,
            },
            children: state.children.map(toNode),
            edges: [],
          };
    nodes.set(state.id, node);
    return node;
  };
  const top = toNode(chart.root);
  // The root machine is drawn as the outermost box; ELK lays it out inside a graph of its own.
  const graph: ElkNode = {
    id: '__graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.direction': 'DOWN',
      'elk.edgeRouting': 'POLYLINE',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '32',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [top],
    edges: [],
  };
  nodes.set('__graph', graph);
  parents.set(chart.root.id, '__graph');
  parents.set('__graph', null);
  // A transition without a target is listed inside its state's box (the measured header holds it).
  for (const group of edgeGroupsOf(chart)) {
    const label = measures.labels.get(group.id) ?? { width: 80, height: 20 * group.edges.length };
    const container = nodes.get(lowestCommonAncestor(parents, group.source, group.target)) ?? graph;
    const elkEdge: ElkExtendedEdge = {
      id: group.id,
      sources: [group.source],
      targets: [group.target],
      labels: [{ id: `${group.id}::label`, text: group.id, width: label.width, height: label.height }],
    };
    (container.edges ??= []).push(elkEdge);
  }
  const laid = await elkLayout(graph);
  const states = new Map<string, Box>();
  const edges = new Map<string, EdgeRoute>();
  const read = (node: ElkNode) => {
    if (node.id !== '__graph') states.set(node.id, { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 });
    for (const edge of node.edges ?? []) {
      const section = edge.sections?.[0];
      const label = edge.labels?.[0];
      edges.set(edge.id, {
        points: section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [],
        label: label ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : null,
      });
    }
    for (const child of node.children ?? []) read(child);
  };
  read(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, states, edges };
}
