import { assign, type DoneActorEvent, type ErrorActorEvent, sendParent, setup } from 'xstate';
import { errorCodeOf } from '../contract/errors.ts';
import type { StaffCodeCheckReply, StaffCodeRedeemReply } from '../contract/schemas.ts';
import type { StaffConsoleEvent, StaffSectionInput } from './staffConsole.machine.ts';
import { isStaffRefusal, staffRefusalEventOf } from './staffRefusal.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The staff page's reward code check (docs/behaviour.md#staff-code-check), in two steps so that a check never uses a
 * reward by itself: a code typed, or scanned (scanning: the camera reads the QR code of the guest's code, ▶
 * checking, or scanFailed; `scan.cancel` back to idle) ▶ checking (POST /api/staff/codes/verify, which changes
 * nothing) ▶ usable | alreadyUsed | rewardExpired (past its `validUntil`, not used: staff do not hand it over) |
 * unknownCode | ambiguousCode | failed. From usable, the staff's explicit `code.redeem` ▶ redeeming (POST
 * /api/staff/codes/redeem) ▶ redeemed (used now) | alreadyUsed (another desk was first) | rewardExpired (it expired
 * in between) | redeemFailed (not used; `code.redeem` again). Every answer leaves the field ready for the next code.
 * A hand-over the server answered tells the staff page (`staffCode.redeemed`), which reloads the day's uses; a call
 * refused for who is signed in (machines/staffRefusal.ts) ends the check and tells the page too.
 */

export interface CodeCheckInput {
  hId: number;
  token: string;
  code: string;
}

/** Why the camera read no code: refused, absent, or anything else (docs/behaviour.md#today-tab). */
export type ScanFailure = 'denied' | 'noCamera' | 'failed';

export interface StaffCodeCheckContext {
  hId: number;
  token: string;
  /** The code last sent, as typed or scanned. */
  code: string;
  result: StaffCodeCheckReply | null;
  scanFailure: ScanFailure | null;
}

export type StaffCodeCheckEvent =
  | { type: 'code.check'; code: string }
  /** The staff hand the checked reward over: the code is used. */
  | { type: 'code.redeem' }
  | { type: 'scan.start' }
  | { type: 'scan.cancel' };

function scanFailureOf(error: unknown): ScanFailure {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'failed';
}

