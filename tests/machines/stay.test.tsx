import { screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import type { Action, HotelReply } from '../../contract/schemas.ts';
import { actionsListMachine } from '../../machines/actionsList.machine.ts';
import { type StayInput, stayMachine } from '../../machines/stay.machine.ts';
import { staySessionMachine } from '../../machines/staySession.machine.ts';
import { ActionsPage } from '../../src/views/actions/ActionsPage.tsx';
import { RewardsPage } from '../../src/views/rewards/RewardsPage.tsx';
import { rewardsListLogic } from '../../src/views/rewards/rewardsList.logic.ts';
import { stayLogic } from '../../src/views/stay/stay.logic.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import { reward } from '../app/rewards-fixtures.ts';
import { makeAction, makeHotel, makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { renderStayRoutes } from '../app/stay-routes.tsx';
import { stayTreeLogic } from '../app/stay-tree.ts';
import { STUB_QUIZ, STUB_REPLY, stubbedLaunchMachine } from '../app/stub-action-modals.tsx';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

vi.mock(
  '../../src/views/actions/modals/registry.ts',
  async () => (await import('../app/stub-action-modals.tsx')).stubRegistry,
);

// The reward claim's own call is replaced at the API boundary.
vi.mock('../../src/api/rewards.ts', () => ({
  claimReward: vi.fn(async () => ({ code: 'A7K', greenMiles: 10 })),
  getRewardCode: vi.fn(),
  markSliderUsed: vi.fn(),
  emailReward: vi.fn(),
}));

/**
 * The model-based test of the stay pages' root actor: paths from its graph drive the real pages. The model sends
 * the root what its children would report (the session's ready snapshot, its end, the launch's end); the test
 * makes the real children report it by settling their calls and using the page.
 */

type StaySnapshot = SnapshotFrom<typeof stayMachine>;

const hotel: HotelReply = makeHotel();
const quiz = makeAction({ actId: 41, aadName: 'Quiz', actType: 'QUIZ', actScope: 'HOTEL', quiz: STUB_QUIZ });
/** A night action on a stay with no end date: its launch asks the nights and saves the end date first. */
const cleaning = makeAction({ actId: 42, aadName: 'Ménage', actType: 'LUNICLEAN', actPeriod: 'NIGHT' });
const coffee = reward({ rwId: 1, radName: 'Café offert', rwCost: 30 });

/** What the session's snapshot says to the root once it has the stay (only `matches` and the hotel are read). */
const readySession = { matches: (state: string) => state === 'ready', context: { hotel } };

/** The guest opens `action`'s card on a stay with no end date yet. */
function opening(action: Action): AnyEventObject {
  return {
    type: 'action.open',
    action,
    stayEndDate: null,
    stayLastDay: '2099-12-31',
    roomNumber: null,
    today: '2026-11-21',
    cleaningDate: '2026-11-21',
  };
}

const events: AnyEventObject[] = [
  { type: 'xstate.snapshot.session', snapshot: readySession },
  { type: 'xstate.done.actor.session', output: { destination: 'finished' } },
  opening(quiz),
  { type: 'xstate.done.actor.prepareLaunch' },
  { type: 'action.close' },
  // Closed unanswered, or ended by the answer's reply.
  { type: 'xstate.done.actor.actionLaunch', output: { reply: null } },
  { type: 'xstate.done.actor.actionLaunch', output: { reply: STUB_REPLY } },
  { type: 'reward.changed' },
  opening(cleaning),
  // The running launch saved the stay's end date (its snapshot says so): the root refreshes the stay at once.
  { type: 'xstate.snapshot.actionLaunch', snapshot: { context: { stayEndDate: '2026-11-23' } } },
];
const [sessionReady, , open, prepared, , launchDone, submitted, rewardChanged, openCleaning, endDateSaved] =
  events as AnyEventObject[] as [
    AnyEventObject,
    AnyEventObject,
    AnyEventObject,
    AnyEventObject,
    AnyEventObject,
    AnyEventObject,
    AnyEventObject,
    AnyEventObject,
    AnyEventObject,
    AnyEventObject,
  ];

function inputOf(page: StayInput['page']): StayInput {
  return { sUUID: STAY_ID, profileUUID: PROFILE_ID, isDemoPath: false, page, language: 'fr', welcomeShown: true };
}

function modelOf(page: StayInput['page']) {
  const input = inputOf(page);
  return new TestModel(stayMachine as unknown as ActorLogic<StaySnapshot, AnyEventObject, StayInput>, {
    input,
    events: (snapshot) =>
      events.filter(
        (event) =>
          canTake(snapshot, event) &&
          // The session ends while loading (a finished stay); a refresh ending it is the session's own test.
          !(event.type === 'xstate.done.actor.session' && !snapshot.matches('loading')),
      ),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
    // The context holds what children reported; the state value is the root's graph.
    serializeState: (snapshot) => JSON.stringify(snapshot.value),
  });
}

function renderPage(page: StayInput['page']) {
  localStorage.setItem('profileUUID', PROFILE_ID);
  localStorage.setItem('welcomeShown', 'true');
  const calls = controlledActors([
    'loadStay',
    'loadHotel',
    'loadActions',
    'loadRewards',
    'prepareLaunch',
    'saveEndDate',
  ]);
  const staySession = calls.provideTo(staySessionMachine);
  const rendered = renderStayRoutes(page === 'actions' ? `/stay/${STAY_ID}` : `/rewards/${STAY_ID}`, {
    actions: ({ sUUID }) => (
      <ActionsPage
        sUUID={sUUID}
        logic={stayTreeLogic(
          {
            staySession,
            actionsList: calls.provideTo(actionsListMachine),
            actionLaunch: calls.provideTo(stubbedLaunchMachine),
          },
          calls.provideTo(stayLogic),
        )}
      />
    ),
    rewards: ({ sUUID }) => (
      <RewardsPage
        sUUID={sUUID}
        logic={stayTreeLogic({ staySession, rewardsList: calls.provideTo(rewardsListLogic) })}
      />
    ),
  });
  return { ...rendered, calls };
}

const rootState = () => document.querySelector('[data-part="content"]')?.getAttribute('data-state');

/** Shortest paths, plus the journeys that come back to a state already reached (which path generation merges). */
function pathsOf(page: StayInput['page']) {
  const model = modelOf(page);
  const fromState = createActor(stayMachine, { input: inputOf(page) }).getSnapshot() as StaySnapshot;
  const journeys =
    page === 'actions'
      ? [
          [sessionReady, open, prepared, submitted],
          [sessionReady, open, prepared, launchDone, open, prepared],
          [sessionReady, openCleaning, prepared, endDateSaved, launchDone],
        ]
      : [[sessionReady, rewardChanged]];
  return [
    ...model.getShortestPaths(),
    ...journeys.flatMap((journey) => model.getPathsFromEvents(journey, { fromState })),
  ];
}

describe.each(['actions', 'rewards'] as const)('stay root machine drives the %s page', (page) => {
  for (const path of pathsOf(page)) {
    it(modelPathTitle(path), async () => {
      const { user, router, calls } = renderPage(page);
      const settle = async (name: Parameters<typeof calls.resolve>[0], value: unknown) => {
        await waitFor(() => expect(calls.isPending(name)).toBe(true));
        calls.resolve(name, value);
      };

      await path.test({
        states: {
          loading: async () => {
            expect(await screen.findByRole('status', { name: 'Chargement du séjour…' })).toBeInTheDocument();
            expect(rootState()).toBe('loading');
          },
          leaving: async () => {
            await waitFor(() => expect(router.state.location.pathname).toBe(`/stay/${STAY_ID}/finished`));
          },
          'ready.actions.browsing': async () => {
            await waitFor(() => expect(rootState()).toBe('ready.actions.browsing'));
            // No launch runs (the celebration of an answer's points may show).
            await waitFor(() => expect(screen.queryByRole('dialog', { name: /^modal |Chargement/ })).toBeNull());
            expect(document.querySelector('[data-scope="action-launch"]')).toBeNull();
            expect(document.querySelector('[data-selected]')).toBeNull();
          },
          'ready.actions.launching.preparing': async () => {
            await waitFor(() => expect(rootState()).toBe('ready.actions.launching.preparing'));
            // The launch's code is loading: a small sheet with the spinner.
            expect(await screen.findByRole('dialog', { name: 'Chargement…' })).toBeInTheDocument();
          },
          'ready.actions.launching.running': async (snapshot) => {
            await waitFor(() => expect(rootState()).toBe('ready.actions.launching.running'));
            const opened = (snapshot as StaySnapshot).context.launchRequest?.action ?? quiz;
            // The quiz opens its modal; the cleaning first asks the nights, then its modal.
            const firstDialog = opened === quiz ? 'modal QUIZ' : /^(Combien de nuits restez-vous \?|modal LUNICLEAN)$/;
            expect(await screen.findByRole('dialog', { name: firstDialog })).toBeInTheDocument();
            expect(screen.getByRole('article', { name: opened.aadName }).closest('li')).toHaveAttribute(
              'data-selected',
            );
          },
          'ready.rewards': async () => {
            await waitFor(() => expect(rootState()).toBe('ready.rewards'));
            expect(screen.getByRole('heading', { level: 1, name: 'Mes récompenses' })).toBeInTheDocument();
          },
        },
        events: {
          'xstate.snapshot.session': async () => {
            await settle('loadStay', makeStay());
            await settle('loadHotel', hotel);
            if (page === 'actions') await settle('loadActions', [quiz, cleaning]);
            else await settle('loadRewards', [coffee]);
          },
          'xstate.done.actor.session': async () => {
            await settle('loadStay', makeStay({ status: 'finished', remainingDays: 0 }));
            await settle('loadHotel', hotel);
          },
          'action.open': async (step) => {
            const { aadName } = (step.event as AnyEventObject).action as Action;
            await user.click(within(await screen.findByRole('article', { name: aadName })).getByRole('button'));
          },
          'xstate.done.actor.prepareLaunch': async () => {
            await settle('prepareLaunch', undefined);
          },
          'action.close': async () => {
            await screen.findByRole('dialog', { name: 'Chargement…' });
            await user.keyboard('{Escape}');
          },
          'xstate.done.actor.actionLaunch': async (step) => {
            if ((step.event as AnyEventObject).output.reply === null) {
              await user.keyboard('{Escape}');
              return;
            }
            await user.click(within(screen.getByRole('dialog', { name: 'modal QUIZ' })).getByRole('button'));
            // Points gained: no toast (the celebration says it, issue 15); the actions and the stay are refetched.
            await waitFor(() => expect(screen.queryByRole('dialog', { name: 'modal QUIZ' })).toBeNull());
            expect(document.querySelector('[data-scope="submission-toast"] [role="status"]')).toBeNull();
            await settle('loadActions', [{ ...quiz, alreadyCompleted: true }]);
            await settle('loadStay', makeStay({ greenMiles: 50 }));
            expect(await screen.findByRole('link', { name: /^50 GreenMiles/ })).toBeInTheDocument();
          },
          'xstate.snapshot.actionLaunch': async () => {
            const nights = await screen.findByRole('dialog', { name: 'Combien de nuits restez-vous ?' });
            await user.click(within(nights).getByRole('radio', { name: '2 nuits' }));
            await user.click(within(nights).getByRole('button', { name: 'Valider' }));
            await settle('saveEndDate', makeStay({ endDate: '2026-11-23' }));
            // The stay refreshes while the launch goes on to the cleaning's modal.
            await settle('loadStay', makeStay({ endDate: '2026-11-23' }));
            expect(await screen.findByRole('dialog', { name: 'modal LUNICLEAN' })).toBeInTheDocument();
          },
          'reward.changed': async () => {
            await user.click(within(screen.getByRole('article', { name: coffee.radName })).getByRole('button'));
            const dialog = await screen.findByRole('dialog', { name: coffee.radName });
            await user.click(within(dialog).getByRole('button', { name: /Débloquer/ }));
            // The claim reloads the rewards and refreshes the stay.
            await settle('loadRewards', [{ ...coffee, isClaimed: 1, code: 'A7K' }]);
            await settle('loadStay', makeStay({ greenMiles: 10 }));
            expect(await screen.findByRole('link', { name: /^10 GreenMiles/ })).toBeInTheDocument();
            await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
          },
        },
      });
      // The first launch loads the action dialogs' lazy chunk.
    }, 15_000);
  }
});

describe('the rewards page leads to the actions', () => {
  it("sends the guest to the actions page from a reward's insufficient-points notice", async () => {
    const { user, router, calls } = renderPage('rewards');
    const settle = async (name: Parameters<typeof calls.resolve>[0], value: unknown) => {
      await waitFor(() => expect(calls.isPending(name)).toBe(true));
      calls.resolve(name, value);
    };
    await settle('loadStay', makeStay({ greenMiles: 10 }));
    await settle('loadHotel', hotel);
    await settle('loadRewards', [coffee]);
    await user.click(within(await screen.findByRole('article', { name: coffee.radName })).getByRole('button'));
    await user.click(
      within(await screen.findByRole('dialog', { name: coffee.radName })).getByRole('button', {
        name: 'Gagner des points',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/stay/${STAY_ID}`));
  });
});
