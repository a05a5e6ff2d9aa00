import type { SnapshotFrom } from 'xstate';
import type { ActionOutcomeEvent, actionOutcomeMachine } from '../../../machines/actionOutcome.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

/**
 * The celebration's props: its DOM contract, the points to celebrate while it shows with the server's message (the
 * only success message then: no toast), and its close handler.
 */
export function connectCelebration(
  snapshot: SnapshotFrom<typeof actionOutcomeMachine>,
  send: (event: ActionOutcomeEvent) => void,
) {
  return {
    root: { 'data-scope': 'action-outcome', 'data-state': dataStateOf(snapshot) },
    celebratedPoints: snapshot.matches('celebrating') ? (snapshot.context.reply?.greenMilesChange ?? 0) : null,
    message: snapshot.context.reply?.message ?? null,
    onClose: () => send({ type: 'celebration.close' }),
  } as const;
}
