import { act, screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import type { ActionResponse } from '../../contract/schemas.ts';
import { cleaningDayAt, decisionOf, type LunicleanInput, lunicleanMachine } from '../../machines/luniclean.machine.ts';
import LunicleanModal from '../../src/views/actions/modals/LunicleanModal.tsx';
import { modalDialog, NOT_ENOUGH, renderActionModal, SERVER_FAILURE, SUBMITTED } from '../app/action-modal-harness.tsx';
import { identityBody } from '../app/answer-submission-model.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

type LunicleanSnapshot = SnapshotFrom<typeof lunicleanMachine>;

const END_DATE = '2026-11-24';
/** 10:59 and 11:00 in Paris (UTC+1 in November). */
const BEFORE_ELEVEN = new Date('2026-11-21T09:59:00Z');
const FROM_ELEVEN = new Date('2026-11-21T10:00:00Z');

const events: AnyEventObject[] = [
  { type: 'cleaning.skip' },
  { type: 'cleaning.maintain' },
  { type: 'change.confirm' },
  { type: 'change.cancel' },
  { type: 'xstate.done.actor.submitCleaning', output: SUBMITTED },
  { type: 'xstate.error.actor.submitCleaning', error: NOT_ENOUGH },
  { type: 'xstate.error.actor.submitCleaning', error: SERVER_FAILURE },
];

const cases: Array<[ActionResponse, Date]> = [
  [null, BEFORE_ELEVEN],
  ['SKIP', FROM_ELEVEN],
  ['CLEAN', BEFORE_ELEVEN],
];

for (const [response, now] of cases) {
  const action = makeAction({ actId: 31, actType: 'LUNICLEAN', aadName: 'Ménage', actReward: 25, response });
  const input: LunicleanInput = {
    actId: 31,
    uuid: PROFILE_ID,
    sUUID: STAY_ID,
    lang: 'fr',
    endDate: END_DATE,
    action,
    roomNumber: '101',
    now,
    timeZone: 'Europe/Paris',
  };

  const model = new TestModel(
    lunicleanMachine as unknown as ActorLogic<LunicleanSnapshot, AnyEventObject, LunicleanInput>,
    {
      input,
      events: (snapshot) => events.filter((event) => snapshot.can(event as never)),
      stateMatcher: (snapshot, key) => snapshot.matches(key as never),
    },
  );
  const fromState = createActor(lunicleanMachine, { input }).getSnapshot() as LunicleanSnapshot;

  describe(`luniclean drives the skip-cleaning modal, from ${response ?? 'undecided'} at ${now.toISOString()}`, () => {
    for (const path of model.getShortestPaths({ fromState })) {
      it(path.description, async () => {
        const controlled = controlledActors(['submitCleaning']);
        const onSubmitted = vi.fn();
        const { user } = await renderActionModal(
          <LunicleanModal
            action={action}
            endDate={END_DATE}
            nights={3}
            onSubmitted={onSubmitted}
            onClose={vi.fn()}
            logic={lunicleanMachine.provide({ actors: controlled.actors as never })}
            now={now}
          />,
        );
        const dialog = () => modalDialog('luniclean');
        const inDialog = () => within(dialog());
        const skip = () => inDialog().getByRole('button', { name: 'Passer le ménage' });
        const maintain = () => inDialog().getByRole('button', { name: 'Maintenir le ménage' });

        function expectChoices(snapshot: LunicleanSnapshot, enabled: boolean) {
          const { decision, day } = snapshot.context;
          expect(
            inDialog().getByText(day === 'today' ? "Pas de ménage aujourd'hui ?" : 'Pas de ménage demain ?'),
          ).toBeInTheDocument();
          expect(inDialog().getByText("+100 L d'eau")).toBeInTheDocument();
          expect(inDialog().getByText('+80 eCO2')).toBeInTheDocument();
          for (const button of [skip(), maintain()]) {
            if (enabled) expect(button).toBeEnabled();
            else expect(button).toBeDisabled();
          }
          if (decision === 'undecided') {
            expect(skip()).not.toHaveAttribute('aria-pressed');
          } else {
            expect(skip()).toHaveAttribute('aria-pressed', String(decision === 'skipped'));
            expect(maintain()).toHaveAttribute('aria-pressed', String(decision === 'maintained'));
          }
          if (decision === 'skipped') expect(inDialog().queryByText('+25 GreenMiles')).not.toBeInTheDocument();
          else expect(inDialog().getByText('+25 GreenMiles')).toBeInTheDocument();
        }

        await path.test({
          states: {
            'ready.idle': async (snapshot) => {
              await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'ready.idle'));
              expectChoices(snapshot as LunicleanSnapshot, true);
              expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
            },
            'ready.notEnoughPoints': async (snapshot) => {
              await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'ready.notEnoughPoints'));
              expectChoices(snapshot as LunicleanSnapshot, true);
              const notice = inDialog().getByRole('alert');
              expect(notice).toHaveTextContent('Nombre de GreenMiles insuffisant');
              expect(notice).toHaveTextContent("Gagnez des GreenMiles en réalisant d'autres gestes éco-responsables.");
            },
            'ready.failed': async (snapshot) => {
              await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'ready.failed'));
              expectChoices(snapshot as LunicleanSnapshot, true);
              expect(inDialog().getByRole('alert')).toHaveTextContent('Database unavailable');
            },
            confirmingLoss: async (snapshot) => {
              await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'confirmingLoss'));
              expectChoices(snapshot as LunicleanSnapshot, false);
              expect(inDialog().getByRole('alert')).toHaveTextContent(
                'En maintenant le ménage, les 25 GreenMiles gagnés seront retirés.',
              );
            },
            submitting: async (snapshot) => {
              const { context } = snapshot as LunicleanSnapshot;
              await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'submitting'));
              expectChoices(snapshot as LunicleanSnapshot, false);
              // The success message is on screen while the server is called.
              const success =
                context.decision === 'maintained'
                  ? 'Votre chambre sera nettoyée demain comme prévu'
                  : context.day === 'today'
                    ? "Merci ! Pas de ménage aujourd'hui."
                    : 'Merci ! Pas de ménage demain.';
              expect(inDialog().getByRole('status')).toHaveTextContent(success);
              expect(controlled.calls.at(-1)?.input).toEqual({
                actId: 31,
                body: {
                  ...identityBody(input),
                  skipCleaning: context.pendingDecision === 'skipped',
                  roomNumber: '101',
                  endDate: END_DATE,
                },
              });
            },
            submitted: async () => {
              await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(SUBMITTED));
            },
          },
          events: {
            'cleaning.skip': async () => {
              await user.click(skip());
            },
            'cleaning.maintain': async () => {
              await user.click(maintain());
            },
            'change.confirm': async () => {
              await user.click(inDialog().getByRole('button', { name: 'Confirmer le changement' }));
            },
            'change.cancel': async () => {
              await user.click(inDialog().getByRole('button', { name: 'Annuler' }));
            },
            'xstate.done.actor.submitCleaning': async (step) => {
              await waitFor(() => expect(controlled.isPending('submitCleaning')).toBe(true));
              act(() => controlled.resolve('submitCleaning', (step.event as AnyEventObject).output));
            },
            'xstate.error.actor.submitCleaning': async (step) => {
              await waitFor(() => expect(controlled.isPending('submitCleaning')).toBe(true));
              act(() => controlled.reject('submitCleaning', (step.event as AnyEventObject).error));
            },
          },
        });
      });
    }
  });
}

