import { assign, enqueueActions, raise, type SnapshotFrom, sendTo, setup } from 'xstate';
import { revealsVerdict } from '../contract/answer-rules.ts';
import type { Action, HotelReply, SubmissionReply } from '../contract/schemas.ts';
import { actionsListMachine } from './actionsList.machine.ts';
import { demoResetOverlayMachine } from './demoResetOverlay.machine.ts';
import type { ActionLaunchOutput, actionLaunchMachine } from './dialogs/actionLaunch.machine.ts';
import { actionOutcomeMachine } from './dialogs/actionOutcome.machine.ts';
import type { StaySeed } from './entry.machine.ts';
import { logFlowFailure } from './flowFailure.ts';
import type { rewardsListMachine } from './rewardsList.machine.ts';
import { staffResetOverlayMachine } from './staffResetOverlay.machine.ts';
import { type StaySessionOutput, staySessionMachine } from './staySession.machine.ts';
import { toastMachine } from './toast.machine.ts';
import { viewProvidedAction, viewProvidedActor, viewProvidedMachine } from './viewProvided.ts';
import { welcomePopupMachine } from './welcomePopup.machine.ts';

/**
 * The root actor of a stay page (/stay/{sUUID} and /rewards/{sUUID}, both also under /demo): it invokes the stay
 * session and, once the session is ready, the flows of the page, and connects them. Children never know each other:
 * they report to this machine (their snapshots, their end and output) and it sends the next step on. The staff reset and the demo reset are children of their own (machines/staffResetOverlay.machine.ts,
 * machines/demoResetOverlay.machine.ts) whose end this machine follows.
 * Browser effects (navigation, storage) are its named actions, provided once by the view. docs/frontend.md
 * "Actor system" draws the tree.
 */

export type StayPageName = 'actions' | 'rewards';

export interface StayInput {
  sUUID: string;
  /** The guest identity from browser storage; null when this device never created a profile. */
  profileUUID: string | null;
  /** Whether the current address starts with /demo. */
  isDemoPath: boolean;
  page: StayPageName;
  /** The guest's chosen language when the page opened. */
  language: string;
  /** Whether the browser storage already holds the `welcomeShown` flag. */
  welcomeShown: boolean;
  /**
   * On a first visit (no language chosen on this device): the languages to offer by preference, the default last.
   * Once the hotel is known the page settles on the first one the hotel enables, else the last (docs/behaviour.md
   * "Interface language"). Absent or empty: the guest's choice stands.
   */
  firstVisitLanguages?: readonly string[];
  /**
   * What the QR scan's stay creation answered a moment ago (the entry page hands it over): the session and the
   * actions list start with it instead of loading (docs/frontend.md#qr-scan-to-actions). Absent or null: loaded.
   */
  seed?: StaySeed | null;
}

/** What the launch of an opened action starts with. */
export interface LaunchRequest {
  action: Action;
  /** The stay's end date (YYYY-MM-DD), else null. */
  stayEndDate: string | null;
  /** The stay's last possible day (YYYY-MM-DD): no end date may be later. */
  stayLastDay: string;
  /** The stay's room, else null (skip cleaning sends it). */
  roomNumber: string | null;
  /** Today at the hotel by the server's clock (the stay's `today`): the nights and the end-date window count from it. */
  today: string;
  /** The day skipping the cleaning speaks of, by the server's clock (the stay's `cleaningDate`). */
  cleaningDate: string;
}

export interface StayContext extends StayInput {
  /** The opened action, while its launch prepares and runs. */
  launchRequest: LaunchRequest | null;
  /** The stay's hotel once the session is ready (null when its call failed): the actions' language fallback. */
  hotel: HotelReply | null;
  /** Points of a validated proof (`?proof_success`), until the actions page shows their toast. */
  proofSuccessPoints: number | null;
  /** The stay's hotel id once the session has the stay: whose staff PIN the staff reset asks for. */
  stayHotelId: number | null;
}

