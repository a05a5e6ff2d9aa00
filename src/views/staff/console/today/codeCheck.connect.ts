import type { SnapshotFrom } from 'xstate';
import type { StaffCodeCheckEvent, staffCodeCheckMachine } from '../../../../../machines/staffCodeCheck.machine.ts';
import { dataStateOf } from '../../../binding/dataState.ts';

type CodeCheckSnapshot = SnapshotFrom<typeof staffCodeCheckMachine>;

/** What the code check shows after a check (docs/behaviour.md#staff-code-check). */
export type CodeCheckOutcome =
  | 'usable'
  | 'redeemFailed'
  | 'redeemed'
  | 'alreadyUsed'
  | 'rewardExpired'
  | 'unknownCode'
  | 'ambiguousCode'
  | 'failed'
  | 'scanFailed';

const OUTCOMES: readonly CodeCheckOutcome[] = [
  'usable',
  'redeemFailed',
  'redeemed',
  'alreadyUsed',
  'rewardExpired',
  'unknownCode',
  'ambiguousCode',
  'failed',
  'scanFailed',
];

export function connectCodeCheck(snapshot: CodeCheckSnapshot, send: (event: StaffCodeCheckEvent) => void) {
  const { context } = snapshot;
  return {
    root: { 'data-state': dataStateOf(snapshot) },
    checking: snapshot.hasTag('checking'),
    scanning: snapshot.hasTag('scanning'),
    redeeming: snapshot.hasTag('redeeming'),
    scanFailure: context.scanFailure,
    /** The answer shown: while the hand-over is recorded, the checked reward stays on screen. */
    outcome: snapshot.hasTag('redeeming')
      ? ('usable' as const)
      : (OUTCOMES.find((outcome) => snapshot.matches(outcome)) ?? null),
    /** The code last sent, as typed or scanned. */
    code: context.code,
    result: context.result,
    onCheck: (code: string) => send({ type: 'code.check', code }),
    onRedeem: () => send({ type: 'code.redeem' }),
    onScan: () => send({ type: 'scan.start' }),
    onCancelScan: () => send({ type: 'scan.cancel' }),
  } as const;
}

export type CodeCheckProps = ReturnType<typeof connectCodeCheck>;
