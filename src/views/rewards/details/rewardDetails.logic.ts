import { fromPromise } from 'xstate';
import {
  type EmailSendInput,
  rewardEmailMachine,
  type ShareContent,
} from '../../../../machines/rewardEmail.machine.ts';
import { emailReward } from '../../../api/rewards.ts';

const stayOf = (input: { sUUID: string; profileUUID: string }) => ({
  sUUID: input.sUUID,
  profileUUID: input.profileUUID,
});

/** The e-mail sending with its real call, and the browser's share sheet. */
export const rewardEmailLogic = rewardEmailMachine.provide({
  actors: {
    emailReward: fromPromise(({ input }: { input: EmailSendInput }) =>
      emailReward(stayOf(input), input.rwId, input.email, input.language),
    ),
    shareReward: fromPromise(({ input }: { input: ShareContent }) => navigator.share(input)),
  },
});

/** 'Sharing not supported' (docs/behaviour.md#e-mail-and-sharing) applies where the Web Share API is missing. */
export const browserCanShare = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';
