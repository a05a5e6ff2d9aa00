import { useSelector } from '@xstate/react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';

/** For `useSelector(ref, wholeSnapshot)`: a view that renders through its flow's `connect` reads the whole snapshot. */
export function wholeSnapshot<Whole>(snapshot: Whole): Whole {
  return snapshot;
}

/**
 * The props a view renders: its flow's pure `connect` applied to the actor's snapshot and `send` (zag-style), and to
 * what else the view knows (`extra`).
 */
export function useConnected<
  FlowSnapshot extends Snapshot<unknown>,
  FlowEvent extends EventObject,
  Props,
  Extra extends unknown[] = [],
>(
  actorRef: ActorRef<FlowSnapshot, FlowEvent>,
  connect: (snapshot: FlowSnapshot, send: (event: FlowEvent) => void, ...extra: Extra) => Props,
  ...extra: Extra
): Props {
  return connect(useSelector(actorRef, wholeSnapshot<FlowSnapshot>), actorRef.send, ...extra);
}
