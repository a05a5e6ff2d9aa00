import type { SnapshotFrom } from 'xstate';
import { type ProofEvent, type proofMachine, returnStayOf } from '../../../machines/dialogs/proof.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

type ProofSnapshot = SnapshotFrom<typeof proofMachine>;

/** What the proof page shows: the wait, the outcome, or the failure with its way out. */
export type ProofScreen =
  | { kind: 'loading' }
  | { kind: 'succeeded'; points: number }
  | { kind: 'alreadyValidated' }
  | {
      kind: 'failed';
      error: NonNullable<ProofSnapshot['context']['error']>;
      /** The way out: back to the stay the page knows, else to the welcome page. */
      leadsTo: 'stay' | 'home';
      onLeave(): void;
      onRetry: (() => void) | undefined;
    };

/** The proof page's props: its DOM contract and the screen of its state. */
export function connectProof(snapshot: ProofSnapshot, send: (event: ProofEvent) => void) {
  return {
    root: { 'data-scope': 'proof', 'data-state': dataStateOf(snapshot) },
    screen: screenOf(snapshot, send),
  } as const;
}

function screenOf(snapshot: ProofSnapshot, send: (event: ProofEvent) => void): ProofScreen {
  const { context } = snapshot;
  if (snapshot.matches('failed') && context.error) {
    return {
      kind: 'failed',
      error: context.error,
      leadsTo: returnStayOf(context) ? 'stay' : 'home',
      onLeave: () => send({ type: 'proof.leave' }),
      onRetry: snapshot.can({ type: 'proof.retry' }) ? () => send({ type: 'proof.retry' }) : undefined,
    };
  }
  if (snapshot.matches('alreadyValidated')) return { kind: 'alreadyValidated' };
  if (snapshot.matches('succeeded') || snapshot.matches('leftWithPoints')) {
    return { kind: 'succeeded', points: context.reply?.greenMilesChange ?? 0 };
  }
  return { kind: 'loading' };
}