export type StayEvent =
  | { type: 'language.change'; language: string }
  /** A card's button: the action, the stay's end date and room, and the stay's hotel days (the server's clock). */
  | ({ type: 'action.open' } & LaunchRequest)
  /** The guest closed the opened action before its dialogs loaded. */
  | { type: 'action.close' }
  | { type: 'proofSuccess.arrive'; points: number }
  /** From the rewards list: a reward claim or use changed the rewards. */
  | { type: 'reward.changed' }
  /** The insufficient-points notice of a reward: back to the actions. */
  | { type: 'reward.earnPoints' }
  /** Raised by this machine when the session has its stay (every time: only the first one counts). */
  | { type: 'session.ready' };

type SessionSnapshot = SnapshotFrom<typeof staySessionMachine>;
type ListSnapshot = SnapshotFrom<typeof actionsListMachine>;
type WelcomeSnapshot = SnapshotFrom<typeof welcomePopupMachine>;
type LaunchSnapshot = SnapshotFrom<typeof actionLaunchMachine>;

/** The first of `candidates` the hotel enables (any when it lists none), by base language; else the last one. */
export function firstVisitLanguageOf(candidates: readonly string[], hotel: HotelReply | null): string | null {
  const base = (code: string) => code.toLowerCase().split(/[-_]/)[0];
  const enabled = (hotel?.languagesSupported ?? [])
    .filter((language) => language.enabled === 1)
    .map((language) => base(language.code));
  const offered = candidates.find((code) => enabled.length === 0 || enabled.includes(base(code)));
  return offered ?? candidates.at(-1) ?? null;
}

function errorOf({ event }: { event: { error: unknown } }): unknown {
  return event.error;
}

/** How an action's launch ended. */
function launchOutputOf({ event }: { event: { output: ActionLaunchOutput } }): ActionLaunchOutput {
  return event.output;
}

/** The reply of an answered action's launch (its guards let only those through). */
function replyOf({ event }: { event: { output: ActionLaunchOutput } }): SubmissionReply {
  if (!event.output.reply) throw new Error('The launch ended without an answer');
  return event.output.reply;
}

function launchRequestIn({ event: { type: _type, ...request } }: { event: { type: 'action.open' } & LaunchRequest }) {
  return request;
}

/** Whose stay: what the resets start from. */
function visitorOf(context: StayContext) {
  return { sUUID: context.sUUID, profileUUID: context.profileUUID ?? '' };
}

/** Who asks and in which language: what every page flow of the stay starts from. */
function guestOf(context: StayContext) {
  return { ...visitorOf(context), language: context.language };
}

/** A failed launch is logged and the guest is back on the list. */
const backToBrowsingOnFailure = {
  target: '#stay.ready.actions.browsing',
  actions: { type: 'logFlowFailure', params: errorOf },
} as const;

/** The opened action (held from `action.open` until the launch ends). */
function launchRequestOf(context: StayContext): LaunchRequest {
  if (!context.launchRequest) throw new Error('A launch runs without an opened action');
  return context.launchRequest;
}