export const staffCodeCheckMachine = setup({
  types: {
    input: {} as StaffSectionInput,
    context: {} as StaffCodeCheckContext,
    events: {} as StaffCodeCheckEvent,
  },
  actors: {
    checkCode: viewProvidedActor<StaffCodeCheckReply, CodeCheckInput>('checkCode'),
    redeemCode: viewProvidedActor<StaffCodeRedeemReply, CodeCheckInput>('redeemCode'),
    /** Opens the camera on the preview and answers the text of the first QR code it reads; stopped on exit. */
    scanCode: viewProvidedActor<string, void>('scanCode'),
  },
  actions: {
    holdCode: assign({ code: (_, code: string) => code.trim(), result: null, scanFailure: null }),
    holdScanFailure: assign({ scanFailure: (_, error: unknown) => scanFailureOf(error), result: null }),
    clearAnswer: assign({ result: null, scanFailure: null }),
    holdResult: assign({ result: (_, result: StaffCodeCheckReply) => result }),
    reportRefusal: sendParent((_, error: unknown) => staffRefusalEventOf(error)),
    announceRedeem: sendParent({ type: 'staffCode.redeemed' } satisfies StaffConsoleEvent),
  },
  guards: {
    hasCode: (_, code: string) => code.trim().length > 0,
    redeemedNow: (_, result: StaffCodeRedeemReply) => result.redeemedNow,
    /** Past its validity and never used: nothing to hand over. */
    expiredUnused: (_, result: StaffCodeCheckReply) => result.expired && result.usedAt === null,
    usedBefore: (_, result: StaffCodeCheckReply) => result.usedAt !== null,
    refused: (_, error: unknown) => isStaffRefusal(error),
    isUnknownCode: (_, error: unknown) => errorCodeOf(error) === 'unknown_code',
    isAmbiguousCode: (_, error: unknown) => errorCodeOf(error) === 'ambiguous_code',
  },
}).createMachine({
  id: 'staffCodeCheck',
  context: ({ input }) => ({ hId: input.hId, token: input.token, code: '', result: null, scanFailure: null }),
  initial: 'idle',
  on: {
    'code.check': {
      guard: { type: 'hasCode', params: ({ event }) => event.code },
      target: '.checking',
      actions: { type: 'holdCode', params: ({ event }) => event.code },
    },
    'scan.start': { target: '.scanning', actions: 'clearAnswer' },
  },
  states: {
    idle: {},
    scanning: {
      tags: ['scanning'],
      on: { 'scan.cancel': 'idle', 'scan.start': {} },
      invoke: {
        id: 'scanCode',
        src: 'scanCode',
        onDone: {
          target: 'checking',
          actions: { type: 'holdCode', params: ({ event }: { event: DoneActorEvent<string> }) => event.output },
        },
        onError: {
          target: 'scanFailed',
          actions: { type: 'holdScanFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    scanFailed: {},
    checking: {
      tags: ['checking'],
      // One check at a time: a second code waits for the answer to the first.
      on: { 'code.check': {}, 'scan.start': {} },
      invoke: {
        id: 'checkCode',
        src: 'checkCode',
        input: ({ context }) => ({ hId: context.hId, token: context.token, code: context.code }),
        onDone: [
          {
            guard: {
              type: 'expiredUnused',
              params: ({ event }: { event: DoneActorEvent<StaffCodeCheckReply> }) => event.output,
            },
            target: 'rewardExpired',
            actions: { type: 'holdResult', params: ({ event }) => event.output },
          },
          {
            guard: {
              type: 'usedBefore',
              params: ({ event }: { event: DoneActorEvent<StaffCodeCheckReply> }) => event.output,
            },
            target: 'alreadyUsed',
            actions: { type: 'holdResult', params: ({ event }) => event.output },
          },
          { target: 'usable', actions: { type: 'holdResult', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'refused', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'refused',
            actions: { type: 'reportRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          {
            guard: { type: 'isUnknownCode', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'unknownCode',
          },
          {
            guard: { type: 'isAmbiguousCode', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'ambiguousCode',
          },
          { target: 'failed' },
        ],
      },
    },
    /** Valid and unused: staff hand the reward over, then say so. */
    usable: {
      on: { 'code.redeem': 'redeeming' },
    },
    redeeming: {
      tags: ['redeeming'],
      // The hand-over is answered before anything else starts.
      on: { 'code.check': {}, 'scan.start': {} },
      invoke: {
        id: 'redeemCode',
        src: 'redeemCode',
        input: ({ context }) => ({
          hId: context.hId,
          token: context.token,
          code: context.result?.code ?? context.code,
        }),
        onDone: [
          {
            guard: {
              type: 'redeemedNow',
              params: ({ event }: { event: DoneActorEvent<StaffCodeRedeemReply> }) => event.output,
            },
            target: 'redeemed',
            actions: [{ type: 'holdResult', params: ({ event }) => event.output }, 'announceRedeem'],
          },
          {
            guard: {
              type: 'expiredUnused',
              params: ({ event }: { event: DoneActorEvent<StaffCodeRedeemReply> }) => event.output,
            },
            target: 'rewardExpired',
            actions: { type: 'holdResult', params: ({ event }) => event.output },
          },
          {
            target: 'alreadyUsed',
            actions: [{ type: 'holdResult', params: ({ event }) => event.output }, 'announceRedeem'],
          },
        ],
        onError: [
          {
            guard: { type: 'refused', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'refused',
            actions: { type: 'reportRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          { target: 'redeemFailed' },
        ],
      },
    },
    /** The hand-over was not recorded: the reward is still unused, the staff try again. */
    redeemFailed: {
      on: { 'code.redeem': 'redeeming' },
    },
    redeemed: {},
    alreadyUsed: {},
    rewardExpired: {},
    unknownCode: {},
    ambiguousCode: {},
    failed: {},
    /** The staff page takes over (the PIN asked again, or who the session is now). */
    refused: { type: 'final' },
  },
});
