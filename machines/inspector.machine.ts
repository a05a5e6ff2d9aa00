import { assign, fromCallback, setup } from 'xstate';
import { viewProvidedAction, viewProvidedActor } from './viewProvided.ts';

/**
 * The QA inspector's recording (docs/inspector.md): it follows the snapshots the stay pages' actors report, can
 * pause on one, step back and forth through the recorded ones, and export or import a recorded session (JSON) so a
 * bug report can be replayed. Reading the imported file and saving the exported one are the view's effects.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One snapshot an actor reported (XState `@xstate.snapshot`), already made JSON-safe by the feed. */
export interface InspectionRecord {
  /** Order of arrival in the tab that recorded it. */
  seq: number;
  /** Milliseconds since the epoch. */
  at: number;
  /** The actor's session id, prefixed with its tab: unique across the tabs feeding one inspector. */
  actorId: string;
  /** The actor's id in its parent (`list`, `launch`, `modal`), or its system id. */
  name: string;
  parentId: string | null;
  /** The root actor of its system: one per opened stay page. */
  rootId: string;
  /** The id of the actor's machine (`actionsList`), null for a promise or callback actor. */
  machineId: string | null;
  /** The event that led to this snapshot, with its payload. */
  event: { type: string; [key: string]: JsonValue };
  status: 'active' | 'done' | 'error' | 'stopped';
  value: JsonValue;
  context: JsonValue;
  /** Session ids (tab-prefixed) of the actor's children at that moment. */
  children: string[];
}

/** What an exported session file holds. */
export interface InspectionSession {
  format: typeof SESSION_FORMAT;
  version: 1;
  records: InspectionRecord[];
}

export const SESSION_FORMAT = 'greenmiles-inspection';

/** The recording keeps this many snapshots, dropping the oldest (a long QA session stays light). */
export const MAX_RECORDS = 5000;

export interface InspectorContext {
  /** What the feed has reported, oldest first. */
  records: InspectionRecord[];
  /** An imported session being replayed, else null. */
  replay: InspectionRecord[] | null;
  /** How many records of the shown list (the replay, else the recording) are applied: the moment on screen. */
  position: number;
  /** The machine whose chart is shown (a machine id), null: the view picks one. */
  selectedMachine: string | null;
  /** The last import could not be read as a session. */
  importFailed: boolean;
}

export type InspectorEvent =
  | { type: 'inspection.record'; records: InspectionRecord[] }
  | { type: 'inspection.pause' }
  | { type: 'inspection.resume' }
  | { type: 'inspection.stepBack' }
  | { type: 'inspection.stepForward' }
  /** Shows the moment right after the given number of records (an entry of the event list). */
  | { type: 'inspection.goTo'; position: number }
  | { type: 'inspection.clear' }
  | { type: 'chart.select'; machineId: string }
  | { type: 'session.export' }
  | { type: 'session.import'; file: Blob }
  | { type: 'replay.leave' };

function isRecord(value: unknown): value is InspectionRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<InspectionRecord>;
  return (
    typeof record.seq === 'number' &&
    typeof record.at === 'number' &&
    typeof record.actorId === 'string' &&
    typeof record.name === 'string' &&
    typeof record.rootId === 'string' &&
    typeof record.event?.type === 'string' &&
    Array.isArray(record.children)
  );
}

/** The session a file's text holds, else null (not JSON, another format, a malformed record). */
export function sessionOf(text: string): InspectionSession | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const session = parsed as Partial<InspectionSession>;
  if (session.format !== SESSION_FORMAT || session.version !== 1 || !Array.isArray(session.records)) return null;
  return session.records.every(isRecord) ? (session as InspectionSession) : null;
}

/** The list on screen: the replayed session, else the recording. */
export function shownRecords(context: InspectorContext): InspectionRecord[] {
  return context.replay ?? context.records;
}

function appended(context: InspectorContext, records: InspectionRecord[]) {
  const all = [...context.records, ...records];
  const dropped = Math.max(0, all.length - MAX_RECORDS);
  return { all: dropped > 0 ? all.slice(dropped) : all, dropped };
}

