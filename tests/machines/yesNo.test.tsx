import { act, screen, waitFor, within } from '@testing-library/react';
import { TestModel } from '@xstate/graph';
import { describe, expect, it, vi } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import type { ActionResponse } from '../../contract/schemas.ts';
import { answerOf, type YesNoInput, yesNoMachine } from '../../machines/yesNo.machine.ts';
import YesNoModal from '../../src/views/actions/modals/YesNoModal.tsx';
import { modalDialog, NOT_ENOUGH, renderActionModal, SERVER_FAILURE, SUBMITTED } from '../app/action-modal-harness.tsx';
import { identityBody } from '../app/answer-submission-model.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

type YesNoSnapshot = SnapshotFrom<typeof yesNoMachine>;

const END_DATE = '2026-11-24';

const events: AnyEventObject[] = [
  { type: 'answer.choose', answer: 'yes' },
  { type: 'answer.choose', answer: 'no' },
  { type: 'change.confirm' },
  { type: 'change.cancel' },
  { type: 'xstate.done.actor.submitAnswer', output: SUBMITTED },
  { type: 'xstate.error.actor.submitAnswer', error: NOT_ENOUGH },
  { type: 'xstate.error.actor.submitAnswer', error: SERVER_FAILURE },
];

const LABEL = { yes: 'Oui', no: 'Non' } as const;

