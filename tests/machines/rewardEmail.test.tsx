import { i18n } from '@lingui/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import {
  emailErrorOf,
  isEmailAddress,
  type RewardEmailInput,
  rewardEmailMachine,
} from '../../machines/dialogs/rewardEmail.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { RewardShare } from '../../src/views/rewards/details/RewardShare.tsx';
import { rewardEmailLogic } from '../../src/views/rewards/rewardsList.logic.ts';
import { controlledActors } from '../app/controlled-actors.ts';
import { I18nWrapper } from '../app/i18n-wrapper.tsx';
import { DETAILS_SESSION, renderRewardDetails } from '../app/reward-details-harness.tsx';
import { reward } from '../app/rewards-fixtures.ts';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type EmailSnapshot = SnapshotFrom<typeof rewardEmailMachine>;

const CODE_REWARD = reward({ rwId: 11, rwType: 'CODE', radName: 'Café offert', isClaimed: 1, code: 'A7K' });
const SHARE_DATA = { title: 'Café offert', text: 'Café offert — TIL-A7K' };

const events: AnyEventObject[] = [
  { type: 'email.open' },
  { type: 'email.change', value: 'guest@' },
  { type: 'email.change', value: 'guest@example.com' },
  { type: 'email.submit' },
  { type: 'xstate.done.actor.emailReward', output: { success: 'OK' } },
  { type: 'xstate.error.actor.emailReward', error: new ApiError(503, 'mail_not_configured', 'No SMTP') },
  { type: 'xstate.error.actor.emailReward', error: new ApiError(429, 'rate_limited', 'Too many') },
  { type: 'xstate.error.actor.emailReward', error: new ApiError(500, 'internal', 'boom') },
  { type: 'reward.share' },
  { type: 'xstate.done.actor.shareReward' },
  { type: 'xstate.error.actor.shareReward', error: new DOMException('Cancelled', 'AbortError') },
];

const logic = rewardEmailMachine as unknown as ActorLogic<EmailSnapshot, AnyEventObject, RewardEmailInput>;