describe('skip-cleaning rules', () => {
  it('reads SKIP/true as skipped, CLEAN/false as maintained, anything else as undecided', () => {
    expect([decisionOf('SKIP'), decisionOf(true), decisionOf('CLEAN'), decisionOf(false), decisionOf(null)]).toEqual([
      'skipped',
      'skipped',
      'maintained',
      'maintained',
      'undecided',
    ]);
  });

  it('switches the wording at 11:00 hotel-local time', () => {
    expect(cleaningDayAt(BEFORE_ELEVEN, 'Europe/Paris')).toBe('today');
    expect(cleaningDayAt(FROM_ELEVEN, 'Europe/Paris')).toBe('tomorrow');
    // The same instant is still morning in New York.
    expect(cleaningDayAt(FROM_ELEVEN, 'America/New_York')).toBe('today');
  });

  it('blocks a change equal to the current answer', async () => {
    const controlled = controlledActors(['submitCleaning']);
    const action = makeAction({ actId: 32, actType: 'LUNICLEAN', response: 'SKIP' });
    const { user } = await renderActionModal(
      <LunicleanModal
        action={action}
        endDate={null}
        nights={null}
        onSubmitted={vi.fn()}
        onClose={vi.fn()}
        logic={lunicleanMachine.provide({ actors: controlled.actors as never })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Passer le ménage' }));
    expect(modalDialog('luniclean')).toHaveAttribute('data-state', 'ready.idle');
    expect(controlled.calls).toEqual([]);
  });
});
