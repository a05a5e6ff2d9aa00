import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SubmissionReply } from '../../contract/schemas.ts';
import { withSubmitAnswer } from '../../machines/actionModals.ts';
import { actionsListMachine } from '../../machines/actionsList.machine.ts';
import { actionLaunchMachine } from '../../machines/dialogs/actionLaunch.machine.ts';
import { rewardsListMachine } from '../../machines/rewardsList.machine.ts';
import { stayMachine } from '../../machines/stay.machine.ts';
import { toastMachine } from '../../machines/toast.machine.ts';
import { welcomePopupMachine } from '../../machines/welcomePopup.machine.ts';
import { COMPLETED_SUMMARY, connectActionLaunch } from '../../src/views/actions/actionLaunch.connect.ts';
import { connectActionsList } from '../../src/views/actions/actionsList.connect.ts';
import { connectToast } from '../../src/views/actions/toast.connect.ts';
import { connectRewardsList } from '../../src/views/rewards/rewardsList.connect.ts';
import { connectStay } from '../../src/views/stay/stay.connect.ts';
import { connectWelcomePopup } from '../../src/views/stay/welcomePopup.connect.ts';
import { reward } from './rewards-fixtures.ts';
import { makeAction, PROFILE_ID, STAY_ID } from './stay-fixtures.ts';

/** The connect layers are pure: a snapshot and a send in, the props the view renders out. */

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What a card sends with its reward: the guest's balance, the hotel name, the browser's share support. */
const openingWith = (balance: number) => ({ balance, codePrefix: 'TIL', canShare: false, canEmail: true });

