import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { actionOutcomeMachine } from '../../machines/dialogs/actionOutcome.machine.ts';
import { toastMachine } from '../../machines/toast.machine.ts';
import { renderLoadedActionsPage } from '../app/actions-page-harness.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { reward } from '../app/rewards-fixtures.ts';
import { makeAction, makeHotel, makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { STUB_QUIZ, STUB_REPLY, stubbedLaunchMachine } from '../app/stub-action-modals.tsx';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

vi.mock(
  '../../src/views/actions/modals/registry.ts',
  async () => (await import('../app/stub-action-modals.tsx')).stubRegistry,
);

type OutcomeSnapshot = SnapshotFrom<typeof actionOutcomeMachine>;

/** The stay's rewards as the celebration reads them: one claimed, one 30 points away from the reply's balance (50). */
const coffee = reward({ rwId: 1, radName: 'Café offert', rwCost: 80 });
const claimedSpa = reward({ rwId: 2, radName: 'Spa', rwCost: 20, isClaimed: 1 });

/** Each action's stub modal replies with the points written in its description. */
const gaining = makeAction({
  actId: 41,
  aadName: 'Quiz gagnant',
  actType: 'QUIZ',
  actScope: 'HOTEL',
  aadDescription: '10',
  quiz: STUB_QUIZ,
});
const neutral = makeAction({
  actId: 42,
  aadName: 'Quiz neutre',
  actType: 'QUIZ',
  actScope: 'HOTEL',
  aadDescription: '0',
  quiz: STUB_QUIZ,
});
const losing = makeAction({
  actId: 43,
  aadName: 'Quiz perdant',
  actType: 'QUIZ',
  actScope: 'HOTEL',
  aadDescription: '-15',
  quiz: STUB_QUIZ,
});
const listed = [gaining, neutral, losing];

const GUEST = { sUUID: STAY_ID, profileUUID: PROFILE_ID, language: 'fr' };
const reply = (greenMilesChange: number) => ({ ...STUB_REPLY, greenMilesChange });

const events: AnyEventObject[] = [
  { type: 'submission.succeed', reply: reply(10), guest: GUEST },
  { type: 'submission.succeed', reply: reply(0), guest: GUEST },
  { type: 'submission.succeed', reply: reply(-15), guest: GUEST },
  { type: 'xstate.after.celebration.actionOutcome.celebration.pending' },
  { type: 'celebration.close' },
];

const model = new TestModel(actionOutcomeMachine as unknown as ActorLogic<OutcomeSnapshot, AnyEventObject, undefined>, {
  events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
  stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
});

const [gain, noGain, , delay, close] = events as [
  AnyEventObject,
  AnyEventObject,
  AnyEventObject,
  AnyEventObject,
  AnyEventObject,
];

/** Journeys that come back to idle, which path generation merges away. */
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([gain, delay, close, noGain]),
  ...model.getPathsFromEvents([gain, noGain]),
  ...model.getPathsFromEvents([gain, delay, gain, delay]),
];

// Testing Library advances fake timers only through a global `jest`; vitest's `vi` has the same timer calls.
beforeAll(async () => {
  Object.assign(globalThis, { jest: vi });
  // The host chunk loads up front: under fake timers Testing Library's waits last no real time.
  await import('../../src/views/actions/ActionDialogHost.tsx');
});

afterAll(() => {
  Reflect.deleteProperty(globalThis, 'jest');
});

afterEach(() => {
  vi.useRealTimers();
});

async function renderPage() {
  localStorage.setItem('welcomeShown', 'true');
  const outcomeCalls = controlledActors(['loadRewards']);
  const page = await renderLoadedActionsPage({
    hotel: makeHotel({ hGreenMilesName: 'Feuilles' }),
    logic: {
      submissionToast: toastMachine,
      actionLaunch: stubbedLaunchMachine,
      actionOutcome: outcomeCalls.provideTo(actionOutcomeMachine),
    },
  });
  page.actions.resolve('loadActions', listed);
  await screen.findByRole('article', { name: gaining.aadName });
  // From here the host's timers (celebration, toast) are under the test's control.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { ...page, outcomeCalls };
}

