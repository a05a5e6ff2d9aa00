import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, type InputFrom, type SnapshotFrom } from 'xstate';
import { ACTION_TYPE_RULES, ACTION_TYPES, ANSWER_MODALS } from '../../contract/action-types.ts';
import { MODAL_MACHINES } from '../../machines/actionModals.ts';
import { heatingMachine } from '../../machines/dialogs/heating.machine.ts';
import { lunicleanMachine } from '../../machines/dialogs/luniclean.machine.ts';
import { reviewMachine } from '../../machines/dialogs/review.machine.ts';
import type { SubmissionInput } from '../../machines/dialogs/submission.ts';
import { yesNoMachine } from '../../machines/dialogs/yesNo.machine.ts';
import { NETWORK_FAILURE } from '../../machines/failureTexts.ts';
import { ApiError } from '../../src/api/http.ts';
import { connectHeating } from '../../src/views/actions/modals/heating.connect.ts';
import { connectLuniclean } from '../../src/views/actions/modals/luniclean.connect.ts';
import { ACTION_MODALS } from '../../src/views/actions/modals/registry.ts';
import { connectAnswerSubmission } from '../../src/views/actions/modals/submission.connect.ts';
import { connectYesNo } from '../../src/views/actions/modals/yesNo.connect.ts';
import { NOT_ENOUGH, SUBMITTED } from './action-modal-harness.tsx';
import { controlledActors } from './controlled-actors.ts';
import { makeAction, PROFILE_ID, STAY_ID } from './stay-fixtures.ts';

const INPUT: SubmissionInput = { actId: 7, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: null };

/** A flow started with a controlled `submitAnswer`, as the action launch runs it. */
function start<Logic extends AnyActorLogic & { provide(implementations: object): Logic }>(
  machine: Logic,
  input: InputFrom<Logic>,
) {
  const controlled = controlledActors(['submitAnswer']);
  const actor = createActor(machine.provide({ actors: controlled.actors }), { input });
  actor.start();
  const settled = () => new Promise((resolve) => setTimeout(resolve));
  return { actor, controlled, settled, snapshot: () => actor.getSnapshot() as SnapshotFrom<Logic> };
}