export const inspectorMachine = setup({
  types: {
    context: {} as InspectorContext,
    events: {} as InspectorEvent,
  },
  actors: {
    /** The source of records (the page's own actors, or other tabs'): sends `inspection.record` batches. */
    feed: fromCallback<InspectorEvent>(() => {
      throw new Error('feed is provided by the view, and was not');
    }),
    /** Reads the chosen file's text. */
    readSessionFile: viewProvidedActor<string, { file: Blob }>('readSessionFile'),
  },
  actions: {
    /** Offers the session (JSON text) as a file to save. */
    saveSessionFile: viewProvidedAction<{ text: string }>('saveSessionFile'),
    appendRecords: assign(({ context, event }) => {
      if (event.type !== 'inspection.record') return {};
      const { all, dropped } = appended(context, event.records);
      // A replay's position does not follow the recording.
      return { records: all, position: context.replay ? context.position : Math.max(0, context.position - dropped) };
    }),
    followLatest: assign({ position: ({ context }) => context.records.length }),
    stepBack: assign({ position: ({ context }) => Math.max(0, context.position - 1) }),
    stepForward: assign({
      position: ({ context }) => Math.min(shownRecords(context).length, context.position + 1),
    }),
    goTo: assign({
      position: ({ context, event }) =>
        event.type === 'inspection.goTo'
          ? Math.min(shownRecords(context).length, Math.max(0, event.position))
          : context.position,
    }),
    clearRecords: assign({ records: [], position: 0 }),
    selectChart: assign({
      selectedMachine: ({ context, event }) =>
        event.type === 'chart.select' ? event.machineId : context.selectedMachine,
    }),
    startReplay: assign((_, { text }: { text: string }) => {
      const records = sessionOf(text)?.records ?? [];
      return { replay: records, position: records.length, importFailed: false };
    }),
    leaveReplay: assign({ replay: null }),
    markImportFailed: assign({ importFailed: true }),
  },
  guards: {
    canStepBack: ({ context }) => context.position > 0,
    canStepForward: ({ context }) => context.position < shownRecords(context).length,
    holdsSession: (_, { text }: { text: string }) => sessionOf(text) !== null,
  },
}).createMachine({
  id: 'inspector',
  context: { records: [], replay: null, position: 0, selectedMachine: null, importFailed: false },
  initial: 'live',
  invoke: { id: 'feed', src: 'feed' },
  on: {
    'inspection.record': { actions: 'appendRecords' },
    'chart.select': { actions: 'selectChart' },
    'session.import': { target: '.importing' },
    'session.export': {
      actions: {
        type: 'saveSessionFile',
        params: ({ context }) => ({
          text: JSON.stringify({ format: SESSION_FORMAT, version: 1, records: shownRecords(context) }, null, 2),
        }),
      },
    },
  },
  states: {
    /** Following the feed: the latest moment is on screen. */
    live: {
      entry: 'followLatest',
      on: {
        'inspection.record': { actions: ['appendRecords', 'followLatest'] },
        'inspection.pause': 'paused',
        'inspection.stepBack': { guard: 'canStepBack', target: 'paused', actions: 'stepBack' },
        'inspection.goTo': { target: 'paused', actions: 'goTo' },
        'inspection.clear': { actions: 'clearRecords' },
      },
    },
    /** Holding one moment of the recording; new records are kept and shown on resume. */
    paused: {
      on: {
        'inspection.resume': 'live',
        'inspection.stepBack': { guard: 'canStepBack', actions: 'stepBack' },
        'inspection.stepForward': { guard: 'canStepForward', actions: 'stepForward' },
        'inspection.goTo': { actions: 'goTo' },
        'inspection.clear': { actions: 'clearRecords' },
      },
    },
    importing: {
      invoke: {
        id: 'readSessionFile',
        src: 'readSessionFile',
        input: ({ event }) => ({ file: (event as Extract<InspectorEvent, { type: 'session.import' }>).file }),
        onDone: [
          {
            guard: { type: 'holdsSession', params: ({ event }) => ({ text: event.output }) },
            target: 'replaying',
            actions: { type: 'startReplay', params: ({ event }) => ({ text: event.output }) },
          },
          { target: 'live', actions: 'markImportFailed' },
        ],
        onError: { target: 'live', actions: 'markImportFailed' },
      },
    },
    /** An imported session on screen, stepped through like a paused recording; the recording goes on meanwhile. */
    replaying: {
      exit: 'leaveReplay',
      on: {
        'inspection.stepBack': { guard: 'canStepBack', actions: 'stepBack' },
        'inspection.stepForward': { guard: 'canStepForward', actions: 'stepForward' },
        'inspection.goTo': { actions: 'goTo' },
        'replay.leave': 'live',
      },
    },
  },
});
