import type { ComponentType } from 'react';
import { assign, fromPromise, setup } from 'xstate';
import { ANSWER_MODALS } from '../../contract/action-types.ts';
import type { Quiz, SubmissionReply } from '../../contract/schemas.ts';
import type { ModalMachines } from '../../machines/actionModals.ts';
import { actionLaunchMachine } from '../../machines/dialogs/actionLaunch.machine.ts';
import { Sheet } from '../../src/components/Sheet.tsx';
import type { ActionModalProps } from '../../src/views/actions/modals/types.ts';

/** What a stub modal's submit button replies. */
export const STUB_REPLY = { message: 'Merci pour votre réponse positive!', greenMilesChange: 10, greenMiles: 50 };

/** A question for the stubbed QUIZ actions (the launch runs no quiz machine without one). */
export const STUB_QUIZ: Quiz = {
  question: { text: 'Question ?' },
  answers: [{ qaPosition: 1, text: 'Oui' }],
  solution: null,
};

/**
 * A stand-in for every modal machine (the launch's child `modal`): it sends the reply its stub view gives (tagged
 * `submitting` while `submitAnswer` runs, at once by default) and ends with it, as a real modal machine ends with the
 * server's.
 */
export const stubModalMachine = setup({
  types: {
    context: {} as { reply: SubmissionReply | null },
    events: {} as { type: 'stub.submit'; reply: SubmissionReply },
    output: {} as SubmissionReply,
  },
  actors: {
    submitAnswer: fromPromise<SubmissionReply, SubmissionReply>(async ({ input }) => input),
  },
}).createMachine({
  id: 'stubModal',
  context: { reply: null },
  initial: 'open',
  states: {
    open: {
      on: { 'stub.submit': { target: 'submitting', actions: assign({ reply: ({ event }) => event.reply }) } },
    },
    submitting: {
      tags: 'submitting',
      invoke: {
        src: 'submitAnswer',
        input: ({ context }) => context.reply ?? STUB_REPLY,
        onDone: { target: 'submitted', actions: assign({ reply: ({ event }) => event.output }) },
      },
    },
    submitted: { type: 'final' },
  },
  output: ({ context }) => context.reply ?? STUB_REPLY,
});

/** The launch with `modal` standing for the machine of every modal kind. */
export function launchWithModal(modal: typeof stubModalMachine): typeof actionLaunchMachine {
  const modals: unknown = Object.fromEntries(ANSWER_MODALS.map((kind) => [kind, modal]));
  return actionLaunchMachine.provide({ actors: modals as ModalMachines });
}

/** The launch with the stub machine for every modal kind, so host tests do not depend on the real modal flows. */
export const stubbedLaunchMachine = launchWithModal(stubModalMachine);

/**
 * A stand-in modal that shows what the host gave it and can submit through the launch's child: the points of its
 * reply are the action's description when that is a number (so a test chooses them per action), else STUB_REPLY's.
 */
function StubModal({ modalKey, action, endDate, nights, flow, onClose }: ActionModalProps & { modalKey: string }) {
  return (
    <Sheet title={`modal ${modalKey}`} onClose={onClose} scope="stub-modal">
      <p data-part="props">{`${action.aadName}|${endDate ?? 'none'}|${nights ?? 'none'}`}</p>
      <button
        type="button"
        onClick={() =>
          flow?.send({
            type: 'stub.submit',
            reply: { ...STUB_REPLY, greenMilesChange: Number(action.aadDescription || STUB_REPLY.greenMilesChange) },
          })
        }
      >
        submit
      </button>
    </Sheet>
  );
}

export const STUB_KEYS = [
  'COMPLETED',
  'CLAIM',
  'REVIEW',
  'YESNO',
  'LUNICLEAN',
  'HEATING',
  'QUIZ',
  'LUNISHOWER',
  'PROOF',
];

/** Replaces src/views/actions/modals/registry.ts (vi.mock), so host tests do not depend on the real modals. */
export const stubRegistry = {
  ACTION_MODALS: Object.fromEntries(
    STUB_KEYS.map((key): [string, ComponentType<ActionModalProps>] => [
      key,
      (props: ActionModalProps) => <StubModal modalKey={key} {...props} />,
    ]),
  ),
  FALLBACK_ACTION_TYPE: 'REVIEW',
};