const modelFor = (canShare: boolean) =>
  new TestModel(logic, {
    input: {
      ...DETAILS_SESSION,
      rwId: CODE_REWARD.rwId,
      language: 'fr',
      canShare,
      canEmail: true,
      shareData: SHARE_DATA,
    },
    events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;
const emailField = () => screen.getByRole('textbox', { name: 'Adresse e-mail' });
const root = () => document.querySelector('[data-scope="reward-email"]');

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('rewardEmail machine: model paths drive the e-mail and share part of a claimed reward', () => {
  for (const canShare of [true, false]) {
    for (const path of modelFor(canShare).getShortestPaths()) {
      it(modelPathTitle(path, canShare ? 'Web Share' : 'no Web Share'), async () => {
        if (canShare) Object.defineProperty(navigator, 'share', { value: vi.fn(), configurable: true });
        const user = userEvent.setup();
        const controlled = controlledActors(['emailReward', 'shareReward']);
        const email = controlled.provideTo(rewardEmailLogic);
        renderRewardDetails(CODE_REWARD, 0, { email });
        const callsOf = (name: string) => controlled.calls.filter((call) => call.name === name);
        let sends = 0;
        let shares = 0;

        await path.test({
          states: {
            'email.closed': async () => {
              await waitFor(() => expect(root()).toHaveAttribute('data-state', 'closed'));
              expect(screen.getByRole('button', { name: 'Envoyer par e-mail' })).toBeVisible();
              expect(screen.queryByRole('textbox')).toBeNull();
            },
            'email.editing': async (snapshot) => {
              await waitFor(() => expect(root()).toHaveAttribute('data-state', 'editing'));
              const field = emailField();
              expect(field).toHaveAttribute('type', 'email');
              expect(field).toHaveValue(snapshot.context.email);
              expect(field).toHaveAttribute('aria-invalid', String(snapshot.context.invalid));
              const hint = screen.queryByText('Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.');
              if (snapshot.context.invalid) expect(field).toHaveAccessibleDescription(hint?.textContent ?? '-');
              else expect(hint).toBeNull();
              const { error } = snapshot.context;
              if (error) expect(screen.getByRole('alert')).toHaveTextContent(i18n._(error));
              else expect(screen.queryByRole('alert')).toBeNull();
              expect(screen.getByRole('button', { name: 'Envoyer' })).toBeVisible();
              expect(callsOf('emailReward')).toHaveLength(sends);
            },
            'email.sending': async () => {
              await waitFor(() => expect(root()).toHaveAttribute('data-state', 'sending'));
              expect(screen.getByRole('button', { name: 'Envoi en cours…' })).toHaveAttribute('aria-disabled', 'true');
              expect(callsOf('emailReward')).toHaveLength(sends);
              expect(callsOf('emailReward').at(-1)?.input).toEqual({
                ...DETAILS_SESSION,
                rwId: CODE_REWARD.rwId,
                email: 'guest@example.com',
                language: 'fr',
              });
            },
            'email.sent': async () => {
              await waitFor(() => expect(root()).toHaveAttribute('data-state', 'sent'));
              expect(screen.getByText('E-mail envoyé')).toBeVisible();
              expect(screen.getByRole('button', { name: 'Envoyer par e-mail' })).toBeVisible();
            },
            'share.idle': async () => {
              await waitFor(() => expect(root()).toHaveAttribute('data-share-state', 'idle'));
              // Offered only where it works (issue 15).
              if (canShare) expect(screen.getByRole('button', { name: 'Partager' })).toBeVisible();
              else expect(screen.queryByRole('button', { name: 'Partager' })).toBeNull();
            },
            'share.sharing': async () => {
              await waitFor(() => expect(root()).toHaveAttribute('data-share-state', 'sharing'));
              expect(callsOf('shareReward')).toHaveLength(shares);
              expect(callsOf('shareReward').at(-1)?.input).toEqual(SHARE_DATA);
            },
          },
          events: {
            'email.open': async () => {
              await user.click(screen.getByRole('button', { name: 'Envoyer par e-mail' }));
            },
            'email.change': async (step) => {
              await user.clear(emailField());
              await user.type(emailField(), eventOf<{ value: string }>(step).value);
            },
            'email.submit': async () => {
              if (isEmailAddress((emailField() as HTMLInputElement).value)) sends += 1;
              await user.click(screen.getByRole('button', { name: 'Envoyer' }));
            },
            'xstate.done.actor.emailReward': async (step) => {
              await act(async () => controlled.resolve('emailReward', eventOf<{ output: unknown }>(step).output));
            },
            'xstate.error.actor.emailReward': async (step) => {
              await act(async () => controlled.reject('emailReward', eventOf<{ error: unknown }>(step).error));
            },
            'reward.share': async () => {
              if (canShare) shares += 1;
              await user.click(screen.getByRole('button', { name: 'Partager' }));
            },
            'xstate.done.actor.shareReward': async () => {
              await act(async () => controlled.resolve('shareReward', undefined));
            },
            'xstate.error.actor.shareReward': async (step) => {
              await act(async () => controlled.reject('shareReward', eventOf<{ error: unknown }>(step).error));
            },
          },
        });
      });
    }
  }
});

describe('RewardShare', () => {
  const shareFlow = (canEmail: boolean, canShare: boolean) =>
    createActor(rewardEmailLogic, {
      input: { ...DETAILS_SESSION, rwId: CODE_REWARD.rwId, language: 'fr', canShare, canEmail, shareData: SHARE_DATA },
    }).start();

  it('draws nothing where there is neither e-mail nor a share sheet (the finished page on most desktops)', () => {
    const { container } = render(<RewardShare flow={shareFlow(false, false)} />, { wrapper: I18nWrapper });
    expect(container).toBeEmptyDOMElement();
  });

  it('offers only what the device and the hotel can do', () => {
    render(<RewardShare flow={shareFlow(false, true)} />, { wrapper: I18nWrapper });
    expect(screen.getByRole('button', { name: 'Partager' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Envoyer par e-mail' })).toBeNull();
  });
});

describe('reward e-mail rules', () => {
  it('maps failures to their messages', () => {
    const text = (error: unknown) => i18n._(emailErrorOf(error));
    expect(text(new ApiError(503, 'mail_not_configured', 'x'))).toBe(
      "L'envoi par e-mail n'est pas disponible dans cet hôtel.",
    );
    expect(text(new ApiError(429, 'rate_limited', 'x'))).toBe("Trop d'envois, réessayez plus tard");
    expect(text(new ApiError(400, 'invalid_email', 'x'))).toBe("Erreur lors de l'envoi de la récompense par e-mail");
    // The hotel's mail server away: try again later, not 'not available in this hotel'.
    expect(text(new ApiError(503, 'mail_send_failed', 'x'))).toBe("Erreur lors de l'envoi de la récompense par e-mail");
  });

  it('accepts plausible addresses only', () => {
    expect(isEmailAddress(' guest@example.com ')).toBe(true);
    expect(['guest@', 'guest example.com', '@example.com', 'a@b'].some(isEmailAddress)).toBe(false);
  });
});
