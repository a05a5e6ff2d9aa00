import type { LaidOutState, LaidOutTransition, StatechartLayout } from './layout.ts';

/**
 * A laid-out statechart as SVG: the inspector draws it with the active states highlighted, and `npm run graphs`
 * writes it to a file (renderToStaticMarkup), so colours are attributes rather than CSS.
 */
export interface StatechartSvgProps {
  layout: StatechartLayout;
  /** Ids of the states active in a running actor of this machine. */
  activeStates?: ReadonlySet<string>;
}

const COLOURS = {
  ink: '#1d2b24',
  muted: '#4d5c55',
  state: '#ffffff',
  compound: ['#f3f7f5', '#e8f0ec', '#dde9e3'],
  border: '#6b7d74',
  active: '#1f6f4a',
  activeFill: '#d5f0e0',
  edge: '#5a6a63',
  label: '#ffffff',
} as const;

const MARGIN = 8;

function stateFill(state: LaidOutState, active: boolean): string {
  if (active) return COLOURS.activeFill;
  return state.isCompound ? (COLOURS.compound[state.depth % COLOURS.compound.length] ?? COLOURS.state) : COLOURS.state;
}

function StateBox({ state, active }: { state: LaidOutState; active: boolean }) {
  const titleY = state.isCompound ? 18 : state.height / 2 + (state.invokes.length > 0 ? -3 : 5);
  return (
    <g
      data-part="state"
      data-state-id={state.id}
      data-active={active ? 'true' : undefined}
      transform={`translate(${state.x} ${state.y})`}
    >
      <rect
        width={state.width}
        height={state.height}
        rx={state.kind === 'final' ? 4 : 10}
        fill={stateFill(state, active)}
        stroke={active ? COLOURS.active : COLOURS.border}
        strokeWidth={active ? 3 : 1}
        strokeDasharray={state.kind === 'parallel' ? '6 3' : undefined}
      />
      {state.kind === 'final' && (
        <rect
          x={3}
          y={3}
          width={state.width - 6}
          height={state.height - 6}
          rx={3}
          fill="none"
          stroke={COLOURS.border}
        />
      )}
      <text
        x={state.isCompound ? 12 : state.width / 2}
        y={titleY}
        textAnchor={state.isCompound ? 'start' : 'middle'}
        fontSize={13}
        fontWeight={active || state.depth === 0 ? 700 : 400}
        fill={COLOURS.ink}
      >
        {state.isInitial && state.depth > 0 ? `● ${state.key}` : state.key}
      </text>
      {state.invokes.length > 0 && (
        <text
          x={state.isCompound ? 12 : state.width / 2}
          y={titleY + 15}
          textAnchor={state.isCompound ? 'start' : 'middle'}
          fontSize={11}
          fill={COLOURS.muted}
        >
          {`invoke ${state.invokes.join(', ')}`}
        </text>
      )}
    </g>
  );
}

function TransitionPath({ transition, markerId }: { transition: LaidOutTransition; markerId: string }) {
  if (transition.points.length === 0) return null;
  const d = transition.points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`).join(' ');
  const label = transition.labelBox;
  return (
    <g data-part="transition" data-transition-id={transition.id}>
      <path
        d={d}
        fill="none"
        stroke={COLOURS.edge}
        strokeWidth={1.2}
        strokeDasharray={transition.transition.delay !== null ? '4 3' : undefined}
        markerEnd={`url(#${markerId})`}
      />
      {label && (
        <g transform={`translate(${label.x} ${label.y})`}>
          <rect width={label.width} height={label.height} rx={3} fill={COLOURS.label} opacity={0.9} />
          <text x={4} y={label.height - 4} fontSize={11} fill={COLOURS.ink}>
            {transition.label}
          </text>
        </g>
      )}
    </g>
  );
}

export function StatechartSvg({ layout, activeStates = new Set() }: StatechartSvgProps) {
  const markerId = `arrow-${layout.machineId}`;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`${-MARGIN} ${-MARGIN} ${layout.width + 2 * MARGIN} ${layout.height + 2 * MARGIN}`}
      width={layout.width + 2 * MARGIN}
      height={layout.height + 2 * MARGIN}
      fontFamily="system-ui, sans-serif"
      role="img"
      aria-label={`Statechart of the ${layout.machineId} machine`}
      data-part="statechart"
      data-machine={layout.machineId}
    >
      <defs>
        <marker id={markerId} viewBox="0 0 10 10" refX={9} refY={5} markerWidth={7} markerHeight={7} orient="auto">
          <path d="M0 0 L10 5 L0 10 z" fill={COLOURS.edge} />
        </marker>
      </defs>
      {layout.states.map((state) => (
        <StateBox key={state.id} state={state} active={activeStates.has(state.id)} />
      ))}
      {layout.transitions.map((transition) => (
        <TransitionPath key={transition.id} transition={transition} markerId={markerId} />
      ))}
    </svg>
  );
}