describe('actionOutcome drives the toast, the refetches and the celebration', () => {
  for (const path of paths) {
    it(modelPathTitle(path), async () => {
      const { actions, session, outcomeCalls } = await renderPage();
      const celebration = () => screen.queryByRole('dialog', { name: 'Bravo !' });
      const outcomeState = () => document.querySelector('[data-scope="action-outcome"]')?.getAttribute('data-state');

      await path.test({
        states: {
          idle: async () => {
            expect(outcomeState() ?? 'idle').toBe('idle');
            expect(celebration()).not.toBeInTheDocument();
          },
          'celebration.pending': async () => {
            expect(outcomeState()).toBe('celebration.pending');
            expect(celebration()).not.toBeInTheDocument();
          },
          'celebration.showing': async () => {
            expect(outcomeState()).toBe('celebration.showing');
            const dialog = celebration() as HTMLElement;
            expect(dialog).toBeInTheDocument();
            expect(within(dialog).getByText('+10 Feuilles')).toBeInTheDocument();
            // The server's message, said once, here.
            expect(within(dialog).getByText(STUB_REPLY.message)).toBeInTheDocument();
            expect(document.querySelector('[data-scope="submission-toast"] [role="status"]')).toBeNull();
            // Not a static 'Bravo !': how far the new balance (50) is from the next reward (issue 25).
            const progress = dialog.querySelector('[data-part="progress"]');
            expect(progress).toHaveTextContent('Plus que 30 Feuilles pour Café offert');
            expect(progress?.querySelector<HTMLElement>('[data-part="fill"]')?.style.inlineSize).toBe('63%');
            // Its one button has the focus, so Enter continues.
            expect(within(dialog).getByRole('button', { name: 'Continuer' })).toHaveFocus();
          },
        },
        events: {
          'submission.succeed': async (step) => {
            const points = (step.event as AnyEventObject).reply.greenMilesChange as number;
            const action = points > 0 ? gaining : points < 0 ? losing : neutral;
            fireEvent.click(within(screen.getByRole('article', { name: action.aadName })).getByRole('button'));
            fireEvent.click(
              within(await screen.findByRole('dialog', { name: 'modal QUIZ' })).getByRole('button', { name: 'submit' }),
            );
            await waitFor(() => expect(screen.queryByRole('dialog', { name: 'modal QUIZ' })).not.toBeInTheDocument());
            // One success message at a time (issue 15): points gained are the celebration's to say, no toast;
            // otherwise the toast says the server's message, with the signed change when points went.
            const toastRegion = document.querySelector('[data-scope="submission-toast"]') as HTMLElement;
            if (points > 0) {
              expect(within(toastRegion).queryByRole('status')).toBeNull();
            } else {
              const toast = within(toastRegion).getByRole('status');
              expect(toast).toHaveTextContent(STUB_REPLY.message);
              // A loss is signed and never in the success colours of a gain.
              expect(toast).toHaveAttribute('data-tone', points < 0 ? 'loss' : 'success');
              if (points < 0) expect(within(toast).getByText('\u221215 Feuilles')).not.toHaveClass('pill--accent');
              else expect(toast.querySelector('[data-part="badge"]')).toBeNull();
            }
            // The celebration reads the stay's rewards in the guest's language while it waits its 300 ms.
            if (points > 0) {
              await waitFor(() => expect(outcomeCalls.isPending('loadRewards')).toBe(true));
              expect(outcomeCalls.calls.at(-1)?.input).toEqual({
                sUUID: STAY_ID,
                profileUUID: PROFILE_ID,
                language: 'fr',
              });
              outcomeCalls.resolve('loadRewards', [coffee, claimedSpa]);
            }
            // The actions list and the stay are fetched again.
            await waitFor(() => expect(actions.isPending('loadActions')).toBe(true));
            actions.resolve('loadActions', listed);
            await waitFor(() => expect(session.isPending('loadStay')).toBe(true));
            session.resolve('loadStay', makeStay({ greenMiles: 40 + points }));
          },
          'xstate.after.celebration.actionOutcome.celebration.pending': async () => {
            act(() => vi.advanceTimersByTime(299));
            expect(celebration()).not.toBeInTheDocument();
            act(() => vi.advanceTimersByTime(1));
          },
          'celebration.close': async () => {
            fireEvent.click(within(celebration() as HTMLElement).getByRole('button', { name: 'Continuer' }));
          },
        },
      });
    });
  }

  it('hides the toast after 3000 ms', async () => {
    await renderPage();
    fireEvent.click(within(screen.getByRole('article', { name: neutral.aadName })).getByRole('button'));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'modal QUIZ' })).getByRole('button', { name: 'submit' }),
    );
    await waitFor(() => expect(screen.getByText(STUB_REPLY.message)).toBeInTheDocument());
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText(STUB_REPLY.message)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(STUB_REPLY.message)).not.toBeInTheDocument();
  });

  it('waits the 300 ms celebration delay', () => {
    expect(actionOutcomeMachine.implementations.delays.celebration).toBe(300);
  });
});
