import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { InspectionRecord, JsonValue } from '../../../machines/inspector.machine.ts';

/**
 * Turns XState's inspection events into JSON-safe records (InspectionRecord): actor refs become their ids, dates
 * ISO strings, errors their name and message, functions and cycles a marker. Ids are prefixed with the recording
 * tab, so several tabs can feed one inspector.
 */

/** Deeper values are cut: a context is read, not mirrored. */
const MAX_DEPTH = 8;

function isActorRef(value: object): value is AnyActorRef {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

export function toJson(value: unknown, tab: string, depth = 0, seen = new WeakSet<object>()): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value !== 'object') return String(value);
  if (isActorRef(value)) return { actor: `${tab}/${value.sessionId}` };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof Error) return { error: value.name, message: value.message };
  if (typeof Blob !== 'undefined' && value instanceof Blob) return `[${value.type || 'file'}, ${value.size} bytes]`;
  if (seen.has(value) || depth >= MAX_DEPTH) return '[…]';
  seen.add(value);
  const json: JsonValue = Array.isArray(value)
    ? value.map((item) => toJson(item, tab, depth + 1, seen))
    : Object.fromEntries(
        Object.entries(value)
          .filter(([, item]) => item !== undefined)
          .map(([key, item]) => [key, toJson(item, tab, depth + 1, seen)]),
      );
  seen.delete(value);
  return json;
}

interface SnapshotShape {
  status?: InspectionRecord['status'];
  value?: unknown;
  context?: unknown;
  output?: unknown;
  error?: unknown;
  children?: Record<string, AnyActorRef | undefined>;
}

/** The id of the machine an actor runs, null for other logic (promise, callback actors). */
function machineIdOf(actorRef: AnyActorRef): string | null {
  const logic = (actorRef as { logic?: { id?: unknown; root?: unknown } }).logic;
  return logic && typeof logic.id === 'string' && logic.root ? logic.id : null;
}

/** The record of an `@xstate.snapshot` inspection event; null for the other kinds. */
export function recordOf(event: InspectionEvent, tab: string, seq: number, at: number): InspectionRecord | null {
  if (event.type !== '@xstate.snapshot') return null;
  // Every actor of a running system is a full ActorRef; the inspection type only promises its Like.
  const actorRef = event.actorRef as AnyActorRef;
  const snapshot = event.snapshot as SnapshotShape;
  const id = (sessionId: string) => `${tab}/${sessionId}`;
  const parent = actorRef._parent;
  const machineId = machineIdOf(actorRef);
  return {
    seq,
    at,
    actorId: id(actorRef.sessionId),
    name: actorRef.id,
    parentId: parent ? id(parent.sessionId) : null,
    rootId: id(event.rootId),
    machineId,
    event: { ...(toJson(event.event, tab) as { [key: string]: JsonValue }), type: event.event.type },
    status: snapshot.status ?? 'active',
    // A promise actor has no state value: its output (or error) says what it did.
    value: machineId ? toJson(snapshot.value, tab) : toJson(snapshot.output ?? snapshot.error ?? null, tab),
    context: toJson(snapshot.context, tab),
    children: Object.values(snapshot.children ?? {}).flatMap((child) => (child ? [id(child.sessionId)] : [])),
  };
}