describe('the connect layer turns a submission flow into props', () => {
  it('answer-once: the chosen answer, whether the guest may answer, the outcome', async () => {
    const flow = start(reviewMachine, INPUT);
    const send = vi.fn(flow.actor.send);
    let props = connectAnswerSubmission(flow.snapshot(), send);
    expect(props).toMatchObject({ state: 'choosing.idle', canAnswer: true, chosen: null, submitting: false });

    props.submit(3);
    expect(send).toHaveBeenCalledWith({ type: 'answer.submit', answer: 3 });
    props = connectAnswerSubmission(flow.snapshot(), send);
    expect(props).toMatchObject({ state: 'submitting', canAnswer: false, chosen: 3, submitting: true });
    expect(flow.controlled.calls.at(-1)?.input).toMatchObject({ actId: 7, type: 'REVIEW', body: { rating: 3 } });

    flow.controlled.reject('submitAnswer', NOT_ENOUGH);
    await flow.settled();
    props = connectAnswerSubmission(flow.snapshot(), send);
    expect(props).toMatchObject({ state: 'choosing.notEnoughPoints', canAnswer: true, notEnoughPoints: true });

    props.submit(4);
    flow.controlled.resolve('submitAnswer', SUBMITTED);
    await flow.settled();
    props = connectAnswerSubmission(flow.snapshot(), send);
    expect(props).toMatchObject({ state: 'submitted', canAnswer: false, reply: SUBMITTED, notEnoughPoints: false });
    // The reply is the flow's output, which the launch reports to the stay page's root.
    expect(flow.actor.getSnapshot()).toMatchObject({ status: 'done', output: SUBMITTED });
  });

  it('heating: the dial bounds and the keys that move it', () => {
    const flow = start(heatingMachine, { ...INPUT, temperature: 30, earned: false });
    let props = connectHeating(flow.snapshot(), flow.actor.send);
    expect(props).toMatchObject({
      temperature: 30,
      status: 'tooHigh',
      canRaise: false,
      canLower: true,
    });

    const preventDefault = vi.fn();
    props.onKeyDown({ key: 'ArrowDown', preventDefault });
    props.onKeyDown({ key: 'ArrowLeft', preventDefault });
    expect(preventDefault).toHaveBeenCalledOnce();
    props = connectHeating(flow.snapshot(), flow.actor.send);
    expect(props).toMatchObject({ temperature: 29, canRaise: true });

    props.submit();
    props = connectHeating(flow.snapshot(), flow.actor.send);
    expect(props).toMatchObject({ state: 'submitting', adjusting: false, canRaise: false, canLower: false });
    props.onKeyDown({ key: 'ArrowUp', preventDefault });
    expect(connectHeating(flow.snapshot(), flow.actor.send).temperature).toBe(29);
  });

  it('yes/no: the rewarded answer, the confirmation of a loss', () => {
    const action = makeAction({ actId: 7, actType: 'YESNOMAIL', actPositiveResponse: 'YES', response: 'YES' });
    const flow = start(yesNoMachine, { ...INPUT, action });
    let props = connectYesNo(flow.snapshot(), flow.actor.send);
    expect(props).toMatchObject({ state: 'ready.idle', answer: 'yes', rewardedAnswer: 'yes', choicesDisabled: false });

    props.choose('no');
    props = connectYesNo(flow.snapshot(), flow.actor.send);
    expect(props).toMatchObject({ state: 'confirmingLoss', confirming: true, choicesDisabled: true });

    props.confirmChange();
    props = connectYesNo(flow.snapshot(), flow.actor.send);
    expect(props).toMatchObject({ state: 'submitting', answer: 'no', submitting: true, choicesDisabled: true });
    expect(flow.controlled.calls.at(-1)?.input).toMatchObject({ type: 'YESNOMAIL', body: { response: false } });
  });

  it('luniclean: the pending decision shows while it is sent, the previous one comes back on a failure', async () => {
    const action = makeAction({ actId: 7, actType: 'LUNICLEAN', response: null });
    const input = { ...INPUT, action, roomNumber: '101', today: '2026-11-22', cleaningDate: '2026-11-22' };
    const flow = start(lunicleanMachine, input);
    let props = connectLuniclean(flow.snapshot(), flow.actor.send);
    expect(props).toMatchObject({ answer: 'undecided', rewardedAnswer: 'skipped' });

    props.skip();
    props = connectLuniclean(flow.snapshot(), flow.actor.send);
    expect(props).toMatchObject({ state: 'submitting', answer: 'skipped' });

    flow.controlled.reject('submitAnswer', new ApiError(0, 'network_error', 'Failed to fetch'));
    await flow.settled();
    props = connectLuniclean(flow.snapshot(), flow.actor.send);
    expect(props).toMatchObject({ state: 'ready.failed', answer: 'undecided', failed: true });
    // Chosen by code, never the library's text (issue 15).
    expect(props.error).toBe(NETWORK_FAILURE);

    // 'Réessayer' sends the same decision again.
    props.retry();
    props = connectLuniclean(flow.snapshot(), flow.actor.send);
    expect(props).toMatchObject({ state: 'submitting', answer: 'skipped', error: null });
    expect(flow.controlled.calls.at(-1)?.input).toMatchObject({ type: 'LUNICLEAN' });
  });
});

describe("the flows of the submission family need the app's submitAnswer", () => {
  it('fails the send when started without the view-provided submitAnswer', async () => {
    const actor = createActor(reviewMachine, { input: INPUT }).start();
    actor.send({ type: 'answer.submit', answer: 2 });
    await new Promise((resolve) => setTimeout(resolve));
    expect(actor.getSnapshot().value).toEqual({ choosing: 'failed' });
  });
});

describe('the modal registry', () => {
  it('gives the launch a machine for every answer dialog, and every type sending an answer one of them', () => {
    const answerKinds: readonly string[] = ANSWER_MODALS;
    expect(Object.keys(MODAL_MACHINES).sort()).toEqual([...answerKinds].sort());
    for (const type of ACTION_TYPES) {
      const { submissionPath, modal } = ACTION_TYPE_RULES[type];
      expect(answerKinds.includes(modal), type).toBe(submissionPath !== null);
    }
  });

  it('has one view per modal kind of the action-type registry, and the completed summary', () => {
    for (const type of ACTION_TYPES) expect(ACTION_MODALS[type], type).toBeDefined();
    expect(ACTION_MODALS.COMPLETED).toBeDefined();
    const sameKind = ACTION_TYPES.filter((type) => ACTION_TYPE_RULES[type].modal === 'yesNo');
    expect(sameKind).toEqual(['YESNO', 'YESNOSTAY', 'YESNOMAIL']);
    expect(new Set(sameKind.map((type) => ACTION_MODALS[type])).size).toBe(1);
  });
});
