import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActorLogic, SnapshotFrom } from 'xstate';
import type { Reward, Stay } from '../../contract/schemas.ts';
import { type FinishedStayInput, finishedStayMachine } from '../../machines/finishedStay.machine.ts';
import { stayReceiptMachine } from '../../machines/stayReceipt.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { FinishedPage } from '../../src/views/finished/FinishedPage.tsx';
import { rewardClaimLogic, sliderLogic } from '../../src/views/rewards/rewardsList.logic.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import { reward } from '../app/rewards-fixtures.ts';
import { makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';
import { renderStayRoutes } from '../app/stay-routes.tsx';
import { matchesPath } from '../support/graph-model.ts';

// Rewards spent part of what the stay earned: the page tells the earned total (issue 15).
const baseStay = makeStay({ greenMiles: 40, earnedGreenMiles: 140, remainingDays: 2, endDate: '2026-11-23' });
const STAYS = new Map<Stay, string>([
  [baseStay, 'ends in 2 days'],
  [{ ...baseStay, remainingDays: null, endDate: null }, 'no end date'],
  [{ ...baseStay, status: 'finished', remainingDays: 0 }, 'ended today'],
  [
    { ...baseStay, status: 'finished', remainingDays: -3, profile: { firstName: 'Alice', lastName: 'Martin' } },
    'ended',
  ],
]);

type FinishedStayModelEvent =
  | { type: 'xstate.done.actor.loadStay'; output: Stay }
  | { type: 'xstate.error.actor.loadStay'; error: unknown }
  | { type: 'xstate.done.actor.loadRewards'; output: Reward[] }
  | { type: 'xstate.error.actor.loadRewards'; error: unknown }
  | { type: 'rewards.retry' }
  | { type: 'reward.open'; rwId: number; canShare: boolean; canEmail: boolean }
  | { type: 'reward.close' }
  | { type: 'claim.changed' };

/**
 * The stay's rewards: a claimed code, a donation, a used discount, one never claimed, a discount still to use at
 * check-out, a generic reward with the server's code, and a code past its date.
 */
const REWARDS: Reward[] = [
  reward({ rwId: 1, rwType: 'CODE', radName: 'Café offert', isClaimed: 1, code: 'A7K', validUntil: '2099-11-20' }),
  reward({ rwId: 2, rwType: 'EAU', radName: "Don de 50 litres d'eau", isClaimed: 1 }),
  reward({ rwId: 3, rwType: 'SLIDER', radName: '-10 % au bar', isClaimed: 1, isUsed: 1 }),
  reward({ rwId: 4, rwType: 'CODE', radName: 'Visite guidée', isClaimed: 0 }),
  reward({ rwId: 5, rwType: 'SLIDER', radName: '-10 % sur la note', radDescription: 'Sur votre note.', isClaimed: 1 }),
  reward({ rwId: 6, rwType: 'GENERIC', radName: 'Panier pique-nique', isClaimed: 1, code: 'Q2W4E6R8' }),
  reward({ rwId: 7, rwType: 'CODE', radName: 'Spa', isClaimed: 1, code: 'K3P', validUntil: '2020-01-01' }),
];
/** After the staff swipe at the desk: the discount is used. */
const REWARDS_AFTER_USE = REWARDS.map((item) => (item.rwId === 5 ? { ...item, isUsed: 1 as const } : item));
/** What each claimed reward's row says (issue 25: a status for each, never a bare name). */
const STATUS = new Map([
  [1, 'À utiliser'],
  [2, 'Don effectué'],
  [3, 'Utilisée'],
  [5, 'À utiliser'],
  [6, 'À utiliser'],
  [7, 'Expirée'],
]);
const OPENING = { canShare: false, canEmail: false };

// The model sends the invoked calls' done/error events, which the machine's event type does not list.
const modelLogic = finishedStayMachine as unknown as ActorLogic<
  SnapshotFrom<typeof finishedStayMachine>,
  FinishedStayModelEvent,
  FinishedStayInput
>;

const events: FinishedStayModelEvent[] = [
  ...[...STAYS.keys()].map((output) => ({ type: 'xstate.done.actor.loadStay' as const, output })),
  { type: 'xstate.error.actor.loadStay', error: new ApiError(404, 'not_found', 'Stay not found') },
];
const RETRY: FinishedStayModelEvent = { type: 'rewards.retry' };
const rewardEvents: FinishedStayModelEvent[] = [
  { type: 'xstate.done.actor.loadRewards', output: REWARDS },
  { type: 'xstate.done.actor.loadRewards', output: [] },
  { type: 'xstate.error.actor.loadRewards', error: new ApiError(0, 'network_error', 'Failed to fetch') },
];

function describeEvent(event: FinishedStayModelEvent): string {
  if (event.type === 'xstate.done.actor.loadStay') return `stay ${STAYS.get(event.output)}`;
  if (event.type === 'xstate.done.actor.loadRewards')
    return event.output === REWARDS_AFTER_USE ? 'rewards after the use' : `${event.output.length} rewards`;
  if (event.type === 'reward.open') return `open reward ${event.rwId}`;
  if (event.type === 'reward.close' || event.type === 'claim.changed') return event.type;
  if (event.type === 'xstate.error.actor.loadRewards') return 'rewards failed';
  return event.type === 'rewards.retry' ? 'retry' : 'check failed';
}

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

/** The claimed rewards, each with its status and code; the open one's detail modal as on the rewards page. */
async function expectRewards(claimed: Reward[], openRewardId: number | null) {
  const section = screen.getByRole('region', { name: 'Vos récompenses' });
  if (claimed.length === 0) {
    expect(section).toHaveTextContent('Aucune récompense réclamée pendant ce séjour.');
    return;
  }
  // By their part: an open sheet makes the page behind it inert, out of the accessibility tree.
  const items = [...section.querySelectorAll<HTMLElement>('[data-part="reward"]')];
  expect(items.map((item) => item.querySelector('[data-part="name"]')?.textContent)).toEqual(
    claimed.map((item) => item.radName),
  );
  for (const [index, item] of claimed.entries()) {
    const row = items[index] as HTMLElement;
    const used = item.isUsed === 1;
    expect(row.querySelector('[data-part="status"]')).toHaveTextContent(
      item.rwId === 5 && used ? 'Utilisée' : (STATUS.get(item.rwId) ?? ''),
    );
    // issue 25: the code as the rewards page and the front desk's check read it: the stay's prefix, never the name.
    if (item.code) expect(row.querySelector('[data-part="code"]')).toHaveTextContent(`TIL-${item.code}`);
    expect(row).not.toHaveTextContent('Hôtel Les Tilleuls-');
    const toUse = STATUS.get(item.rwId) === 'À utiliser' && !used;
    expect(row.querySelector('[data-part="trigger"]')).toHaveTextContent(
      toUse ? "Présenter à l'accueil" : 'Voir les détails',
    );
  }
  expect(items[0]).toHaveTextContent("Valable jusqu'au 20 novembre 2099");
  expect(items[1]).toHaveTextContent("50 litres d'eau donnés");
  const open = claimed.find((item) => item.rwId === openRewardId);
  if (!open) {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  // The modal is its own lazy chunk, as on the rewards page.
  const dialog = await screen.findByRole('dialog', { name: open.radName });
  if (open.rwId === 6) {
    // The generic reward: the staff check with the code and its QR code.
    expect(within(dialog).getByText('TIL-Q2W4E6R8')).toBeVisible();
    expect(within(dialog).getByRole('img', { name: 'QR code du code TIL-Q2W4E6R8' })).toBeInTheDocument();
  } else if (open.isUsed !== 1) {
    // The discount still to use: what to do first, the swipe behind the staff's step.
    expect(within(dialog).getByText('Présentez cet écran à la réception au moment de votre départ.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Personnel : valider' })).toBeVisible();
    expect(within(dialog).queryByRole('slider')).toBeNull();
  }
}

const cases = [
  { name: 'finished page', prefix: '', profileUUID: PROFILE_ID },
  { name: 'demo finished page', prefix: '/demo', profileUUID: PROFILE_ID },
  { name: 'finished page on a device without profile', prefix: '', profileUUID: null },
  { name: 'demo finished page on a device without profile', prefix: '/demo', profileUUID: null },
];

describe.each(cases)('finishedStay on the $name', ({ prefix, profileUUID }) => {
  const model = new TestModel(modelLogic, {
    input: { sUUID: STAY_ID, profileUUID, language: 'fr' },
    // The calls settle only while they run; 'Réessayer' only after a failure.
    events: (snapshot): FinishedStayModelEvent[] => {
      if (snapshot.matches('checking')) return events;
      if (snapshot.matches({ finished: 'loadingRewards' })) return rewardEvents;
      if (snapshot.matches({ finished: 'reloadingRewards' }))
        return [{ type: 'xstate.done.actor.loadRewards', output: REWARDS_AFTER_USE }];
      if (!snapshot.matches({ finished: 'shown' }))
        return snapshot.matches({ finished: 'rewardsFailed' }) ? [RETRY] : [];
      const { openRewardId, claimedRewards } = snapshot.context;
      if (openRewardId === null)
        return claimedRewards.length === 0
          ? []
          : [
              { type: 'reward.open', rwId: 5, ...OPENING },
              { type: 'reward.open', rwId: 6, ...OPENING },
            ];
      // The discount still to use: the staff swipe at the desk after check-out (its use is a claim change).
      const unused = claimedRewards.some((item) => item.rwId === openRewardId && item.isUsed !== 1);
      return openRewardId === 5 && unused
        ? [{ type: 'reward.close' }, { type: 'claim.changed' }]
        : [{ type: 'reward.close' }];
    },
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
  const url = `${prefix}/stay/${STAY_ID}/finished`;

  for (const path of model.getShortestPaths()) {
    const steps = path.steps.slice(1).map((step) => describeEvent(step.event as FinishedStayModelEvent));
    it(`${steps.join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`, async () => {
      if (profileUUID) localStorage.setItem('profileUUID', profileUUID);
      localStorage.setItem('sUUID', STAY_ID);
      localStorage.setItem('currentStayUUID', STAY_ID);
      const controlled = controlledActors(['loadStay', 'loadRewards', 'markSliderUsed']);
      const slider = controlled.provideTo(sliderLogic);
      const logic = controlled.provideTo(finishedStayMachine).provide({
        actors: { rewardClaim: rewardClaimLogic.provide({ actors: { slider } }) },
      });
      // The receipt has its own model test (stayReceipt.test.tsx): here it stays loading.
      const receipt = controlledActors(['loadReceipt', 'emailReceipt']).provideTo(stayReceiptMachine);
      const { router } = renderStayRoutes(url, {
        finished: ({ sUUID }) => <FinishedPage sUUID={sUUID} logic={logic} receiptLogic={receipt} />,
      });
      const pathname = () => router.state.location.pathname;
      const root = () => document.querySelector('[data-scope="finished-stay"]');

      await path.test({
        states: {
          checking: async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'checking'));
            expect(screen.getByRole('status')).toHaveTextContent('Vérification de votre séjour…');
            // The invoked call starts right after the state renders: wait for it rather than race it.
            await waitFor(() =>
              expect(controlled.calls).toEqual([
                { name: 'loadStay', input: { sUUID: STAY_ID, profileUUID: PROFILE_ID } },
              ]),
            );
            expect(localStorage.getItem('sUUID')).toBe(STAY_ID);
          },
          finished: async (snapshot) => {
            const { stay } = snapshot.context;
            if (!stay) throw new Error('finished without a stay');
            const title = stay.profile.firstName ? `Merci ${stay.profile.firstName} !` : 'Merci pour votre séjour !';
            expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
            expect(root()?.getAttribute('data-state')).toMatch(/^finished/);
            const badges = within(screen.getByRole('list', { name: 'Vos badges' })).getAllByRole('listitem');
            expect(badges[0]).toHaveTextContent(`${stay.earnedGreenMiles} points gagnés`);
            // Only what the stay did: no badge calls the guest 'responsible' or a friend of the planet (issue 29).
            expect(badges).toHaveLength(1);
            // The receipt comes with the thanks, for the stay and the guest's profile.
            expect(screen.getByRole('region', { name: "Votre reçu d'impact" })).toBeInTheDocument();
            expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
            expect(localStorage.getItem('sUUID')).toBeNull();
            expect(localStorage.getItem('currentStayUUID')).toBeNull();
            expect(localStorage.getItem('profileUUID')).toBe(PROFILE_ID);
            expect(pathname()).toBe(url);
          },
          'finished.loadingRewards': async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'finished.loadingRewards'));
            const rewards = screen.getByRole('region', { name: 'Vos récompenses' });
            expect(within(rewards).getByRole('status')).toHaveTextContent('Chargement des récompenses…');
            await waitFor(() => expect(controlled.isPending('loadRewards')).toBe(true));
            expect(controlled.calls.at(-1)).toEqual({
              name: 'loadRewards',
              input: { sUUID: STAY_ID, profileUUID: PROFILE_ID, language: 'fr' },
            });
          },
          'finished.shown': async (snapshot) => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'finished.shown'));
            await expectRewards(snapshot.context.claimedRewards, snapshot.context.openRewardId);
          },
          'finished.reloadingRewards': async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'finished.reloadingRewards'));
            // The staff swipe was sent for the stay's discount; the list stays while it reloads.
            expect(controlled.calls.find((call) => call.name === 'markSliderUsed')?.input).toEqual({
              sUUID: STAY_ID,
              profileUUID: PROFILE_ID,
              rwId: 5,
            });
            expect(screen.getByRole('dialog', { name: '-10 % sur la note' })).toHaveTextContent('Récompense validée !');
            await waitFor(() => expect(controlled.isPending('loadRewards')).toBe(true));
          },
          'finished.rewardsFailed': async () => {
            const alert = await within(screen.getByRole('region', { name: 'Vos récompenses' })).findByRole('alert');
            expect(alert).toHaveTextContent('Impossible de récupérer les récompenses.');
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeVisible();
          },
          redirectingToStay: async () => {
            expect(await screen.findByText('actions page')).toBeInTheDocument();
            expect(pathname()).toBe(`${prefix}/stay/${STAY_ID}`);
            expect(localStorage.getItem('sUUID')).toBe(STAY_ID);
            expect(localStorage.getItem('currentStayUUID')).toBe(STAY_ID);
          },
          redirectingHome: async () => {
            expect(await screen.findByText('welcome page')).toBeInTheDocument();
            expect(pathname()).toBe(prefix || '/');
            if (!profileUUID) expect(controlled.calls).toEqual([]);
          },
        },
        events: {
          'xstate.done.actor.loadStay': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
            controlled.resolve('loadStay', eventOf<{ output: Stay }>(step).output);
          },
          'xstate.error.actor.loadStay': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
            controlled.reject('loadStay', eventOf<{ error: unknown }>(step).error);
          },
          'xstate.done.actor.loadRewards': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadRewards')).toBe(true));
            controlled.resolve('loadRewards', eventOf<{ output: Reward[] }>(step).output);
          },
          'xstate.error.actor.loadRewards': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadRewards')).toBe(true));
            controlled.reject('loadRewards', eventOf<{ error: unknown }>(step).error);
          },
          'rewards.retry': async () => {
            await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
          },
          'reward.open': async (step) => {
            const { rwId } = eventOf<{ rwId: number }>(step);
            const name = REWARDS.find((item) => item.rwId === rwId)?.radName;
            const row = screen
              .getAllByRole('listitem')
              .find((item) => item.querySelector('[data-part="name"]')?.textContent === name);
            if (!row) throw new Error(`no row for reward ${rwId}`);
            await userEvent.setup().click(within(row).getByRole('button'));
          },
          'reward.close': async () => {
            await userEvent
              .setup()
              .click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fermer' }));
          },
          // The staff step, then the swipe's keyboard alternative: four pages to 100 %, then Enter.
          'claim.changed': async () => {
            const user = userEvent.setup();
            const dialog = await screen.findByRole('dialog', { name: '-10 % sur la note' });
            await user.click(within(dialog).getByRole('button', { name: 'Personnel : valider' }));
            act(() => within(dialog).getByRole('slider').focus());
            await user.keyboard('{PageUp}{PageUp}{PageUp}{PageUp}{Enter}');
            await waitFor(() => expect(controlled.isPending('markSliderUsed')).toBe(true));
            await act(async () => controlled.resolve('markSliderUsed', { success: 'OK' }));
          },
        },
      });
    });
  }
});

