/**
 * Lays a statechart out with ELK (elkjs, layered, nested states drawn inside their parent): boxes and edge routes in
 * one coordinate space, ready for StatechartSvg.tsx. Text is measured by an estimate (no DOM), so the same layout
 * comes out in the browser and in `npm run graphs`.
 */
import ELK, { type ElkExtendedEdge, type ElkLabel, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import {
  type Statechart,
  type StatechartState,
  type StatechartTransition,
  type StateKind,
  transitionLabel,
} from './statechart.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  id: string;
  key: string;
  kind: StateKind;
  /** Nesting depth: 0 for the machine itself. */
  depth: number;
  isInitial: boolean;
  isCompound: boolean;
  invokes: string[];
}

export interface LaidOutTransition {
  /** One per target: `<transition id>><target index>`. */
  id: string;
  transition: StatechartTransition;
  target: string;
  label: string;
  points: Array<{ x: number; y: number }>;
  labelBox: Box | null;
}

export interface StatechartLayout {
  machineId: string;
  width: number;
  height: number;
  /** Parents before their children (the drawing order). */
  states: LaidOutState[];
  transitions: LaidOutTransition[];
}

/** Estimated text widths (px) of the drawing's fonts: 13 px state names, 11 px edge labels. */
const STATE_CHAR_WIDTH = 7.8;
const LABEL_CHAR_WIDTH = 6.4;
const STATE_HEIGHT = 36;
const LABEL_HEIGHT = 16;
const TITLE_HEIGHT = 26;

function stateLabelWidth(state: StatechartState): number {
  const invokes = state.invokes.length > 0 ? `invoke ${state.invokes.join(', ')}` : '';
  return Math.max(state.key.length * STATE_CHAR_WIDTH, invokes.length * LABEL_CHAR_WIDTH) + 28;
}

function elkNodeOf(state: StatechartState): ElkNode {
  const labels: ElkLabel[] = [];
  if (state.children.length === 0) {
    const height = STATE_HEIGHT + (state.invokes.length > 0 ? LABEL_HEIGHT : 0);
    return { id: state.id, width: Math.max(80, stateLabelWidth(state)), height, labels };
  }
  return {
    id: state.id,
    labels,
    layoutOptions: {
      'elk.padding': `[top=${TITLE_HEIGHT + (state.invokes.length > 0 ? LABEL_HEIGHT : 0)},left=14,bottom=14,right=14]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${stateLabelWidth(state)}, ${STATE_HEIGHT})`,
    },
    children: state.children.map(elkNodeOf),
  };
}

function elkEdgesOf(chart: Statechart): Array<ElkExtendedEdge & { transition: StatechartTransition }> {
  return chart.transitions.flatMap((transition) =>
    transition.targets.map((target, index) => {
      const text = transitionLabel(transition);
      return {
        id: `${transition.id}>${index}`,
        transition,
        sources: [transition.source],
        targets: [target],
        labels: [{ text, width: text.length * LABEL_CHAR_WIDTH + 8, height: LABEL_HEIGHT }],
      };
    }),
  );
}

const ROOT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.edgeCoords': 'ROOT',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeLabel': '4',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
};

const elk = new ELK();

function flatten(
  node: ElkNode,
  state: StatechartState,
  offset: { x: number; y: number },
  depth: number,
  initial: boolean,
  into: LaidOutState[],
): void {
  const x = offset.x + (node.x ?? 0);
  const y = offset.y + (node.y ?? 0);
  into.push({
    id: state.id,
    key: state.key,
    kind: state.kind,
    depth,
    isInitial: initial,
    isCompound: state.children.length > 0,
    invokes: state.invokes,
    x,
    y,
    width: node.width ?? 0,
    height: node.height ?? 0,
  });
  state.children.forEach((child, index) => {
    const childNode = node.children?.[index];
    if (childNode) flatten(childNode, child, { x, y }, depth + 1, state.initial === child.id, into);
  });
}

/** The chart laid out: the machine is the outer box, its states inside, every transition routed with its label. */
export async function layoutStatechart(chart: Statechart): Promise<StatechartLayout> {
  const edges = elkEdgesOf(chart);
  const machineNode = elkNodeOf(chart.root);
  const graph: ElkNode = { id: '__graph', layoutOptions: ROOT_OPTIONS, children: [machineNode], edges };
  const laidOut = await elk.layout(graph);
  const states: LaidOutState[] = [];
  const machine = laidOut.children?.[0];
  if (machine) flatten(machine, chart.root, { x: 0, y: 0 }, 0, true, states);
  const laidOutEdges = (laidOut.edges ?? []) as ElkExtendedEdge[];
  const transitions = edges.map((edge, index): LaidOutTransition => {
    const result = laidOutEdges[index];
    const section = result?.sections?.[0];
    const label = result?.labels?.[0];
    return {
      id: edge.id,
      transition: edge.transition,
      target: edge.targets[0] ?? edge.transition.source,
      label: edge.labels?.[0]?.text ?? '',
      points: section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [],
      labelBox:
        label && label.x !== undefined && label.y !== undefined
          ? { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 }
          : null,
    };
  });
  return { machineId: chart.machineId, width: laidOut.width ?? 0, height: laidOut.height ?? 0, states, transitions };
}
