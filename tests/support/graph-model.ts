import { serializeSnapshot, TestModel } from '@xstate/graph';
import type { ActorLogic, AnyEventObject, AnyMachineSnapshot, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { errorCodeOf } from '../../contract/errors.ts';

/**
 * The two questions a model-based test asks a snapshot with what its graph holds: events typed as any event
 * (children's `xstate.done.actor.*` / `xstate.error.actor.*` steps, which a machine's own event type does not name)
 * and state paths as dotted strings.
 */

/** Whether the machine takes `event` from this snapshot. */
export function canTake(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  return snapshot.can(event);
}

/** Whether the snapshot is in the state of this dotted path (`ready.actions.browsing`). */
export function matchesPath(snapshot: AnyMachineSnapshot, path: string): boolean {
  return snapshot.matches(path);
}

/**
 * An event as a model tells the states it leads to apart: its type, and a failure's error code (a refused session and
 * a refused role may reach the same state, and the page must show each).
 */
export function eventKey(event: AnyEventObject): string {
  const code = 'error' in event ? errorCodeOf(event.error) : null;
  return code ? `${event.type}:${code}` : event.type;
}

/**
 * The test model of `machine` started with `input`, stepping through the `events` it takes from each snapshot; its
 * states told apart by the event that led there too, so a path ends with every transition.
 */
export function transitionsModel<Machine extends AnyStateMachine>(
  machine: Machine,
  input: InputFrom<Machine>,
  events: readonly AnyEventObject[],
) {
  // The graph steps with any event (children's done and error events), which the machine's own event type does not name.
  const logic = machine as unknown as ActorLogic<SnapshotFrom<Machine>, AnyEventObject, InputFrom<Machine>>;
  return new TestModel(logic, {
    input,
    events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
    serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event ? ` via ${event.type}` : ''),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}
