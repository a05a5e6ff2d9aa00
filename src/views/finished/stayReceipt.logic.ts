import { fromPromise } from 'xstate';
import type { ReceiptEmailReply, StayReceiptReply } from '../../../contract/schemas.ts';
import {
  type ReceiptEmailInput,
  type StayReceiptInput,
  stayReceiptMachine,
} from '../../../machines/stayReceipt.machine.ts';
import { emailReceipt, getReceipt } from '../../api/stays.ts';

/** The receipt's flow with its real calls. */
export const stayReceiptLogic = stayReceiptMachine.provide({
  actors: {
    loadReceipt: fromPromise<StayReceiptReply, StayReceiptInput>(({ input }) => getReceipt(input, input.language)),
    emailReceipt: fromPromise<ReceiptEmailReply, ReceiptEmailInput>(({ input }) =>
      emailReceipt(input, input.email, input.language),
    ),
  },
});
