import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serializeSnapshot, TestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import { errorCodeOf } from '../../contract/errors.ts';
import { rewardCodeText } from '../../contract/reward-code.ts';
import type { Reward } from '../../contract/schemas.ts';
import {
  canAffordReward,
  isNotEnoughPoints,
  type RewardClaimInput,
  rewardClaimMachine,
} from '../../machines/dialogs/rewardClaim.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { formatValidUntil, waterAccessMonths, waterVolumeOf } from '../../src/views/rewards/details/rewardDisplay.ts';
import { rewardClaimLogic } from '../../src/views/rewards/rewardsList.logic.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import {
  CLAIM_SETTINGS,
  CODE_PREFIX,
  DETAILS_SESSION,
  DETAILS_TODAY,
  POINTS_NAME,
  ROOM_NUMBER,
  renderRewardDetails,
} from '../app/reward-details-harness.tsx';
import { reward } from '../app/rewards-fixtures.ts';
import { renderLoadedRewardsPage } from '../app/rewards-page-harness.tsx';
import { makeHotel, makeStay } from '../app/stay-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

// The rewards page's modal uses the real claim logic: its call is replaced here, at the API boundary.
vi.mock('../../src/api/rewards.ts', () => ({
  claimReward: vi.fn(async () => ({ code: 'A7K', greenMiles: 70, claimedAt: '2026-11-23T17:05:00.000Z' })),
  getRewardCode: vi.fn(),
  markSliderUsed: vi.fn(),
  emailReward: vi.fn(),
}));

type ClaimSnapshot = SnapshotFrom<typeof rewardClaimMachine>;

/** The texts of the claim refusals that have their own (machines/failureTexts.ts), by code. */
const CLAIM_FAILURE_TEXTS: Record<string, string> = {
  room_claim_limit: 'Cette récompense a déjà été réclamée pour votre chambre cette nuit. Réessayez demain.',
  pool_daily_limit: "Plus aucun code n'est disponible aujourd'hui pour cette récompense. Réessayez demain.",
  reward_expired: 'Cette récompense a expiré : elle ne peut plus être débloquée.',
};

const notEnough = new ApiError(409, 'not_enough_greenmiles', 'Not enough GreenMiles: balance 10, needed 30');
const events: AnyEventObject[] = [
  { type: 'reward.unlock' },
  {
    type: 'xstate.done.actor.claimReward',
    output: { code: 'A7K', greenMiles: 70, claimedAt: '2026-11-23T17:05:00.000Z' },
  },
  {
    type: 'xstate.done.actor.claimReward',
    output: { code: null, greenMiles: 70, claimedAt: '2026-11-23T17:05:00.000Z' },
  },
  { type: 'xstate.error.actor.claimReward', error: notEnough },
  { type: 'xstate.error.actor.claimReward', error: new ApiError(500, 'internal', 'boom') },
  // docs/behaviour.md#caps: the hotel's caps are refused with their own texts.
  { type: 'xstate.error.actor.claimReward', error: new ApiError(429, 'room_claim_limit', 'Twice per room') },
  { type: 'xstate.error.actor.claimReward', error: new ApiError(429, 'pool_daily_limit', 'No code today') },
  // docs/behaviour.md#reward-claims: a reward past its validity date (the list was loaded before it ended).
  { type: 'xstate.error.actor.claimReward', error: new ApiError(409, 'reward_expired', 'Past its validity date') },
  // Another tab of the same stay claimed it first.
  { type: 'xstate.error.actor.claimReward', error: new ApiError(409, 'already_claimed', 'Already claimed') },
  { type: 'xstate.done.actor.getRewardCode', output: { success: 'OK', code: 'B2C' } },
  { type: 'xstate.done.actor.getRewardCode', output: { success: 'OK', code: '' } },
  { type: 'xstate.error.actor.getRewardCode', error: new ApiError(404, 'not_found', 'No code') },
  { type: 'code.retry' },
];

/**
 * The rewards whose modals differ, each with the balance the page knows and the stay's other rewards, and, for the
 * ones the model unlocks, what the dialog then says comes next (the claim's reply leaves 70 points).
 */