describe('finished page dates', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    { device: '2030-06-01T12:00:00Z', clock: 'a device clock years ahead' },
    { device: '2020-06-01T12:00:00Z', clock: 'a device clock years behind' },
  ])("judges each reward's validity by the server's date (stay.today), not $clock", async ({ device }) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(device));
    localStorage.setItem('profileUUID', PROFILE_ID);
    const controlled = controlledActors(['loadStay', 'loadRewards']);
    const logic = controlled.provideTo(finishedStayMachine);
    renderStayRoutes(`/stay/${STAY_ID}/finished`, {
      finished: ({ sUUID }) => <FinishedPage sUUID={sUUID} logic={logic} />,
    });
    await waitFor(() => expect(controlled.isPending('loadStay')).toBe(true));
    controlled.resolve('loadStay', { ...baseStay, status: 'finished', remainingDays: 0, today: '2026-11-22' });
    await waitFor(() => expect(controlled.isPending('loadRewards')).toBe(true));
    controlled.resolve('loadRewards', [
      reward({ rwId: 1, rwType: 'CODE', radName: 'Café offert', isClaimed: 1, code: 'A7K', validUntil: '2026-11-22' }),
      reward({ rwId: 7, rwType: 'CODE', radName: 'Spa', isClaimed: 1, code: 'K3P', validUntil: '2026-11-21' }),
    ]);
    const status = async (name: string) => {
      const row = (await screen.findByText(name)).closest('[data-part="reward"]');
      return row?.querySelector('[data-part="status"]')?.textContent;
    };
    // Valid through its last day, expired the day after.
    expect(await status('Café offert')).toBe('À utiliser');
    expect(await status('Spa')).toBe('Expirée');
  });
});
