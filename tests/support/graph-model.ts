import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';

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