const SPA = reward({ rwId: 20, rwType: 'GENERIC', radName: 'Spa', rwCost: 300 });
const TEA = reward({ rwId: 21, rwType: 'GENERIC', radName: 'Thé', rwCost: 50 });
const SCENARIOS: Array<{ name: string; input: RewardClaimInput; next?: string }> = [
  {
    name: 'affordable CODE',
    reward: reward({ rwId: 1, rwType: 'CODE', radName: 'Café offert', rwCost: 30 }),
    others: [SPA],
    next: `Plus que 230 ${POINTS_NAME} pour Spa`,
  },
  {
    name: 'affordable water',
    reward: reward({ rwId: 2, rwType: 'EAU', radName: "Don de 30 litres d'eau", rwCost: 20, rwWaterVolume: 80 }),
    others: [{ ...SPA, isClaimed: 1 as const }],
    next: 'Vous avez débloqué toutes les récompenses !',
  },
  { name: 'unaffordable generic', reward: reward({ rwId: 3, rwType: 'GENERIC', radName: 'Spa', rwCost: 300 }) },
  {
    name: 'claimed CODE without its code',
    reward: reward({ rwId: 4, rwType: 'CODE', radName: 'Bar', isClaimed: 1, validUntil: '2027-06-30' }),
  },
  {
    name: 'claimed CODE with its code',
    reward: reward({ rwId: 5, rwType: 'CODE', radName: 'Bar', isClaimed: 1, code: 'Z9Q' }),
    others: [TEA],
  },
  {
    name: 'claimed used SLIDER',
    reward: reward({ rwId: 6, rwType: 'SLIDER', radName: 'Late', isClaimed: 1, isUsed: 1 }),
  },
  {
    name: 'affordable generic',
    reward: reward({ rwId: 7, rwType: 'GENERIC', radName: 'Cadeau', rwCost: 100 }),
    others: [SPA, TEA],
    next: 'Vous pouvez débloquer Thé !',
  },
  {
    name: 'claimed expired CODE',
    reward: reward({ rwId: 8, rwType: 'CODE', radName: 'Bar', isClaimed: 1, code: 'K3P', validUntil: '2026-11-19' }),
  },
  {
    name: 'claimed used generic',
    reward: reward({ rwId: 10, rwType: 'GENERIC', radName: 'Cadeau', isClaimed: 1, isUsed: 1, code: 'Q2W4E6R8' }),
  },
].map(({ name, reward: item, others = [], next }) => ({
  name,
  input: { reward: item, balance: 100, rewards: [item, ...others], ...CLAIM_SETTINGS },
  next,
}));

// The graph walks the flow alone: its reports to the list that runs it go nowhere here.
const logic = rewardClaimMachine.provide({ actions: { announceChange: () => {} } }) as unknown as ActorLogic<
  ClaimSnapshot,
  AnyEventObject,
  RewardClaimInput
>;

