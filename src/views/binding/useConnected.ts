import { useSelector } from '@xstate/react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';

function wholeSnapshot<Whole>(snapshot: Whole): Whole {
  return snapshot;
}

/** The props a view renders: its flow's pure `connect` applied to the actor's snapshot and `send` (zag-style). */
export function useConnected<FlowSnapshot extends Snapshot<unknown>, FlowEvent extends EventObject, Props>(
  actorRef: ActorRef<FlowSnapshot, FlowEvent>,
  connect: (snapshot: FlowSnapshot, send: (event: FlowEvent) => void) => Props,
): Props {
  return connect(useSelector(actorRef, wholeSnapshot<FlowSnapshot>), actorRef.send);
}
