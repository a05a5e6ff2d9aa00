/** The actor context of a modal's flow, as `createActorContext` makes it. */
interface FlowContext<Snapshot, Send> {
  useSelector<T>(selector: (snapshot: Snapshot) => T): T;
  useActorRef(): { send: Send };
}

function wholeSnapshot<Snapshot>(snapshot: Snapshot): Snapshot {
  return snapshot;
}

/** The props a modal renders: its flow's `connect` applied to the flow's snapshot and `send` (zag-style). */
export function useConnected<Snapshot, Send, Props>(
  context: FlowContext<Snapshot, Send>,
  connect: (snapshot: Snapshot, send: Send) => Props,
): Props {
  return connect(context.useSelector(wholeSnapshot), context.useActorRef().send);
}