function modelFor(input: RewardClaimInput) {
  return new TestModel(logic, {
    input,
    events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
    // A state reached again through another edge (retry, refusal) counts as new, so each edge is walked.
    serializeState: (snapshot, event) =>
      serializeSnapshot(snapshot) +
      (event ? ` via ${event.type}${'error' in event ? ` ${errorCodeOf(event.error)}` : ''}` : ''),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

function dialog(): HTMLElement {
  return screen.getByRole('dialog');
}

/** The unlock button's name (docs/behaviour.md#unlocking: water says 'donate water', the others show the cost). */
const unlockName = (item: Reward) =>
  item.rwType === 'EAU' ? "Donner de l'eau" : `Débloquer pour ${item.rwCost} ${POINTS_NAME}`;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('rewardClaim machine: model paths drive the reward detail modal', () => {
  for (const scenario of SCENARIOS) {
    const paths = modelFor(scenario.input).getShortestPaths();
    for (const path of paths) {
      it(modelPathTitle(path, scenario.name), async () => {
        const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
        const controlled = controlledActors(['claimReward', 'getRewardCode']);
        const claim = controlled.provideTo(rewardClaimLogic);
        const item = scenario.input.reward;
        // The claim's changes go to its parent, the rewards list.
        const { onClaimChanged: onChanged } = renderRewardDetails(
          item,
          scenario.input.balance,
          { claim },
          {
            rewards: scenario.input.rewards,
          },
        );
        let claimsSettled = 0;
        let lastClaimError: string | null = null;

        const expectDialog = async (state: string) => {
          await waitFor(() => expect(dialog()).toHaveAttribute('data-state', state));
          expect(dialog()).toHaveAccessibleName(item.radName);
        };

        await path.test({
          states: {
            locked: async () => {
              await expectDialog('locked');
              expect(within(dialog()).getByRole('button', { name: unlockName(item) })).toBeVisible();
              expect(within(dialog()).queryByRole('alert')).toBeNull();
              expect(within(dialog()).queryByText(/Il vous manque/)).toBeNull();
            },
            claiming: async () => {
              await expectDialog('claiming');
              const button = within(dialog()).getByRole('button', { name: 'Déblocage en cours…' });
              expect(button).toHaveAttribute('aria-disabled', 'true');
              expect(controlled.isPending('claimReward')).toBe(true);
              expect(controlled.calls.at(-1)).toEqual({
                name: 'claimReward',
                input: { ...DETAILS_SESSION, rwId: item.rwId },
              });
            },
            failed: async () => {
              await expectDialog('failed');
              expect(within(dialog()).getByRole('alert')).toHaveTextContent(
                CLAIM_FAILURE_TEXTS[lastClaimError ?? ''] ?? 'Erreur lors de la réclamation de la récompense.',
              );
              expect(within(dialog()).getByRole('button', { name: unlockName(item) })).toBeVisible();
            },
            insufficient: async (snapshot) => {
              await expectDialog('insufficient');
              const missing = Math.max(1, item.rwCost - snapshot.context.balance);
              expect(within(dialog()).getByText(`Il vous manque ${missing} ${POINTS_NAME}`)).toBeVisible();
              expect(within(dialog()).getByRole('button', { name: 'Gagner des points' })).toBeVisible();
              expect(within(dialog()).queryByRole('button', { name: /Débloquer/ })).toBeNull();
              // A server refusal refreshes the list and the stay: the page's balance was stale.
              expect(onChanged).toHaveBeenCalledTimes(claimsSettled);
            },
            // issue 25: a claim made in another tab says so, refreshes the list, and offers no second unlock.
            alreadyClaimed: async () => {
              await expectDialog('alreadyClaimed');
              expect(within(dialog()).getByRole('status')).toHaveTextContent(
                'Vous avez déjà débloqué cette récompense (peut-être dans un autre onglet).',
              );
              expect(within(dialog()).queryByRole('button', { name: unlockName(item) })).toBeNull();
              expect(within(dialog()).getByRole('button', { name: 'Retour' })).toBeVisible();
              expect(onChanged).toHaveBeenCalledTimes(claimsSettled);
            },
            'claimed.fetchingCode': async () => {
              await expectDialog('claimed.fetchingCode');
              expect(within(dialog()).getByText('Récupération du code…')).toHaveAttribute('role', 'status');
              expect(controlled.calls.at(-1)).toEqual({
                name: 'getRewardCode',
                input: { ...DETAILS_SESSION, rwId: item.rwId },
              });
            },
            'claimed.codeFailed': async (snapshot) => {
              await expectDialog('claimed.codeFailed');
              const alert = within(dialog()).getByRole('alert');
              expect(alert).toHaveTextContent(
                snapshot.context.error?.message === 'Code de réclamation non disponible'
                  ? 'Code de réclamation non disponible'
                  : 'Erreur lors de la récupération du code',
              );
              expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeVisible();
            },
            'claimed.shown': async (snapshot) => {
              await expectDialog('claimed.shown');
              expect(within(dialog()).queryByRole('button', { name: /Débloquer|Donner/ })).toBeNull();
              expect(onChanged).toHaveBeenCalledTimes(claimsSettled);
              const body = within(dialog());
              // issue 25: just unlocked, the dialog says what is left and what comes next; opened again, it does not.
              const whatNext = body.queryByRole('region', { name: 'Et ensuite' });
              if (claimsSettled > 0) {
                expect(whatNext).toHaveTextContent(`Il vous reste 70 ${POINTS_NAME}.`);
                expect(whatNext?.querySelector('[data-part="progress"]')).toHaveTextContent(scenario.next ?? '');
              } else expect(whatNext).toBeNull();
              // issue 25: a claimed reward past its date, or used, says so.
              const expired = item.isUsed !== 1 && item.validUntil !== null && item.validUntil < DETAILS_TODAY;
              if (expired) expect(body.getByText('Cette récompense a expiré.')).toBeVisible();
              else expect(body.queryByText('Cette récompense a expiré.')).toBeNull();
              switch (item.rwType) {
                case 'CODE': {
                  const code = snapshot.context.code ?? '';
                  expect(body.getByText(`TIL-${code}`)).toBeVisible();
                  expect(body.getByRole('button', { name: 'Copier le code' })).toBeVisible();
                  // No validUntil: no expiry line rather than an invented date.
                  if (item.validUntil === null) expect(body.queryByText(/^Valable jusqu'au /)).toBeNull();
                  else
                    expect(body.getByText(/^Valable jusqu'au /)).toHaveTextContent(
                      `Valable jusqu'au ${formatValidUntil(item.validUntil, 'fr')}`,
                    );
                  expect(
                    body.getByText('Présentez ce code au personnel de l’hôtel pour profiter de votre récompense.', {
                      normalizer: (text) => text.replace("'", '’'),
                    }),
                  ).toBeVisible();
                  expect(body.getByRole('button', { name: 'Envoyer par e-mail' })).toBeVisible();
                  break;
                }
                case 'EAU':
                  // 'N litres' in the name wins over rwWaterVolume; 30 L is 3 months.
                  expect(body.getByText("30 litres d'eau potable offerts")).toBeVisible();
                  expect(body.getByText("Soit 3 mois d'accès à l'eau pour une personne.")).toBeVisible();
                  break;
                case 'SLIDER':
                  expect(body.getByRole('status')).toHaveTextContent('Récompense utilisée');
                  expect(body.queryByRole('slider')).toBeNull();
                  break;
                default: {
                  if (item.isUsed === 1) {
                    expect(body.getByText('Récompense utilisée')).toHaveAttribute('role', 'status');
                    expect(body.queryByText(/Récompense débloquée/)).toBeNull();
                  } else
                    expect(dialog().querySelector('[data-part="unlocked"]')).toHaveTextContent(
                      "Récompense débloquée ! Présentez cet écran au personnel de l'hôtel.",
                    );
                  // What staff check: the claim's time, the room and the claim's code (the server's, if it gave one).
                  const check = within(dialog().querySelector('[data-part="staff-check"]') as HTMLElement);
                  expect(check.getByText('Chambre').nextSibling).toHaveTextContent(ROOM_NUMBER);
                  const claimedAt = snapshot.context.reward.claimedAt;
                  if (claimedAt) {
                    // As the hotel's clock (Asia/Tokyo) reads 17:05 UTC, whatever the device's zone.
                    expect(claimedAt).toBe('2026-11-23T17:05:00.000Z');
                    expect(check.getByText('Débloquée le').nextSibling).toHaveTextContent(/^24 nov\. 2026,? 02:05$/);
                  }
                  const code = snapshot.context.reward.code;
                  if (code) expect(check.getByText(`${CODE_PREFIX}-${code}`)).toBeVisible();
                  else expect(check.queryByText('Code')).toBeNull();
                }
              }
            },
          },
          events: {
            'reward.unlock': async () => {
              await user.click(within(dialog()).getByRole('button', { name: unlockName(item) }));
            },
            'xstate.done.actor.claimReward': async (step) => {
              claimsSettled += 1;
              await act(async () => controlled.resolve('claimReward', eventOf<{ output: unknown }>(step).output));
            },
            'xstate.error.actor.claimReward': async (step) => {
              const { error } = eventOf<{ error: unknown }>(step);
              if (isNotEnoughPoints(error) || errorCodeOf(error) === 'already_claimed') claimsSettled += 1;
              lastClaimError = errorCodeOf(error);
              await act(async () => controlled.reject('claimReward', error));
            },
            'xstate.done.actor.getRewardCode': async (step) => {
              await act(async () => controlled.resolve('getRewardCode', eventOf<{ output: unknown }>(step).output));
            },
            'xstate.error.actor.getRewardCode': async (step) => {
              await act(async () => controlled.reject('getRewardCode', eventOf<{ error: unknown }>(step).error));
            },
            'code.retry': async () => {
              await user.click(within(dialog()).getByRole('button', { name: 'Réessayer' }));
            },
          },
        });
      });
    }
  }
});

describe('reward detail modal', () => {
  it('leads back to the stay page from the insufficient-points notice, and closes', async () => {
    const user = userEvent.setup();
    const { onEarnPoints, onClose } = renderRewardDetails(reward({ rwId: 3, rwCost: 300 }), 100, {});
    await user.click(screen.getByRole('button', { name: 'Gagner des points' }));
    expect(onEarnPoints).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('reports a claim to the list that runs it, not through the view', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const controlled = controlledActors(['claimReward', 'getRewardCode']);
    const claim = controlled.provideTo(rewardClaimLogic);
    const item = reward({ rwId: 5, rwType: 'GENERIC', radName: 'Cadeau', rwCost: 30 });
    const { onClaimChanged } = renderRewardDetails(item, 100, { claim });
    await user.click(screen.getByRole('button', { name: `Débloquer pour 30 ${POINTS_NAME}` }));
    await act(async () =>
      controlled.resolve('claimReward', { code: null, greenMiles: 70, claimedAt: '2026-11-23T17:05:00.000Z' }),
    );
    expect(onClaimChanged).toHaveBeenCalledTimes(1);
  });

  it('just unlocked, a discount leads with what to do, then the balance left and the way to the next reward', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const controlled = controlledActors(['claimReward', 'getRewardCode']);
    const claim = controlled.provideTo(rewardClaimLogic);
    const discount = reward({ rwId: 9, rwType: 'SLIDER', radName: 'Remise', rwCost: 30 });
    renderRewardDetails(discount, 100, { claim }, { rewards: [discount, SPA, { ...TEA, isClaimed: 1 }] });
    expect(screen.queryByRole('region', { name: 'Et ensuite' })).toBeNull();
    await user.click(screen.getByRole('button', { name: `Débloquer pour 30 ${POINTS_NAME}` }));
    await act(async () =>
      controlled.resolve('claimReward', { code: null, greenMiles: 120, claimedAt: '2026-11-23T17:05:00.000Z' }),
    );
    const whatNext = screen.getByRole('region', { name: 'Et ensuite' });
    expect(whatNext).toHaveTextContent(`Il vous reste 120 ${POINTS_NAME}.Plus que 180 ${POINTS_NAME} pour Spa`);
    // The share of Spa's cost the balance covers, standing still: no points were earned here.
    const fill = whatNext.querySelector<HTMLElement>('[data-part="fill"]');
    expect(fill?.style.inlineSize).toBe('40%');
    expect(fill?.style.getPropertyValue('--reward-progress-from')).toBe('40%');
    const instruction = screen.getByText('Présentez cet écran à la réception au moment de votre départ.');
    expect(instruction.compareDocumentPosition(whatNext) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a claimed used SLIDER offers a back button that closes the modal', async () => {
    const user = userEvent.setup();
    const item = reward({ rwId: 6, rwType: 'SLIDER', isClaimed: 1, isUsed: 1 });
    const { onClose } = renderRewardDetails(item, 0, {});
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('rewards page with the detail modal', () => {
  it('opens the modal on a card, reloads the list and refreshes the stay after a claim, closes', async () => {
    const {
      user,
      rewards: controlled,
      session,
    } = await renderLoadedRewardsPage({
      stay: makeStay({ greenMiles: 100, codePrefix: CODE_PREFIX }),
      hotel: makeHotel({ hGreenMilesName: POINTS_NAME }),
    });
    const coffee = reward({ rwId: 1, rwType: 'CODE', radName: 'Café offert', rwCost: 30 });
    await act(async () => controlled.resolve('loadRewards', [coffee]));
    await user.click(within(screen.getByRole('article', { name: 'Café offert' })).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Café offert' });
    await user.click(within(dialog).getByRole('button', { name: 'Débloquer pour 30 Feuilles' }));

    expect(await within(dialog).findByText('TIL-A7K')).toBeVisible();
    // The root refreshes the stay (the header balance) while the list reloads.
    await waitFor(() => expect(session.isPending('loadStay')).toBe(true));
    const list = document.querySelector('[data-scope="rewards-list"]');
    expect(list).toHaveAttribute('data-state', 'reloading');
    expect(controlled.calls).toHaveLength(2);
    await act(async () => controlled.resolve('loadRewards', [{ ...coffee, isClaimed: 1, code: 'A7K' }]));
    expect(list).toHaveAttribute('data-state', 'loaded');
    expect(screen.getByRole('region', { name: 'Récompenses débloquées' })).toBeInTheDocument();
    // The page's empty state, and the dialog's way forward from the list it was opened on: nothing left to unlock.
    expect(screen.getAllByText('Vous avez débloqué toutes les récompenses !')).toHaveLength(2);
    expect(within(dialog).getByRole('region', { name: 'Et ensuite' })).toHaveTextContent(
      'Il vous reste 70 Feuilles.Vous avez débloqué toutes les récompenses !',
    );
    expect(screen.getByRole('dialog')).toBe(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('reward rules', () => {
  it('offers unlocking only when the balance covers the cost', () => {
    expect(canAffordReward(reward({ rwId: 1, rwCost: 30 }), 30)).toBe(true);
    expect(canAffordReward(reward({ rwId: 1, rwCost: 30 }), 29)).toBe(false);
    const start = (balance: number) =>
      createActor(rewardClaimMachine, {
        input: { reward: reward({ rwId: 1, rwCost: 30 }), balance, rewards: [], ...CLAIM_SETTINGS },
      }).getSnapshot().value;
    expect(start(30)).toBe('locked');
    expect(start(29)).toBe('insufficient');
  });

  it('reads the water volume from the name, else rwWaterVolume, else 50; months = max(1, round(volume / 10))', () => {
    expect(waterVolumeOf(reward({ rwId: 1, radName: 'Don de 120 litres', rwWaterVolume: 10 }))).toBe(120);
    expect(waterVolumeOf(reward({ rwId: 1, radName: 'Eau pour tous', rwWaterVolume: 70 }))).toBe(70);
    expect(waterVolumeOf(reward({ rwId: 1, radName: 'Eau pour tous' }))).toBe(50);
    expect([4, 5, 14, 15, 50].map(waterAccessMonths)).toEqual([1, 1, 1, 2, 5]);
  });

  it("shows codes with the stay's code prefix and dates in the interface locale", () => {
    expect(rewardCodeText(CODE_PREFIX, 'A7K')).toBe('TIL-A7K');
    expect(rewardCodeText('', 'A7K')).toBe('A7K');
    expect(formatValidUntil('2027-12-31', 'fr')).toBe('31 décembre 2027');
    expect(formatValidUntil('2027-06-30', 'en')).toBe('June 30, 2027');
  });

  it('keeps the water modal open through the donation: the summary replaces the offer in place', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const controlled = controlledActors(['claimReward', 'getRewardCode']);
    const claim = controlled.provideTo(rewardClaimLogic);
    renderRewardDetails(reward({ rwId: 2, rwType: 'EAU', radName: "Don de 30 litres d'eau", rwCost: 20 }), 100, {
      claim,
    });
    const sheet = dialog();
    await user.click(within(sheet).getByRole('button', { name: "Donner de l'eau" }));
    expect(screen.getByRole('dialog')).toBe(sheet);
    await act(async () =>
      controlled.resolve('claimReward', { code: null, greenMiles: 80, claimedAt: '2026-11-23T17:05:00.000Z' }),
    );
    expect(screen.getByRole('dialog')).toBe(sheet);
    expect(within(sheet).getByText("Soit 3 mois d'accès à l'eau pour une personne.")).toBeVisible();
  });
});
