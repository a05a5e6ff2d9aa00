import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, SimulatedClock } from 'xstate';
import type { Action, SubmissionReply, SubmissionRequest } from '../../contract/schemas.ts';
import { withSubmitAnswer } from '../../machines/actionModals.ts';
import { actionsListMachine } from '../../machines/actionsList.machine.ts';
import { copyCodeMachine } from '../../machines/copyCode.machine.ts';
import { actionLaunchMachine } from '../../machines/dialogs/actionLaunch.machine.ts';
import { rewardClaimMachine } from '../../machines/dialogs/rewardClaim.machine.ts';
import { rewardEmailMachine } from '../../machines/dialogs/rewardEmail.machine.ts';
import { rewardsListMachine } from '../../machines/rewardsList.machine.ts';
import { type StayInput, stayMachine } from '../../machines/stay.machine.ts';
import { staySessionMachine } from '../../machines/staySession.machine.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import { reward } from '../app/rewards-fixtures.ts';
import { makeAction, makeHotel, makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

/** The whole stay page flow as machines only: no React, no DOM, the calls settled by the test, a simulated clock. */

const TODAY = '2026-11-21';
const input: StayInput = {
  sUUID: STAY_ID,
  profileUUID: PROFILE_ID,
  isDemoPath: false,
  page: 'actions',
  language: 'fr',
  welcomeShown: false,
};

function startStay(overrides: Partial<StayInput> = {}) {
  const calls = controlledActors([
    'loadStay',
    'loadHotel',
    'loadActions',
    'saveEndDate',
    'submitAnswer',
    'loadRewards',
    'claimReward',
    'getRewardCode',
    'emailReward',
    'writeClipboard',
  ]);
  const effects = {
    redirectToDemo: vi.fn(),
    redirectOutOfDemo: vi.fn(),
    redirectToFinished: vi.fn(),
    rememberStay: vi.fn(),
    rememberWelcomeShown: vi.fn(),
    leaveProofSuccessAddress: vi.fn(),
    goToActionsPage: vi.fn(),
  };
  const logic = stayMachine.provide({
    actions: effects,
    actors: {
      staySession: calls.provideTo(staySessionMachine),
      actionsList: calls.provideTo(actionsListMachine),
      // The launch's chunk is already here: preparing it loads nothing.
      prepareLaunch: fromPromise(async () => {}),
      // The real modal machines, with the one submit call the test settles.
      actionLaunch: calls.provideTo(actionLaunchMachine).provide({
        actors: withSubmitAnswer(calls.actorAs<SubmissionReply, SubmissionRequest>('submitAnswer')),
      }),
      // The real claim machine runs as the list's child, with its real children; their calls settled by the test.
      rewardsList: calls.provideTo(rewardsListMachine).provide({
        actors: {
          rewardClaim: calls.provideTo(rewardClaimMachine).provide({
            actors: { rewardEmail: calls.provideTo(rewardEmailMachine), copyCode: calls.provideTo(copyCodeMachine) },
          }),
        },
      }),
    },
  });
  const clock = new SimulatedClock();
  const stay = createActor(logic, { input: { ...input, ...overrides }, clock }).start();
  return { stay, calls, effects, clock };
}

/** Lets settled promises reach their actors. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function stateOf(ref: AnyActorRef | undefined): unknown {
  return ref?.getSnapshot().value;
}

const towels = makeAction({
  actId: 7,
  actType: 'YESNO',
  actScope: 'HOTEL',
  aadName: 'Serviettes',
  actPositiveResponse: 'YES',
  actReward: 15,
});
const waterQuiz = makeAction({
  actId: 9,
  actType: 'QUIZ',
  actScope: 'HOTEL',
  aadName: "Quiz de l'eau",
  actReward: 15,
  quiz: {
    question: { text: 'Combien de litres pour une douche de 5 minutes ?' },
    answers: [
      { qaPosition: 1, text: '10 litres' },
      { qaPosition: 2, text: '60 litres' },
    ],
    solution: null,
  },
});
const roomReview = makeAction({ actId: 8, actType: 'REVIEW', actScope: 'ROOM', aadName: 'Votre avis' });
const coffee = reward({ rwId: 1, rwType: 'GENERIC', radName: 'Café offert', rwCost: 30 });
const spaCode = reward({ rwId: 2, rwType: 'CODE', radName: 'Spa', isClaimed: 1, code: null });
/** What a rewards card sends with its reward besides its id. */
const OPENING = { balance: 100, codePrefix: 'TIL', canShare: false, canEmail: true };
const reply = { message: 'Merci pour votre réponse positive!', greenMilesChange: 15, greenMiles: 55 };

/** What a card's button sends the root. */
function opening(action: Action) {
  return {
    type: 'action.open',
    action,
    stayEndDate: null,
    stayLastDay: '2099-12-31',
    roomNumber: '101',
    today: TODAY,
    cleaningDate: TODAY,
  } as const;
}

describe('stay root machine: the actions page flow without React', () => {
  it('starts from the QR scan seed: ready at once, no call, welcome open; a demo reset then loads afresh', async () => {
    const seed = { stay: makeStay(), hotel: makeHotel(), actions: [towels], lang: 'fr' };
    const { stay, calls, effects } = startStay({ seed });
    await settle();
    // docs/frontend.md#qr-scan-to-actions: the stay, the hotel and the list come from the creation's answer.
    expect(calls.calls).toEqual([]);
    expect(stay.getSnapshot().value).toEqual({ ready: { actions: 'browsing' } });
    expect(effects.rememberStay).toHaveBeenCalledTimes(1);
    const children = () => stay.getSnapshot().children;
    expect(stateOf(children().session)).toEqual({ ready: 'idle' });
    expect(stateOf(children().actionsList)).toEqual({ ready: 'shown' });
    expect(children().actionsList?.getSnapshot().context.actions).toEqual([towels]);
    expect(stateOf(children().welcomePopup)).toBe('open');
    // The seed serves once: the list restarts by loading (a language change, or the page's flows restarting).
    expect(stay.getSnapshot().context.seed).toBeNull();
    stay.send({ type: 'language.change', language: 'en' });
    expect(calls.calls.at(-1)).toEqual({
      name: 'loadActions',
      input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, language: 'en' },
    });
  });

  it('loads the list when the seed is in another language than the page settles on', async () => {
    const seed = { stay: makeStay(), hotel: makeHotel(), actions: [towels], lang: 'en' };
    const { stay, calls } = startStay({ seed });
    await settle();
    expect(calls.calls.map((call) => call.name)).toEqual(['loadActions']);
    expect(stateOf(stay.getSnapshot().children.actionsList)).toBe('loading');
  });

  it('loads, welcomes, launches the yes/no modal, submits, refetches and celebrates after 300 ms (no toast)', async () => {
    const { stay, calls, effects, clock } = startStay();
    // The first loads start with the actor, before anything renders.
    expect(stay.getSnapshot().value).toBe('loading');
    expect(calls.isPending('loadStay')).toBe(true);

    calls.resolve('loadStay', makeStay());
    await settle();
    calls.resolve('loadHotel', makeHotel());
    await settle();
    expect(stay.getSnapshot().value).toEqual({ ready: { actions: 'browsing' } });
    expect(effects.rememberStay).toHaveBeenCalledTimes(1);
    const children = () => stay.getSnapshot().children;
    expect(stateOf(children().session)).toEqual({ ready: 'idle' });
    expect(stateOf(children().actionsList)).toBe('loading');
    expect(stateOf(children().welcomePopup)).toBe('waitingForActions');

    calls.resolve('loadActions', [towels]);
    await settle();
    expect(stateOf(children().actionsList)).toEqual({ ready: 'shown' });
    expect(stateOf(children().welcomePopup)).toBe('open');
    expect(effects.rememberWelcomeShown).toHaveBeenCalled();
    children().welcomePopup?.send({ type: 'welcome.close' });
    expect(stateOf(children().welcomePopup)).toBe('dismissed');

    stay.send(opening(towels));
    expect(stay.getSnapshot().value).toEqual({ ready: { actions: { launching: 'preparing' } } });
    await settle();
    expect(stay.getSnapshot().value).toEqual({ ready: { actions: { launching: 'running' } } });
    // The launch runs the yes/no machine of the action's modal kind as its child `modal`.
    expect(stateOf(children().actionLaunch)).toEqual({ active: { modal: 'yesNo' } });
    expect(children().actionLaunch?.getSnapshot().context).toMatchObject({ action: towels, today: TODAY });
    const modal = () => children().actionLaunch?.getSnapshot().children.modal as AnyActorRef | undefined;
    expect(stateOf(modal())).toEqual({ ready: 'idle' });

    // The guest answers yes: the machine sends it with the launch's guest, stay and language.
    modal()?.send({ type: 'answer.choose', answer: 'yes' });
    expect(stateOf(modal())).toBe('submitting');
    expect(calls.calls.at(-1)).toEqual({
      name: 'submitAnswer',
      input: {
        actId: 7,
        type: 'YESNO',
        body: { uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', response: true, endDate: null },
      },
    });

    // The reply ends the modal machine; the launch reports it to the root and ends.
    calls.resolve('submitAnswer', reply);
    await settle();
    expect(stay.getSnapshot().value).toEqual({ ready: { actions: 'browsing' } });
    expect(children().actionLaunch).toBeUndefined();
    // Points gained: the celebration is the one success message, the toast stays hidden (issue 15).
    expect(stateOf(children().submissionToast)).toBe('hidden');
    expect(stateOf(children().actionsList)).toEqual({ ready: 'reloading' });
    expect(stateOf(children().session)).toEqual({ ready: 'refreshing' });
    expect(stateOf(children().actionOutcome)).toEqual({ celebration: 'pending' });

    calls.resolve('loadActions', [{ ...towels, alreadyCompleted: true, response: 'YES' }]);
    calls.resolve('loadStay', makeStay({ greenMiles: 55 }));
    await settle();
    expect(stateOf(children().actionsList)).toEqual({ ready: 'shown' });
    expect(children().session?.getSnapshot().context.stay?.greenMiles).toBe(55);
    // The refreshed stay does not restart the page's flows.
    expect(stay.getSnapshot().value).toEqual({ ready: { actions: 'browsing' } });
    expect(stateOf(children().welcomePopup)).toBe('dismissed');

    clock.increment(299);
    expect(stateOf(children().actionOutcome)).toEqual({ celebration: 'pending' });
    clock.increment(1);
    expect(stateOf(children().actionOutcome)).toEqual({ celebration: 'showing' });
    children().actionOutcome?.send({ type: 'celebration.close' });
    expect(stateOf(children().actionOutcome)).toBe('idle');

    expect(stateOf(children().submissionToast)).toBe('hidden');
  });

  // docs/behaviour.md#action-completion (issue 25): the quiz sheet said 'Bonne réponse !' or 'Mauvaise réponse'
  // with its explanation; its one 'Continuer' leaves, with no 'Bravo !' and no toast repeating the verdict.
  it.each([
    { verdict: 'right', selectedPosition: 2, greenMilesChange: 15 },
    { verdict: 'wrong', selectedPosition: 1, greenMilesChange: 0 },
  ])('leaves a revealed quiz ($verdict answer) with one tap: no celebration, no toast', async (answer) => {
    const { stay, calls, clock } = startStay({ welcomeShown: true });
    calls.resolve('loadStay', makeStay());
    await settle();
    calls.resolve('loadHotel', makeHotel());
    await settle();
    calls.resolve('loadActions', [waterQuiz]);
    await settle();

    stay.send(opening(waterQuiz));
    await settle();
    const children = () => stay.getSnapshot().children;
    const modal = () => children().actionLaunch?.getSnapshot().children.modal as AnyActorRef | undefined;
    modal()?.send({ type: 'answer.pick', qaPosition: answer.selectedPosition });
    calls.resolve('submitAnswer', {
      message:
        answer.verdict === 'right' ? 'Bonne réponse ! Bravo !' : "Mauvaise réponse, mais merci d'avoir participé !",
      greenMilesChange: answer.greenMilesChange,
      greenMiles: 40 + answer.greenMilesChange,
      isCorrect: answer.verdict === 'right',
      solution: { correctPositions: [2], explanation: 'Environ 60 litres.' },
    });
    await settle();
    expect(stateOf(modal())).toBe('revealed');

    modal()?.send({ type: 'answer.confirm' });
    await settle();
    expect(stay.getSnapshot().value).toEqual({ ready: { actions: 'browsing' } });
    expect(stateOf(children().actionsList)).toEqual({ ready: 'reloading' });
    expect(stateOf(children().session)).toEqual({ ready: 'refreshing' });
    clock.increment(300);
    expect(stateOf(children().actionOutcome)).toBe('idle');
    expect(stateOf(children().submissionToast)).toBe('hidden');
  });

  it('saves a chosen end date, then refreshes the stay through the root', async () => {
    const { stay, calls } = startStay({ welcomeShown: true });
    calls.resolve('loadStay', makeStay());
    await settle();
    calls.resolve('loadHotel', makeHotel());
    await settle();
    calls.resolve('loadActions', [roomReview]);
    await settle();

    stay.send(opening(roomReview));
    await settle();
    const launch = () => stay.getSnapshot().children.actionLaunch;
    expect(stateOf(launch())).toEqual({ active: 'endDatePicker' });
    launch()?.getSnapshot().children.endDatePicker?.send({ type: 'date.choose', date: '2026-11-24' });
    launch()?.getSnapshot().children.endDatePicker?.send({ type: 'date.confirm' });
    expect(stateOf(launch())).toEqual({ active: 'savingEndDate' });
    calls.resolve('saveEndDate', makeStay({ endDate: '2026-11-24' }));
    await settle();
    expect(stateOf(launch())).toEqual({ active: { modal: 'review' } });
    expect(launch()?.getSnapshot().context.nights).toBe(3);
    // The review machine gets the saved end date.
    const review = launch()?.getSnapshot().children.modal as AnyActorRef | undefined;
    expect(review?.getSnapshot().context).toMatchObject({ endDate: '2026-11-24' });
    expect(stateOf(stay.getSnapshot().children.session)).toEqual({ ready: 'refreshing' });

    // Closing the modal ends the launch.
    launch()?.send({ type: 'launch.close' });
    expect(launch()).toBeUndefined();
    expect(stay.getSnapshot().value).toEqual({ ready: { actions: 'browsing' } });
  });

  it('reloads the list in a new language and shows a held proof toast once the page runs', async () => {
    const { stay, calls, effects } = startStay({ welcomeShown: true });
    stay.send({ type: 'proofSuccess.arrive', points: 20 });
    stay.send({ type: 'language.change', language: 'en' });
    calls.resolve('loadStay', makeStay());
    await settle();
    calls.resolve('loadHotel', makeHotel());
    await settle();
    expect(calls.calls.at(-1)).toEqual({
      name: 'loadActions',
      input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, language: 'en' },
    });
    expect(stateOf(stay.getSnapshot().children.proofToast)).toBe('visible');
    expect(effects.leaveProofSuccessAddress).toHaveBeenCalledTimes(1);

    stay.send({ type: 'language.change', language: 'ar' });
    expect(calls.calls.at(-1)?.input).toMatchObject({ language: 'ar' });
  });

  it('leaves for the address the stay belongs to', async () => {
    const { stay, calls, effects } = startStay();
    calls.resolve('loadStay', makeStay({ status: 'finished', remainingDays: 0 }));
    await settle();
    calls.resolve('loadHotel', makeHotel());
    await settle();
    expect(stay.getSnapshot().value).toBe('leaving');
    expect(effects.redirectToFinished).toHaveBeenCalledTimes(1);
    expect(effects.rememberStay).not.toHaveBeenCalled();
  });
});