/** The guest starts from no answer, from the rewarded answer (YES) and from the other one. */
for (const response of [null, 'YES', 'NO'] satisfies ActionResponse[]) {
  const action = makeAction({
    actId: 21,
    actType: 'YESNOSTAY',
    aadName: 'Serviettes',
    aadQuestion: 'Réutilisez-vous vos serviettes ?',
    actReward: 15,
    actPositiveResponse: 'YES',
    response,
  });
  const input: YesNoInput = { actId: 21, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: END_DATE, action };

  const model = new TestModel(yesNoMachine as unknown as ActorLogic<YesNoSnapshot, AnyEventObject, YesNoInput>, {
    input,
    events: (snapshot) =>
      events.filter(
        (event) =>
          snapshot.can(event as never) &&
          // The screen offers only the other answer once answered.
          !(event.type === 'answer.choose' && event.answer === snapshot.context.answer),
      ),
    stateMatcher: (snapshot, key) => snapshot.matches(key as never),
  });
  const fromState = createActor(yesNoMachine, { input }).getSnapshot() as YesNoSnapshot;

  describe(`yesNo drives the yes/no modal, starting from ${response ?? 'no answer'}`, () => {
    for (const path of model.getShortestPaths({ fromState })) {
      it(path.description, async () => {
        const controlled = controlledActors(['submitAnswer']);
        const onSubmitted = vi.fn();
        const { user } = await renderActionModal(
          <YesNoModal
            action={action}
            endDate={END_DATE}
            nights={null}
            onSubmitted={onSubmitted}
            onClose={vi.fn()}
            logic={yesNoMachine.provide({ actors: controlled.actors as never })}
          />,
        );
        const dialog = () => modalDialog('yes-no');
        const inDialog = () => within(dialog());

        /** The answer block as the context says: Oui/Non buttons, or the answer and its change button. */
        function expectAnswerBlock(snapshot: YesNoSnapshot, enabled: boolean) {
          const { answer } = snapshot.context;
          expect(inDialog().getByText('Réutilisez-vous vos serviettes ?')).toBeInTheDocument();
          const buttons =
            answer === 'none'
              ? [inDialog().getByRole('button', { name: 'Oui' }), inDialog().getByRole('button', { name: 'Non' })]
              : [inDialog().getByRole('button', { name: answer === 'yes' ? 'Changer pour NON' : 'Changer pour OUI' })];
          for (const button of buttons) {
            if (enabled) expect(button).toBeEnabled();
            else expect(button).toBeDisabled();
          }
          if (answer !== 'none') expect(inDialog().getByText(`Votre réponse : ${LABEL[answer]}`)).toBeInTheDocument();
          // The reward banner sits on the rewarded side, while it can still be earned.
          if (answer === 'yes') expect(inDialog().queryByText('+15 GreenMiles')).not.toBeInTheDocument();
          else expect(inDialog().getByText('+15 GreenMiles')).toBeInTheDocument();
        }

        await path.test({
          states: {
            'ready.idle': async (snapshot) => {
              await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'ready.idle'));
              expectAnswerBlock(snapshot as YesNoSnapshot, true);
              expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
            },
            'ready.notEnoughPoints': async (snapshot) => {
              await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'ready.notEnoughPoints'));
              // The previous answer is back.
              expectAnswerBlock(snapshot as YesNoSnapshot, true);
              const notice = inDialog().getByRole('alert');
              expect(notice).toHaveTextContent('Oh non !');
              expect(notice).toHaveTextContent("Vous n'avez pas assez de GreenMiles pour annuler cette action.");
            },
            'ready.failed': async (snapshot) => {
              await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'ready.failed'));
              expectAnswerBlock(snapshot as YesNoSnapshot, true);
              expect(inDialog().getByRole('alert')).toHaveTextContent('Database unavailable');
            },
            confirmingLoss: async (snapshot) => {
              await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'confirmingLoss'));
              expectAnswerBlock(snapshot as YesNoSnapshot, false);
              expect(inDialog().getByRole('alert')).toHaveTextContent(
                'En changeant votre réponse, les 15 GreenMiles gagnés seront retirés.',
              );
            },
            submitting: async (snapshot) => {
              const { context } = snapshot as YesNoSnapshot;
              await waitFor(() => expect(dialog()).toHaveAttribute('data-state', 'submitting'));
              expectAnswerBlock(snapshot as YesNoSnapshot, false);
              expect(inDialog().getByText('Envoi en cours...')).toBeInTheDocument();
              expect(controlled.calls.at(-1)?.input).toEqual({
                actId: 21,
                body: { ...identityBody(input), response: context.pendingAnswer === 'yes', endDate: END_DATE },
              });
            },
            submitted: async () => {
              await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(SUBMITTED));
            },
          },
          events: {
            'answer.choose': async (step) => {
              const { answer } = step.event as AnyEventObject;
              const shown = inDialog().queryByRole('button', { name: LABEL[answer as 'yes' | 'no'] });
              await user.click(
                shown ??
                  inDialog().getByRole('button', { name: answer === 'yes' ? 'Changer pour OUI' : 'Changer pour NON' }),
              );
            },
            'change.confirm': async () => {
              await user.click(inDialog().getByRole('button', { name: 'Confirmer le changement' }));
            },
            'change.cancel': async () => {
              await user.click(inDialog().getByRole('button', { name: 'Annuler' }));
            },
            'xstate.done.actor.submitAnswer': async (step) => {
              await waitFor(() => expect(controlled.isPending('submitAnswer')).toBe(true));
              act(() => controlled.resolve('submitAnswer', (step.event as AnyEventObject).output));
            },
            'xstate.error.actor.submitAnswer': async (step) => {
              await waitFor(() => expect(controlled.isPending('submitAnswer')).toBe(true));
              act(() => controlled.reject('submitAnswer', (step.event as AnyEventObject).error));
            },
          },
        });
      });
    }
  });
}

describe('yes/no answers', () => {
  it('reads YES/true as yes, NO/false as no, anything else as none', () => {
    expect([answerOf('YES'), answerOf(true), answerOf('NO'), answerOf(false), answerOf(null)]).toEqual([
      'yes',
      'yes',
      'no',
      'no',
      'none',
    ]);
  });

  it('falls back to the generic error text when the server sent none', async () => {
    const controlled = controlledActors(['submitAnswer']);
    const action = makeAction({ actId: 22, actType: 'YESNO', actPositiveResponse: 'NO', actReward: 5 });
    const { user } = await renderActionModal(
      <YesNoModal
        action={action}
        endDate={null}
        nights={null}
        onSubmitted={vi.fn()}
        onClose={vi.fn()}
        logic={yesNoMachine.provide({ actors: controlled.actors as never })}
      />,
    );
    // The rewarded side is Non here.
    const non = screen.getByRole('button', { name: 'Non' });
    expect(non.parentElement).toHaveTextContent('+5 GreenMiles');
    await user.click(non);
    await waitFor(() => expect(controlled.isPending('submitAnswer')).toBe(true));
    act(() => controlled.reject('submitAnswer', new Error('')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue');
  });
});
