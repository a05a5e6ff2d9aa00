/**
 * The statechart of a machine as plain data (states, transitions with their event, guard and delay), the catalogue
 * of every machine exported by the .ts files under machines/, and the Mermaid text of a statechart. The inspector
 * page and `npm run graphs` (scripts/graphs.ts) both draw from here (docs/inspector.md).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface StatechartState {
  /** The state node's id (`stay.ready.actions`): unique in its machine, what a snapshot's value leads to. */
  id: string;
  key: string;
  kind: StateKind;
  /** The initial child's id (compound states). */
  initial: string | null;
  /** Actors invoked while the state is active (by source name). */
  invokes: string[];
  tags: string[];
  children: StatechartState[];
}

export interface StatechartTransition {
  id: string;
  source: string;
  /** Target state ids; the source itself for a targetless transition (actions only). */
  targets: string[];
  /** The event as written in the machine (`answer.yes`, `xstate.done.actor.submit`), or null when eventless. */
  event: string | null;
  guard: string | null;
  /** `after` delay: its name (`toastAutoHide`) or milliseconds. */
  delay: string | null;
  actions: string[];
}

export interface Statechart {
  /** The machine's id (`setup(...).createMachine({ id })`): how a running actor is matched to its chart. */
  machineId: string;
  root: StatechartState;
  transitions: StatechartTransition[];
}

function nameOf(implementation: unknown): string {
  if (typeof implementation === 'string') return implementation;
  if (typeof implementation === 'function') return implementation.name || 'inline';
  if (implementation && typeof implementation === 'object' && 'type' in implementation)
    return String((implementation as { type: unknown }).type);
  return 'inline';
}

/** `xstate.after.<delay>.<state id>`: the delay part, else null. */
function delayOf(eventType: string, sourceId: string): string | null {
  const prefix = 'xstate.after.';
  const suffix = `.${sourceId}`;
  if (!eventType.startsWith(prefix) || !eventType.endsWith(suffix)) return null;
  return eventType.slice(prefix.length, eventType.length - suffix.length);
}

function stateOf(node: AnyStateNode): StatechartState {
  const children = Object.values(node.states as Record<string, AnyStateNode>).map(stateOf);
  return {
    id: node.id,
    key: node.key,
    kind: node.type,
    initial: node.type === 'compound' ? (node.initial.target[0]?.id ?? null) : null,
    invokes: node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)),
    tags: [...node.tags],
    children,
  };
}

function transitionOf(definition: AnyTransitionDefinition, index: number): StatechartTransition {
  const source = definition.source.id;
  const eventType = definition.eventType === '' ? null : String(definition.eventType);
  const delay = eventType === null ? null : delayOf(eventType, source);
  const targets = definition.target?.map((target: AnyStateNode) => target.id) ?? [];
  return {
    id: `${source}#${index}`,
    source,
    targets: targets.length > 0 ? targets : [source],
    event: delay === null ? eventType : null,
    guard: definition.guard ? nameOf(definition.guard) : null,
    delay,
    actions: definition.actions.map(nameOf),
  };
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const own = [...(node.transitions as Map<string, AnyTransitionDefinition[]>).values()].flat();
  const children = Object.values(node.states as Record<string, AnyStateNode>).flatMap(transitionsOf);
  return [...own, ...(node.always ?? []), ...children];
}

/** The statechart of a machine: its state tree and every transition (events, eventless, delayed, done and error). */
export function statechartOf(machine: AnyStateMachine): Statechart {
  return {
    machineId: machine.id,
    root: stateOf(machine.root),
    transitions: transitionsOf(machine.root).map(transitionOf),
  };
}

/** The text a transition is labelled with: `event [guard] / after delay`. */
export function transitionLabel(transition: StatechartTransition): string {
  const trigger =
    transition.delay !== null
      ? `after ${/^\d+$/.test(transition.delay) ? `${transition.delay} ms` : transition.delay}`
      : (transition.event ?? 'always');
  return transition.guard ? `${trigger} [${transition.guard}]` : trigger;
}

/** Every state of a chart, depth first. */
export function statesOf(state: StatechartState): StatechartState[] {
  return [state, ...state.children.flatMap(statesOf)];
}

function isStateMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'getInitialSnapshot' in value &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { transition?: unknown }).transition === 'function'
  );
}

/**
 * Every machine exported by the given modules (a glob of the .ts files under machines/), by machine id: a machine
 * exported under two names counts once, and two different machines sharing an id is an error (a running actor must
 * lead to one chart).
 */
export function machinesIn(modules: Record<string, Record<string, unknown>>): Map<string, AnyStateMachine> {
  const machines = new Map<string, AnyStateMachine>();
  for (const [file, exports] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b)))
    for (const value of Object.values(exports)) {
      if (!isStateMachine(value)) continue;
      const known = machines.get(value.id);
      if (known && known !== value) throw new Error(`Two machines have the id "${value.id}" (one in ${file})`);
      machines.set(value.id, value);
    }
  return new Map([...machines].sort(([a], [b]) => a.localeCompare(b)));
}

/** A Mermaid state id: letters, digits and underscores only. */
function mermaidId(stateId: string): string {
  return stateId.replace(/[^A-Za-z0-9_]/g, '_');
}

function mermaidLabel(text: string): string {
  return text.replace(/[:;#"]/g, ' ');
}

function mermaidState(state: StatechartState, indent: string): string[] {
  const id = mermaidId(state.id);
  const lines = [`${indent}state "${mermaidLabel(state.key)}" as ${id}`];
  if (state.kind === 'final') lines.push(`${indent}${id} --> [*]`);
  if (state.children.length === 0) return lines;
  lines.push(`${indent}state ${id} {`);
  if (state.initial) lines.push(`${indent}  [*] --> ${mermaidId(state.initial)}`);
  state.children.forEach((child, index) => {
    if (state.kind === 'parallel' && index > 0) lines.push(`${indent}  --`);
    lines.push(...mermaidState(child, `${indent}  `));
  });
  lines.push(`${indent}}`);
  return lines;
}

/** The chart as a Mermaid `stateDiagram-v2` (nested states, transitions labelled like the inspector's). */
export function mermaidOf(chart: Statechart): string {
  const lines = ['stateDiagram-v2', ...mermaidState(chart.root, '  '), `  [*] --> ${mermaidId(chart.root.id)}`];
  for (const transition of chart.transitions)
    for (const target of transition.targets)
      lines.push(
        `  ${mermaidId(transition.source)} --> ${mermaidId(target)}: ${mermaidLabel(transitionLabel(transition))}`,
      );
  return `${lines.join('\n')}\n`;
}

/** The ids of the states a snapshot's value makes active (the machine itself included), found by state keys. */
export function activeStateIds(chart: Statechart, value: unknown): string[] {
  const walk = (state: StatechartState, part: unknown): string[] => {
    if (typeof part === 'string') {
      const child = state.children.find((candidate) => candidate.key === part);
      return child ? [child.id] : [];
    }
    if (typeof part !== 'object' || part === null) return [];
    return Object.entries(part).flatMap(([key, inner]) => {
      const child = state.children.find((candidate) => candidate.key === key);
      return child ? [child.id, ...walk(child, inner)] : [];
    });
  };
  return [chart.root.id, ...walk(chart.root, value)];
}

/** A state value as the dotted paths of its active leaves (`ready.idle`; one per region of a parallel state). */
export function statePaths(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const inside = statePaths(inner);
    return inside.length > 0 ? inside.map((path) => `${key}.${path}`) : [key];
  });
}