describe('stay root machine: the rewards page flow without React', () => {
  it('loads the rewards, claims one through the list, reloads them and refreshes the stay, leads to the actions', async () => {
    const { stay, calls, effects } = startStay({ page: 'rewards' });
    calls.resolve('loadStay', makeStay());
    await settle();
    calls.resolve('loadHotel', makeHotel());
    await settle();
    expect(stay.getSnapshot().value).toEqual({ ready: 'rewards' });
    const rewards = () => stay.getSnapshot().children.rewardsList;
    calls.resolve('loadRewards', [coffee]);
    await settle();
    expect(stateOf(rewards())).toBe('loaded');

    // The guest opens the reward: its claim flow runs as the list's child.
    rewards()?.send({ type: 'reward.open', rwId: coffee.rwId, ...OPENING });
    const claim = () => rewards()?.getSnapshot().children.rewardClaim;
    expect(stateOf(claim())).toBe('locked');
    claim()?.send({ type: 'reward.unlock' });
    expect(stateOf(claim())).toBe('claiming');
    expect(calls.calls.at(-1)).toEqual({
      name: 'claimReward',
      input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, rwId: coffee.rwId },
    });

    // The claim reports to the list, the list to the root: the list reloads and the stay refreshes.
    calls.resolve('claimReward', { code: null, greenMiles: 70, claimedAt: '2026-11-23T17:05:00.000Z' });
    await settle();
    expect(stateOf(claim())).toEqual({ claimed: 'shown' });
    // A shown generic reward may be e-mailed or shared; it has no code to copy.
    expect(stateOf(claim()?.getSnapshot().children.rewardEmail)).toEqual({ email: 'closed', share: 'idle' });
    expect(claim()?.getSnapshot().children.copyCode).toBeUndefined();
    expect(stateOf(rewards())).toBe('reloading');
    expect(stateOf(stay.getSnapshot().children.session)).toEqual({ ready: 'refreshing' });
    calls.resolve('loadRewards', [{ ...coffee, isClaimed: 1 }]);
    calls.resolve('loadStay', makeStay({ greenMiles: 70 }));
    await settle();
    expect(stateOf(rewards())).toBe('loaded');
    expect(stay.getSnapshot().children.session?.getSnapshot().context.stay?.greenMiles).toBe(70);
    // The open reward's claim outlives the reload; closing the reward stops it.
    expect(stateOf(claim())).toEqual({ claimed: 'shown' });
    rewards()?.send({ type: 'reward.close' });
    expect(claim()).toBeUndefined();

    stay.send({ type: 'language.change', language: 'en' });
    expect(calls.calls.at(-1)).toEqual({
      name: 'loadRewards',
      input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, language: 'en' },
    });

    stay.send({ type: 'reward.earnPoints' });
    expect(effects.goToActionsPage).toHaveBeenCalledTimes(1);
  });

  it("runs a claimed code's copy and e-mail as children of its claim, in the root's system", async () => {
    const { stay, calls } = startStay({ page: 'rewards' });
    calls.resolve('loadStay', makeStay());
    await settle();
    calls.resolve('loadHotel', makeHotel());
    await settle();
    calls.resolve('loadRewards', [spaCode]);
    await settle();
    const rewards = () => stay.getSnapshot().children.rewardsList;
    const claim = () => rewards()?.getSnapshot().children.rewardClaim;
    const copy = () => claim()?.getSnapshot().children.copyCode;
    const email = () => claim()?.getSnapshot().children.rewardEmail;

    // Its code is not known yet: neither the copy nor the e-mail runs while it is fetched.
    rewards()?.send({ type: 'reward.open', rwId: spaCode.rwId, ...OPENING });
    expect(stateOf(claim())).toEqual({ claimed: 'fetchingCode' });
    expect(copy()).toBeUndefined();
    expect(email()).toBeUndefined();
    calls.resolve('getRewardCode', { success: 'OK', code: 'Z9Q' });
    await settle();
    expect(stateOf(claim())).toEqual({ claimed: 'shown' });
    expect(stateOf(copy())).toBe('idle');
    expect(stateOf(email())).toEqual({ email: 'closed', share: 'idle' });
    // The inspector of the root's system sees them.
    expect(copy()?.system).toBe(stay.system);
    expect(email()?.system).toBe(stay.system);

    // The copy copies the code as shown; the e-mail sends the reward in the guest's language.
    copy()?.send({ type: 'code.copy' });
    expect(stateOf(copy())).toBe('copying');
    expect(calls.calls.at(-1)).toEqual({ name: 'writeClipboard', input: { text: 'TIL-Z9Q' } });
    email()?.send({ type: 'email.open' });
    email()?.send({ type: 'email.change', value: 'guest@example.com' });
    email()?.send({ type: 'email.submit' });
    expect(stateOf(email())).toEqual({ email: 'sending', share: 'idle' });
    expect(calls.calls.at(-1)).toEqual({
      name: 'emailReward',
      input: {
        sUUID: STAY_ID,
        profileUUID: PROFILE_ID,
        rwId: spaCode.rwId,
        email: 'guest@example.com',
        language: 'fr',
      },
    });
    expect(email()?.getSnapshot().context.shareData).toEqual({ title: 'Spa', text: 'Spa — TIL-Z9Q' });

    // Closing the reward stops the claim and its children.
    const children = [copy(), email()];
    rewards()?.send({ type: 'reward.close' });
    expect(claim()).toBeUndefined();
    expect(children.map((child) => child?.getSnapshot().status)).toEqual(['stopped', 'stopped']);
  });
});
