import { screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { calendarDateIn } from '../../contract/calendar-days.ts';
import type { Reward } from '../../contract/schemas.ts';
import {
  type RewardsListContext,
  type RewardsListEvent,
  type RewardsListInput,
  rewardsListMachine,
} from '../../machines/rewardsList.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { languageName } from '../../src/components/LanguageNotice.tsx';
import { catalogueOf, rewardStateOf } from '../../src/views/rewards/rewardGroups.ts';
import { reward } from '../app/rewards-fixtures.ts';
import { renderLoadedRewardsPage } from '../app/rewards-page-harness.tsx';
import { makeHotel, makeLanguage, makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { matchesPath } from '../support/graph-model.ts';

const SESSION = { sUUID: STAY_ID, profileUUID: PROFILE_ID };
const BALANCE = 120;
const POINTS_NAME = 'Feuilles';
/** What a card sends with its reward: the stay's balance and hotel name, the test browser's share support (none). */
const OPENING = { balance: BALANCE, codePrefix: makeStay().codePrefix, canShare: false, canEmail: true };

/** One reward of each kind the page draws differently, given out of order. */
const MIXED: Reward[] = [
  reward({ rwId: 1, rwType: 'CODE', radName: 'Code spa', isClaimed: 1, rwPosition: 2 }),
  reward({ rwId: 2, rwType: 'GENERIC', radName: 'Petit-déjeuner', rwCost: 100, rwPosition: 1 }),
  reward({ rwId: 3, rwType: 'SLIDER', radName: 'Réduction bar', rwCost: 300, rwPosition: null }),
  reward({ rwId: 4, rwType: 'EAU', radName: '10 litres', rwCost: 50, rwPosition: 3 }),
  reward({ rwId: 5, rwType: 'GENERIC', radName: 'Cadeau', isClaimed: 1, rwPosition: 1 }),
  reward({ rwId: 7, rwType: 'SLIDER', radName: 'Remise utilisée', isClaimed: 1, isUsed: 1, rwPosition: 4 }),
  // Claimed, never used, past its validity: the card says so (issue 25).
  reward({ rwId: 8, rwType: 'CODE', radName: 'Code expiré', isClaimed: 1, code: 'Z9Z', validUntil: '2020-01-01' }),
];
const ALL_CLAIMED: Reward[] = [reward({ rwId: 6, radName: 'Code bar', isClaimed: 1 })];
const NONE: Reward[] = [];

/** The card button the guest should see for each reward of MIXED at BALANCE (docs/behaviour.md#reward-card). */
const EXPECTED_BUTTON: Record<number, string> = {
  1: 'Voir le code',
  2: 'Voir les détails',
  3: "Plus d'infos",
  4: "Donner de l'eau",
  5: 'Voir les détails',
  6: 'Voir le code',
  7: 'Réduction utilisée',
  8: 'Voir le code',
};

/** The hotel-local date the page compares validity dates with. */
const TODAY = calendarDateIn(makeHotel().hotel.timeZone, new Date());

type RewardsListSnapshot = SnapshotFrom<typeof rewardsListMachine>;
type RewardsListModelEvent =
  | RewardsListEvent
  | { type: 'xstate.done.actor.loadRewards'; output: Reward[] }
  | { type: 'xstate.error.actor.loadRewards'; error: unknown };

const OUTPUT_NAMES = new Map([
  [MIXED, 'mixed rewards'],
  [ALL_CLAIMED, 'all claimed'],
  [NONE, 'no reward'],
]);

const settleEvents: RewardsListModelEvent[] = [
  ...[...OUTPUT_NAMES.keys()].map((output) => ({ type: 'xstate.done.actor.loadRewards' as const, output })),
  { type: 'xstate.error.actor.loadRewards', error: new ApiError(500, 'internal', 'boom') },
];
const guestEvents: RewardsListModelEvent[] = [
  { type: 'rewards.retry' },
  // A content language whose interface texts stay French, so the page reads the same.
  { type: 'language.change', language: 'fr-BE' },
  { type: 'reward.open', rwId: 2, ...OPENING },
  { type: 'reward.open', rwId: 3, ...OPENING },
];

// The model also sends the invoked load's done/error events, which the machine's event type does not list.
const modelLogic = rewardsListMachine as unknown as ActorLogic<
  RewardsListSnapshot,
  RewardsListModelEvent,
  RewardsListInput
>;
const model = new TestModel(modelLogic, {
  input: { ...SESSION, language: 'fr' },
  // The load settles only while it runs; the guest's events are offered everywhere.
  stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  events: (snapshot) => (snapshot.matches('loading') ? [...settleEvents, ...guestEvents] : guestEvents),
});

/** A readable test name: the events of the path, the load outputs named. */
function describeEvent(event: RewardsListModelEvent): string {
  switch (event.type) {
    case 'xstate.done.actor.loadRewards':
      return `loaded (${OUTPUT_NAMES.get(event.output)})`;
    case 'xstate.error.actor.loadRewards':
      return 'load failed';
    case 'language.change':
      return `language ${event.language}`;
    case 'reward.open':
      return `open reward ${event.rwId}`;
    default:
      return event.type;
  }
}

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

function root(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[data-scope="rewards-list"]');
  if (!element) throw new Error('rewards list not rendered');
  return element;
}

/** The cards' accessible names (their titles), in page order. */
const cardTitles = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('article')
    .map((card) => card.querySelector('[data-part="title"]')?.textContent);

/** Everything the loaded page must show for the machine's rewards. */
function expectLoadedPage(context: RewardsListContext) {
  const catalogue = catalogueOf(context.rewards, BALANCE);
  const sections = [
    { name: 'Récompenses débloquées', section: catalogue.unlocked },
    { name: 'Récompenses disponibles', section: catalogue.available },
    { name: 'Bientôt à votre portée', section: catalogue.locked },
  ];
  for (const { name, section } of sections) {
    const region = screen.queryByRole('region', { name });
    if (section.rewards.length + section.water.length === 0) {
      expect(region).toBeNull();
      continue;
    }
    expect(cardTitles(region as HTMLElement)).toEqual(
      [...section.rewards, ...section.water].map((item) => item.radName),
    );
    const water = within(region as HTMLElement).queryByRole('region', { name: "Dons d'eau" });
    if (section.water.length > 0) {
      expect(cardTitles(water as HTMLElement)).toEqual(section.water.map((item) => item.radName));
    } else expect(water).toBeNull();
  }

  // The all-unlocked message heads the page, before any section.
  const allUnlocked = screen.queryByText('Vous avez débloqué toutes les récompenses !');
  const noneAvailable = screen.queryByText('Aucune récompense disponible pour le moment.');
  expect(allUnlocked !== null).toBe(catalogue.emptyState === 'allUnlocked');
  expect(noneAvailable !== null).toBe(catalogue.emptyState === 'noneAvailable');
  const firstSection = root().querySelector('[data-part="unlocked"]');
  if (allUnlocked && firstSection) {
    expect(allUnlocked.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }

  for (const item of context.rewards) {
    const card = screen.getByRole('article', { name: item.radName });
    expect(within(card).getByRole('button', { name: EXPECTED_BUTTON[item.rwId] })).toBeInTheDocument();
    expect(card.hasAttribute('data-selected')).toBe(item.rwId === context.selectedRewardId);
    const state = rewardStateOf(item, BALANCE, TODAY);
    expect(card).toHaveAttribute('data-state', state);
    const pill = {
      used: 'Utilisée',
      expired: 'Expirée',
      claimed: 'Débloquée',
      affordable: `${item.rwCost} `,
      locked: `${item.rwCost} `,
    }[state];
    expect(card.querySelector('[data-part="status"]')?.textContent).toContain(pill);
    expect(within(card).queryByText('Débloquée') !== null).toBe(state === 'claimed');
  }
  if (context.rewards === MIXED) {
    expect(
      within(screen.getByRole('article', { name: 'Réduction bar' })).getByText('Il vous manque 180 Feuilles'),
    ).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Petit-déjeuner' })).queryByText(/Il vous manque/)).toBeNull();
    expect(screen.getByRole('article', { name: 'Code expiré' })).toHaveAttribute('data-state', 'expired');
  }
  expect(screen.queryByRole('alert')).toBeNull();
}

function expectBalance() {
  const balance = screen.getByRole('region', { name: 'Mon solde' });
  expect(balance).toHaveTextContent(`${BALANCE} ${POINTS_NAME}`);
  expect(screen.getByRole('heading', { level: 1, name: 'Mes récompenses' })).toBeInTheDocument();
}

describe('rewardsList machine drives the rewards page', () => {
  for (const path of model.getShortestPaths()) {
    const steps = path.steps.slice(1).map((step) => describeEvent(step.event as RewardsListModelEvent));
    it(`${steps.join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`, async () => {
      const { user, rewards: controlled } = await renderLoadedRewardsPage({
        stay: makeStay({ greenMiles: BALANCE }),
        hotel: makeHotel(
          { hGreenMilesName: POINTS_NAME },
          { languagesSupported: [makeLanguage('fr', 'Français', 1), makeLanguage('fr-BE', 'Français (Belgique)', 2)] },
        ),
      });

      await path.test({
        states: {
          loading: async (snapshot) => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loading'));
            expectBalance();
            expect(screen.getByRole('status')).toHaveTextContent('Chargement des récompenses…');
            expect(screen.queryAllByRole('article')).toHaveLength(0);
            // The root actor starts the load itself once the session is ready.
            await waitFor(() => expect(controlled.isPending('loadRewards')).toBe(true));
            expect(controlled.calls.at(-1)?.input).toEqual({ ...SESSION, language: snapshot.context.language });
          },
          loaded: async (snapshot) => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loaded'));
            expectBalance();
            // docs/behaviour.md#language-fallback: rewards shown in another language than the guest's say so.
            const { language, rewards } = snapshot.context;
            const shown = rewards.find((item) => item.textLanguage !== language)?.textLanguage;
            if (shown)
              expect(screen.getByRole('status')).toHaveTextContent(
                `Certaines traductions manquent en ${languageName(language)}. Affichage en ${languageName(shown)}.`,
              );
            else expect(screen.queryByRole('status')).toBeNull();
            expectLoadedPage(snapshot.context);
          },
          failed: async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'failed'));
            expectBalance();
            const alert = screen.getByRole('alert');
            expect(alert).toHaveTextContent('Impossible de récupérer les récompenses.');
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
            expect(screen.queryAllByRole('article')).toHaveLength(0);
          },
        },
        events: {
          'xstate.done.actor.loadRewards': async (step) => {
            controlled.resolve('loadRewards', eventOf<{ output: Reward[] }>(step).output);
          },
          'xstate.error.actor.loadRewards': async (step) => {
            controlled.reject('loadRewards', eventOf<{ error: unknown }>(step).error);
          },
          'rewards.retry': async () => {
            await user.click(screen.getByRole('button', { name: 'Réessayer' }));
          },
          'language.change': async () => {
            await user.click(screen.getByRole('button', { name: /Langue : Français/ }));
            await user.click(screen.getByRole('option', { name: 'Français (Belgique)' }));
          },
          'reward.open': async (step) => {
            const { rwId } = eventOf<{ rwId: number }>(step);
            const name = MIXED.find((item) => item.rwId === rwId)?.radName ?? '';
            await user.click(within(screen.getByRole('article', { name })).getByRole('button'));
          },
        },
      });
    });
  }
});

describe('the rewards page read again when it comes back into view', () => {
  it('reloads the rewards and the stay (its balance) on visibilitychange, as another tab may have spent points', async () => {
    const { rewards: controlled, session } = await renderLoadedRewardsPage({ stay: makeStay({ greenMiles: BALANCE }) });
    controlled.resolve('loadRewards', MIXED);
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loaded'));
    const loads = controlled.calls.length;
    const stayLoads = session.calls.filter((call) => call.name === 'loadStay').length;

    document.dispatchEvent(new Event('visibilitychange'));

    await waitFor(() => expect(controlled.calls.length).toBe(loads + 1));
    await waitFor(() => expect(session.calls.filter((call) => call.name === 'loadStay').length).toBe(stayLoads + 1));
    session.resolve('loadStay', makeStay({ greenMiles: 20 }));
    controlled.resolve('loadRewards', MIXED);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Mon solde' })).toHaveTextContent('20'));
  });
});
