import type { AnyStateMachine, InputFrom, PromiseActorLogic } from 'xstate';
import { type ActionModal, ANSWER_MODALS, type AnswerModal, rulesOf } from '../contract/action-types.ts';
import { startingTemperature } from '../contract/answer-rules.ts';
import { answerStateOf } from '../contract/recorded-answers.ts';
import type { Action, SubmissionReply, SubmissionRequest } from '../contract/schemas.ts';
import { claimActionMachine } from './dialogs/claimAction.machine.ts';
import { customMachine } from './dialogs/custom.machine.ts';
import { heatingMachine } from './dialogs/heating.machine.ts';
import { lunicleanMachine } from './dialogs/luniclean.machine.ts';
import { quizMachine } from './dialogs/quiz.machine.ts';
import { reviewMachine } from './dialogs/review.machine.ts';
import type { SubmissionInput } from './dialogs/submission.ts';
import { type YesNoInput, yesNoMachine } from './dialogs/yesNo.machine.ts';

/**
 * The machine of each answer dialog of the contract (contract/action-types.ts `ANSWER_MODALS`), and how the action
 * launch builds its input. The launch (machines/dialogs/actionLaunch.machine.ts) runs the machine of the opened
 * action's kind as its child `modal`; each ends with the server's reply as its output. The instructions dialogs have
 * no machine.
 */

/** What the launch knows when it opens the modal. */
export interface ModalLaunch {
  action: Action;
  sUUID: string;
  profileUUID: string;
  language: string;
  /** The end date the launch settled on (YYYY-MM-DD), else null. */
  endDate: string | null;
  roomNumber: string | null;
  /** Today at the hotel by the server's clock (the stay's `today`). */
  today: string;
  /** The day skipping the cleaning speaks of, by the server's clock (the stay's `cleaningDate`). */
  cleaningDate: string;
}

/** The submission fields of every modal machine's input. */
function submissionOf(launch: ModalLaunch): SubmissionInput {
  return {
    actId: launch.action.actId,
    uuid: launch.profileUUID,
    sUUID: launch.sUUID,
    lang: launch.language,
    endDate: launch.endDate ?? launch.action.endDate,
  };
}

/** The yes-or-no dialogs (yes/no types, short shower) share one machine, which reads the type from the action. */
function yesNoInputOf(launch: ModalLaunch): YesNoInput {
  return { ...submissionOf(launch), action: launch.action };
}

interface ModalFlow<Machine extends AnyStateMachine> {
  machine: Machine;
  /** The machine's input, or null when the action cannot run it (a quiz without its question). */
  inputOf(launch: ModalLaunch): InputFrom<Machine> | null;
}

function modalFlow<Machine extends AnyStateMachine>(
  machine: Machine,
  inputOf: (launch: ModalLaunch) => InputFrom<Machine> | null,
): ModalFlow<Machine> {
  return { machine, inputOf };
}

export const ACTION_MODAL_FLOWS = {
  yesNo: modalFlow(yesNoMachine, yesNoInputOf),
  luniclean: modalFlow(lunicleanMachine, (launch) => ({
    ...submissionOf(launch),
    action: launch.action,
    roomNumber: launch.roomNumber,
    today: launch.today,
    cleaningDate: launch.cleaningDate,
  })),
  lunishower: modalFlow(yesNoMachine, yesNoInputOf),
  heating: modalFlow(heatingMachine, (launch) => ({
    ...submissionOf(launch),
    temperature: startingTemperature(launch.action.temperature),
    earned: answerStateOf(launch.action) === 'earned' && launch.action.actReward > 0,
  })),
  review: modalFlow(reviewMachine, submissionOf),
  custom: modalFlow(customMachine, submissionOf),
  // The view shows the question and answers of the action; the machine needs none of them.
  quiz: modalFlow(quizMachine, (launch) => (launch.action.quiz ? submissionOf(launch) : null)),
  claim: modalFlow(claimActionMachine, submissionOf),
} satisfies Record<AnswerModal, ModalFlow<AnyStateMachine>>;

export type ModalMachines = { [Kind in AnswerModal]: (typeof ACTION_MODAL_FLOWS)[Kind]['machine'] };

/** The machines by modal kind (the launch's actors of the same names). */
export const MODAL_MACHINES = Object.fromEntries(
  ANSWER_MODALS.map((kind) => [kind, ACTION_MODAL_FLOWS[kind].machine]),
) as ModalMachines;

/** The modal kind of an action (an unknown type draws the fallback type's). */
export function modalKindOf(action: Action): ActionModal {
  return rulesOf(action.actType).modal;
}

/** The input of the `kind` modal machine for this launch, or null when it cannot run. */
export function modalInputOf(kind: AnswerModal, launch: ModalLaunch): unknown {
  return ACTION_MODAL_FLOWS[kind].inputOf(launch);
}

/** Every modal machine with the one real `submitAnswer` (POST /api/actions/{actId}/{path}), provided once. */
export function withSubmitAnswer(submitAnswer: PromiseActorLogic<SubmissionReply, SubmissionRequest>): ModalMachines {
  return Object.fromEntries(
    ANSWER_MODALS.map((kind) => {
      // Each kind's machine declares the same `submitAnswer`; their union cannot be provided in one call.
      const machine: AnyStateMachine = MODAL_MACHINES[kind];
      return [kind, machine.provide({ actors: { submitAnswer } })];
    }),
  ) as ModalMachines;
}
