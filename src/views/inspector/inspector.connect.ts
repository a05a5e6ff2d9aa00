import type { SnapshotFrom } from 'xstate';
import {
  type InspectionRecord,
  type InspectorEvent,
  type inspectorMachine,
  shownRecords,
} from '../../../machines/inspector.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';
import { statePaths } from './statechart.ts';

type InspectorSnapshot = SnapshotFrom<typeof inspectorMachine>;

/** An actor running at the moment on screen, with its last snapshot. */
export interface RunningActor {
  actorId: string;
  name: string;
  machineId: string | null;
  /** 0 for the root, 1 for its children… */
  depth: number;
  /** Its state as dotted paths (`ready.idle`), or what a promise actor resolved to. */
  state: string;
  record: InspectionRecord;
}

/**
 * The actors of the latest stay page at `position`: the root of the last record and, through the children each
 * actor's last snapshot lists, every descendant still active (a stopped launch drops out with its modal).
 */
export function runningActorsAt(records: readonly InspectionRecord[], position: number): RunningActor[] {
  const latest = new Map<string, InspectionRecord>();
  for (const record of records.slice(0, position)) latest.set(record.actorId, record);
  const last = records[position - 1];
  if (!last) return [];
  const running: RunningActor[] = [];
  const visit = (actorId: string, depth: number) => {
    const record = latest.get(actorId);
    if (record?.status !== 'active') return;
    const state = record.machineId ? statePaths(record.value).join(', ') : 'running';
    running.push({ actorId, name: record.name, machineId: record.machineId, depth, state, record });
    for (const child of record.children) visit(child, depth + 1);
  };
  visit(last.rootId, 0);
  return running;
}

/** How a record reads in the event list: who received what, and the state it led to. */
export function recordSummary(record: InspectionRecord): string {
  const state = record.machineId ? statePaths(record.value).join(', ') : record.status;
  return `${record.name} ← ${record.event.type} → ${state}`;
}

/** The mode as QA reads it (the status line). */
function statusText(snapshot: InspectorSnapshot): string {
  const { position } = snapshot.context;
  const total = shownRecords(snapshot.context).length;
  if (snapshot.matches('replaying')) return `Replaying an imported session: snapshot ${position} of ${total}`;
  if (snapshot.matches('paused')) return `Paused at snapshot ${position} of ${total}`;
  if (snapshot.matches('importing')) return 'Reading the session file…';
  return `Live: ${total} snapshots recorded`;
}

/**
 * The inspector's props (zag-style): its DOM contract, the records and the moment on screen, the running actors
 * there, the machine whose chart is drawn (`machineIds`: every machine of machines/, for the default), and the
 * controls with their handlers.
 */
export function connectInspector(
  snapshot: InspectorSnapshot,
  send: (event: InspectorEvent) => void,
  machineIds: readonly string[],
) {
  const { context } = snapshot;
  const records = shownRecords(context);
  const actors = runningActorsAt(records, context.position);
  const fallbackMachine = actors.find((actor) => actor.machineId)?.machineId ?? machineIds[0] ?? null;
  const selectedMachine = context.selectedMachine ?? fallbackMachine;
  const isLive = snapshot.matches('live');
  return {
    root: { 'data-scope': 'inspector', 'data-state': dataStateOf(snapshot) },
    status: statusText(snapshot),
    importFailed: context.importFailed,
    isReplaying: snapshot.matches('replaying'),
    records,
    position: context.position,
    current: records[context.position - 1] ?? null,
    actors,
    selectedMachine,
    /** The running actors of the drawn machine (their states are highlighted). */
    activeActors: actors.filter((actor) => actor.machineId !== null && actor.machineId === selectedMachine),
    pause: {
      pressed: !isLive,
      disabled: !(isLive || snapshot.matches('paused')),
      onClick: () => send({ type: isLive ? 'inspection.pause' : 'inspection.resume' }),
    },
    stepBack: {
      disabled: !snapshot.can({ type: 'inspection.stepBack' }),
      onClick: () => send({ type: 'inspection.stepBack' }),
    },
    stepForward: {
      disabled: !snapshot.can({ type: 'inspection.stepForward' }),
      onClick: () => send({ type: 'inspection.stepForward' }),
    },
    clear: {
      disabled: !snapshot.can({ type: 'inspection.clear' }) || context.records.length === 0,
      onClick: () => send({ type: 'inspection.clear' }),
    },
    exportSession: { disabled: records.length === 0, onClick: () => send({ type: 'session.export' }) },
    importSession: (file: Blob) => send({ type: 'session.import', file }),
    leaveReplay: () => send({ type: 'replay.leave' }),
    goTo: (nextPosition: number) => send({ type: 'inspection.goTo', position: nextPosition }),
    selectMachine: (machineId: string) => send({ type: 'chart.select', machineId }),
  } as const;
}