export const stayMachine = setup({
  types: {
    input: {} as StayInput,
    context: {} as StayContext,
    events: {} as StayEvent,
    children: {} as {
      session: 'staySession';
      actionsList: 'actionsList';
      welcomePopup: 'welcomePopup';
      actionLaunch: 'actionLaunch';
      actionOutcome: 'actionOutcome';
      submissionToast: 'submissionToast';
      proofToast: 'proofToast';
      rewardsList: 'rewardsList';
      staffResetOverlay: 'staffResetOverlay';
      demoResetOverlay: 'demoResetOverlay';
    },
  },
  actors: {
    staySession: staySessionMachine,
    actionsList: actionsListMachine,
    welcomePopup: welcomePopupMachine,
    // The launch's code loads with the action dialogs: the view provides the loading (and the launch, once loaded).
    prepareLaunch: viewProvidedActor<void, void>('prepareLaunch'),
    actionLaunch: viewProvidedMachine<typeof actionLaunchMachine>('actionLaunch'),
    actionOutcome: actionOutcomeMachine,
    submissionToast: toastMachine,
    proofToast: toastMachine,
    rewardsList: viewProvidedMachine<typeof rewardsListMachine>('rewardsList'),
    staffResetOverlay: staffResetOverlayMachine,
    demoResetOverlay: demoResetOverlayMachine,
  },
  guards: {
    isSessionReady: (_, snapshot: SessionSnapshot) => snapshot.matches('ready'),
    isActionsPage: ({ context }) => context.page === 'actions',
    /** The celebration says it, so the toast keeps quiet (issue 15: one success message at a time). */
    gainedPoints: (_, launch: ActionLaunchOutput) => (launch.reply?.greenMilesChange ?? 0) > 0,
    /** The quiz sheet showed the verdict before its one 'Continuer': nothing repeats it. */
    wasRevealed: (_, launch: ActionLaunchOutput) => launch.reply !== null && revealsVerdict(launch.reply),
    wasAnswered: (_, launch: ActionLaunchOutput) => launch.reply !== null,
    areActionsListed: (_, snapshot: ListSnapshot) => snapshot.matches('ready'),
    isWelcomeOpen: (_, snapshot: WelcomeSnapshot) => snapshot.matches('open'),
    /** The launch saved an end date the page does not know yet. */
    savedNewEndDate: ({ context }, launch: LaunchSnapshot) =>
      launch.context.stayEndDate !== launchRequestOf(context).stayEndDate,
    isLeavingForDemo: (_, output: StaySessionOutput) => output.destination === 'demo',
    isLeavingDemo: (_, output: StaySessionOutput) => output.destination === 'live',
    hasProofSuccess: ({ context }) => context.proofSuccessPoints !== null,
    isFirstVisit: ({ context }) => (context.firstVisitLanguages ?? []).length > 0,
  },
  actions: {
    announceSessionReady: raise({ type: 'session.ready' }),
    storeHotel: assign({ hotel: (_, session: SessionSnapshot) => session.context.hotel }),
    // Before the page's flows start, so they load in the settled language; the view's interface follows it.
    settleFirstVisitLanguage: assign({
      language: ({ context }) =>
        firstVisitLanguageOf(context.firstVisitLanguages ?? [], context.hotel) ?? context.language,
      firstVisitLanguages: [],
    }),
    followLanguage: viewProvidedAction<string>('followLanguage'),
    // Once the list is shown: a page restart (demo reset) loads afresh.
    forgetSeed: assign({ seed: null }),
    holdLaunchRequest: assign({ launchRequest: (_, request: LaunchRequest) => request }),
    forgetLaunchRequest: assign({ launchRequest: null }),
    followStayEndDate: assign({
      launchRequest: ({ context }, launch: LaunchSnapshot) => ({
        ...launchRequestOf(context),
        stayEndDate: launch.context.stayEndDate,
      }),
    }),
    logFlowFailure,
    storeLanguage: assign({ language: (_, language: string) => language }),
    holdProofSuccess: assign({ proofSuccessPoints: (_, points: number) => points }),
    showProofToast: sendTo('proofToast', ({ context }) => ({
      type: 'toast.show',
      content: { kind: 'proofSuccess', points: context.proofSuccessPoints ?? 0 },
    })),
    forgetProofSuccess: assign({ proofSuccessPoints: null }),
    refreshSession: sendTo('session', { type: 'stay.refresh' }),
    tellWelcomeActionsLoaded: sendTo('welcomePopup', { type: 'actions.loaded' }),
    reloadActionsInLanguage: sendTo('actionsList', (_, language: string) => ({ type: 'language.change', language })),
    reloadRewardsInLanguage: sendTo('rewardsList', (_, language: string) => ({ type: 'language.change', language })),
    reloadRewards: sendTo('rewardsList', { type: 'reward.changed' }),
    reloadActions: sendTo('actionsList', { type: 'actions.reload' }),
    showSubmissionToast: sendTo('submissionToast', (_, reply: SubmissionReply) => ({
      type: 'toast.show',
      content: { kind: 'submission', message: reply.message, points: reply.greenMilesChange },
    })),
    celebrate: sendTo('actionOutcome', ({ context }, reply: SubmissionReply) => ({
      type: 'submission.succeed',
      reply,
      guest: guestOf(context),
    })),
    // Browser effects, provided once by the view (stay page).
    redirectToDemo: viewProvidedAction('redirectToDemo'),
    redirectOutOfDemo: viewProvidedAction('redirectOutOfDemo'),
    redirectToFinished: viewProvidedAction('redirectToFinished'),
    rememberStay: viewProvidedAction('rememberStay'),
    rememberWelcomeShown: viewProvidedAction('rememberWelcomeShown'),
    leaveProofSuccessAddress: viewProvidedAction('leaveProofSuccessAddress'),
    goToActionsPage: viewProvidedAction('goToActionsPage'),
    // The staff reset and the demo reset (docs/behaviour.md#staff-reset, docs/behaviour.md#demo-reset).
    storeStayHotelId: assign({
      stayHotelId: (_, session: SessionSnapshot) => session.context.stay?.hId ?? null,
    }),
    forgetStay: viewProvidedAction('forgetStay'),
    unmarkWelcomeShown: assign({ welcomeShown: false }),
    removeWelcomeShownFlag: viewProvidedAction('removeWelcomeShownFlag'),
  },
}).createMachine({
  id: 'stay',
  context: ({ input }) => ({
    ...input,
    hotel: null,
    launchRequest: null,
    proofSuccessPoints: null,
    stayHotelId: null,
  }),
  invoke: {
    id: 'session',
    systemId: 'session',
    src: 'staySession',
    input: ({ context }) => ({
      sUUID: context.sUUID,
      profileUUID: context.profileUUID,
      isDemoPath: context.isDemoPath,
      seed: context.seed ? { stay: context.seed.stay, hotel: context.seed.hotel } : null,
    }),
    onSnapshot: {
      guard: { type: 'isSessionReady', params: ({ event }) => event.snapshot },
      actions: [
        { type: 'storeHotel', params: ({ event }) => event.snapshot },
        enqueueActions(({ check, enqueue }) => {
          if (!check('isFirstVisit')) return;
          enqueue('settleFirstVisitLanguage');
          enqueue({ type: 'followLanguage', params: ({ context }: { context: StayContext }) => context.language });
        }),
        'announceSessionReady',
        { type: 'storeStayHotelId', params: ({ event }) => event.snapshot },
      ],
    },
    // The session ends only when the stay belongs to another address.
    onDone: [
      {
        guard: { type: 'isLeavingForDemo', params: ({ event }) => event.output },
        target: '.leaving',
        actions: 'redirectToDemo',
      },
      {
        guard: { type: 'isLeavingDemo', params: ({ event }) => event.output },
        target: '.leaving',
        actions: 'redirectOutOfDemo',
      },
      { target: '.leaving', actions: 'redirectToFinished' },
    ],
  },
  on: {
    'language.change': { actions: { type: 'storeLanguage', params: ({ event }) => event.language } },
    'proofSuccess.arrive': { actions: { type: 'holdProofSuccess', params: ({ event }) => event.points } },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      on: { 'session.ready': { target: 'ready', actions: 'rememberStay' } },
    },
    leaving: {
      tags: 'loading',
    },
    ready: {
      // On both pages (the demo panel is drawn under /demo only): docs/behaviour.md#staff-reset, #demo-reset.
      invoke: [
        {
          id: 'staffResetOverlay',
          src: 'staffResetOverlay',
          input: ({ context }) => ({ ...visitorOf(context), hId: context.stayHotelId ?? 0 }),
          onDone: { target: '#stay.leaving', actions: ['forgetStay', 'redirectToFinished'] },
        },
        {
          id: 'demoResetOverlay',
          src: 'demoResetOverlay',
          input: ({ context }) => visitorOf(context),
          // The page starts again on the reset stay: its flows restart, the welcome popup included.
          onDone: {
            target: '#stay.ready',
            reenter: true,
            actions: ['unmarkWelcomeShown', 'removeWelcomeShownFlag', 'refreshSession', 'goToActionsPage'],
          },
        },
      ],
      initial: 'choosingPage',
      states: {
        choosingPage: {
          always: [{ guard: 'isActionsPage', target: 'actions' }, { target: 'rewards' }],
        },
        actions: {
          invoke: [
            {
              id: 'actionsList',
              src: 'actionsList',
              input: ({ context }) => ({
                ...guestOf(context),
                hotel: context.hotel,
                seed: context.seed ? { language: context.seed.lang, actions: context.seed.actions } : null,
              }),
              onSnapshot: {
                guard: { type: 'areActionsListed', params: ({ event }) => event.snapshot },
                actions: ['tellWelcomeActionsLoaded', 'forgetSeed'],
              },
            },
            {
              id: 'welcomePopup',
              src: 'welcomePopup',
              input: ({ context }) => ({ alreadyShown: context.welcomeShown }),
              onSnapshot: {
                guard: { type: 'isWelcomeOpen', params: ({ event }) => event.snapshot },
                actions: 'rememberWelcomeShown',
              },
            },
            { id: 'actionOutcome', src: 'actionOutcome' },
            { id: 'submissionToast', src: 'submissionToast' },
            { id: 'proofToast', src: 'proofToast' },
          ],
          on: {
            'language.change': {
              actions: [
                { type: 'storeLanguage', params: ({ event }) => event.language },
                { type: 'reloadActionsInLanguage', params: ({ event }) => event.language },
              ],
            },
            // Shown from `browsing` (at once, or when the open action closes).
            'proofSuccess.arrive': { actions: { type: 'holdProofSuccess', params: ({ event }) => event.points } },
          },
          initial: 'browsing',
          states: {
            // A held proof toast shows once the page's flows run (its actor exists from here).
            browsing: {
              entry: 'forgetLaunchRequest',
              on: {
                'action.open': {
                  target: 'launching',
                  actions: { type: 'holdLaunchRequest', params: launchRequestIn },
                },
              },
              always: {
                guard: 'hasProofSuccess',
                actions: ['showProofToast', 'leaveProofSuccessAddress', 'forgetProofSuccess'],
              },
            },
            launching: {
              on: {
                // Opening another action replaces the running launch.
                'action.open': {
                  target: 'launching',
                  reenter: true,
                  actions: { type: 'holdLaunchRequest', params: launchRequestIn },
                },
                'action.close': { target: 'browsing' },
              },
              initial: 'preparing',
              states: {
                preparing: {
                  invoke: {
                    id: 'prepareLaunch',
                    src: 'prepareLaunch',
                    onDone: { target: 'running' },
                    onError: backToBrowsingOnFailure,
                  },
                },
                running: {
                  invoke: {
                    id: 'actionLaunch',
                    src: 'actionLaunch',
                    input: ({ context }) => ({
                      ...guestOf(context),
                      ...launchRequestOf(context),
                    }),
                    // docs/behaviour.md#end-date: the stay is refreshed as soon as the launch saved its end date, not
                    // when the launch ends (an end date of today ends the stay: the guest goes to the finished page).
                    onSnapshot: {
                      guard: { type: 'savedNewEndDate', params: ({ event }) => event.snapshot },
                      actions: ['refreshSession', { type: 'followStayEndDate', params: ({ event }) => event.snapshot }],
                    },
                    // docs/behaviour.md#action-completion: an answered action gets one success message (the
                    // quiz's own verdict, else the celebration when points were gained, else the toast); actions and
                    // stay are refetched.
                    onDone: [
                      {
                        guard: { type: 'wasRevealed', params: launchOutputOf },
                        target: '#stay.ready.actions.browsing',
                        actions: ['reloadActions', 'refreshSession'],
                      },
                      {
                        guard: { type: 'gainedPoints', params: launchOutputOf },
                        target: '#stay.ready.actions.browsing',
                        actions: ['reloadActions', 'refreshSession', { type: 'celebrate', params: replyOf }],
                      },
                      {
                        guard: { type: 'wasAnswered', params: launchOutputOf },
                        target: '#stay.ready.actions.browsing',
                        actions: [
                          { type: 'showSubmissionToast', params: replyOf },
                          'reloadActions',
                          'refreshSession',
                          { type: 'celebrate', params: replyOf },
                        ],
                      },
                      { target: '#stay.ready.actions.browsing' },
                    ],
                    onError: backToBrowsingOnFailure,
                  },
                },
              },
            },
          },
        },
        rewards: {
          invoke: {
            id: 'rewardsList',
            src: 'rewardsList',
            input: ({ context }) => guestOf(context),
            onError: { actions: { type: 'logFlowFailure', params: errorOf } },
          },
          on: {
            'language.change': {
              actions: [
                { type: 'storeLanguage', params: ({ event }) => event.language },
                { type: 'reloadRewardsInLanguage', params: ({ event }) => event.language },
              ],
            },
            'reward.changed': { actions: ['reloadRewards', 'refreshSession'] },
            'reward.earnPoints': { actions: 'goToActionsPage' },
          },
        },
      },
    },
  },
});