describe('connect layers', () => {
  it('actions list: cards once loaded, the open one marked, the language notice, the retry', async () => {
    const actions = [makeAction({ actId: 1, aadName: 'A' }), makeAction({ actId: 2, actType: null })];
    const list = createActor(
      actionsListMachine.provide({
        actors: { loadActions: fromPromise(async ({ input }) => (input.language === 'en' ? actions : [])) },
      }),
      { input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, language: 'de', hotel: null } },
    ).start();
    expect(connectActionsList(list.getSnapshot(), list.send, null)).toMatchObject({
      root: { 'data-scope': 'actions-list', 'data-state': 'loading' },
      isLoading: true,
      cards: null,
    });
    await settle();
    await settle();
    const send = vi.fn();
    const props = connectActionsList(list.getSnapshot(), send, 1);
    expect(props.root['data-state']).toBe('ready.shown');
    expect(props.cards).toEqual([{ action: actions[0], selected: true }]);
    expect(props.languageNotice).toEqual({ requested: 'Deutsch', shown: 'English' });
    expect(props.failure).toBeNull();
  });

  it('action launch: the dialog to show and its close', () => {
    const completed = makeAction({ actType: 'REVIEW', alreadyCompleted: true });
    const snapshot = createActor(actionLaunchMachine, {
      input: {
        sUUID: STAY_ID,
        profileUUID: PROFILE_ID,
        language: 'fr',
        action: completed,
        today: '2026-11-21',
        cleaningDate: '2026-11-21',
        stayEndDate: null,
        stayLastDay: '2099-12-31',
        roomNumber: null,
      },
    }).getSnapshot();
    const send = vi.fn();
    const props = connectActionLaunch(snapshot, send);
    expect(props.root).toEqual({ 'data-scope': 'action-launch', 'data-state': 'active.summary' });
    expect(props.dialog).toMatchObject({ kind: 'modal', modalKey: COMPLETED_SUMMARY, action: completed });
    props.onClose();
    expect(send).toHaveBeenCalledWith({ type: 'launch.close' });
  });

  it('action launch: closing is refused while the answer of the modal is on its way; the reply ends it', async () => {
    let reply: (value: SubmissionReply) => void = () => {};
    const launch = createActor(
      actionLaunchMachine.provide({
        actors: withSubmitAnswer(
          fromPromise(
            () =>
              new Promise<SubmissionReply>((resolve) => {
                reply = resolve;
              }),
          ),
        ),
      }),
      {
        input: {
          sUUID: STAY_ID,
          profileUUID: PROFILE_ID,
          language: 'fr',
          action: makeAction({ actType: 'REVIEW', actPeriod: 'STAY' }),
          today: '2026-11-21',
          cleaningDate: '2026-11-21',
          stayEndDate: '2026-11-24',
          stayLastDay: '2099-12-31',
          roomNumber: null,
        },
      },
    ).start();
    const modal = launch.getSnapshot().children.modal;
    expect(launch.getSnapshot().value).toEqual({ active: { modal: 'review' } });
    modal?.send({ type: 'answer.submit', answer: 4 });
    expect(launch.getSnapshot().context.answerOnItsWay).toBe(true);
    connectActionLaunch(launch.getSnapshot(), launch.send).onClose();
    expect(launch.getSnapshot().value).toEqual({ active: { modal: 'review' } });
    const answered: SubmissionReply = { message: 'Merci', greenMilesChange: 10, greenMiles: 10 };
    reply(answered);
    await settle();
    expect(launch.getSnapshot().status).toBe('done');
    expect(launch.getSnapshot().output).toEqual({ reply: answered });
  });

  it('toast and welcome popup: content while visible, open while open', () => {
    const toast = createActor(toastMachine).start();
    toast.send({ type: 'toast.show', content: { kind: 'proofSuccess', points: 5 } });
    expect(connectToast(toast.getSnapshot(), toast.send, 'toast-region')).toMatchObject({
      root: { 'data-scope': 'toast-region', 'data-state': 'visible' },
      content: { kind: 'proofSuccess', points: 5 },
    });
    const popup = createActor(welcomePopupMachine, { input: { alreadyShown: false } }).start();
    popup.send({ type: 'actions.loaded' });
    expect(connectWelcomePopup(popup.getSnapshot(), popup.send)).toMatchObject({
      root: { 'data-state': 'open' },
      isOpen: true,
    });
  });

  it('rewards list: busy while loading, the open reward once loaded', async () => {
    const coffee = reward({ rwId: 3, radName: 'Café' });
    const list = createActor(
      rewardsListMachine.provide({ actors: { loadRewards: fromPromise(async () => [coffee]) } }),
      { input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, language: 'fr' } },
    ).start();
    expect(connectRewardsList(list.getSnapshot(), list.send, openingWith(100)).root['aria-busy']).toBe(true);
    await settle();
    const props = connectRewardsList(list.getSnapshot(), list.send, openingWith(100));
    expect(props.claim).toBeUndefined();
    props.onOpen(3);
    const opened = connectRewardsList(list.getSnapshot(), list.send, openingWith(100));
    expect(opened).toMatchObject({
      root: { 'data-state': 'loaded', 'aria-busy': false },
      rewards: [coffee],
      openReward: coffee,
    });
    // The open reward's claim flow runs as the list's child, with what the card was opened with.
    expect(opened.claim?.getSnapshot().context).toMatchObject({
      reward: coffee,
      balance: 100,
      codePrefix: 'TIL',
      language: 'fr',
    });
    opened.onClose();
    expect(connectRewardsList(list.getSnapshot(), list.send, openingWith(100)).claim).toBeUndefined();
  });

  it('rewards list: the language notice names the fallback language of the rewards the server sent', async () => {
    const inEnglish = reward({ rwId: 3, radName: 'Coffee', textLanguage: 'en' });
    const inGerman = reward({ rwId: 4, radName: 'Kaffee', textLanguage: 'de' });
    const listIn = async (rewards: ReturnType<typeof reward>[]) => {
      const list = createActor(
        rewardsListMachine.provide({ actors: { loadRewards: fromPromise(async () => rewards) } }),
        { input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, language: 'de' } },
      ).start();
      expect(connectRewardsList(list.getSnapshot(), list.send, openingWith(0)).languageNotice).toBeNull();
      await settle();
      return connectRewardsList(list.getSnapshot(), list.send, openingWith(0)).languageNotice;
    };
    expect(await listIn([inGerman, inEnglish])).toEqual({ requested: 'Deutsch', shown: 'English' });
    expect(await listIn([inGerman])).toBeNull();
  });

  it('stay root: the content state path and whether an action is open', () => {
    const snapshot = createActor(stayMachine, {
      input: {
        sUUID: STAY_ID,
        profileUUID: PROFILE_ID,
        isDemoPath: false,
        page: 'actions',
        language: 'fr',
        welcomeShown: true,
      },
    }).getSnapshot();
    const send = vi.fn();
    const props = connectStay(snapshot, send);
    expect(props.content).toEqual({ 'data-part': 'content', 'data-state': 'loading' });
    expect(props.pageRunning).toBe(false);
    expect(props.launching).toBe(false);
    props.onCloseAction();
    expect(send).toHaveBeenCalledWith({ type: 'action.close' });
  });
});
