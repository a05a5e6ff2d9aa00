import type { SnapshotFrom } from 'xstate';
import type { ActionOutcomeEvent, actionOutcomeMachine } from '../../../machines/dialogs/actionOutcome.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';
import { type RewardProgress, rewardProgressOf } from '../rewards/rewardGroups.ts';

/**
 * The celebration's props: its DOM contract, the points to celebrate while it shows with the server's message (the
 * only success message then: no toast), where the new balance stands on the way to the rewards (null while they load
 * or when they could not be read), and its close handler.
 */
export function connectCelebration(
  snapshot: SnapshotFrom<typeof actionOutcomeMachine>,
  send: (event: ActionOutcomeEvent) => void,
) {
  const { reply, rewards } = snapshot.context;
  const progress: RewardProgress | null = reply && rewards ? rewardProgressOf(rewards, reply.greenMiles) : null;
  return {
    root: { 'data-scope': 'action-outcome', 'data-state': dataStateOf(snapshot) },
    celebratedPoints: snapshot.matches({ celebration: 'showing' }) ? (reply?.greenMilesChange ?? 0) : null,
    message: reply?.message ?? null,
    progress,
    onClose: () => send({ type: 'celebration.close' }),
  } as const;
}
