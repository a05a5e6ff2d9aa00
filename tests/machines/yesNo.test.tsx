import { act, type BoundFunctions, type queries, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { yesNoAnswerOf } from '../../contract/recorded-answers.ts';
import type { ActionResponse } from '../../contract/schemas.ts';
import { type YesNoContext, type YesNoInput, yesNoMachine, yesNoTypeOf } from '../../machines/dialogs/yesNo.machine.ts';
import YesNoModal from '../../src/views/actions/modals/YesNoModal.tsx';
import { renderActionModal, startModalFlow } from '../app/action-modal-harness.tsx';
import { describeAnswerChangeModal } from '../app/answer-change-model.tsx';
import { identityBody } from '../app/answer-submission-model.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

type InDialog = BoundFunctions<typeof queries>;

const END_DATE = '2026-11-24';
const LABEL = { yes: 'Oui', no: 'Non' } as const;
/** An answer's button: its label, then the points it earns while they are on offer. */
const answerButton = (inDialog: InDialog, answer: 'yes' | 'no') =>
  inDialog.getByRole('button', { name: LABEL[answer] });

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

  describeAnswerChangeModal<YesNoContext, YesNoInput>(
    `yesNo drives the yes/no modal, starting from ${response ?? 'no answer'}`,
    {
      machine: yesNoMachine,
      scope: 'yes-no',
      input,
      choices: [
        { type: 'answer.choose', answer: 'yes' },
        { type: 'answer.choose', answer: 'no' },
      ],
      render: (flow) => <YesNoModal action={action} flow={flow} onClose={vi.fn()} />,
      choose: async (user, choice, inDialog) => {
        await user.click(answerButton(inDialog, choice.answer as 'yes' | 'no'));
      },
      // YESNOSTAY sends to its own path.
      requestOf: (context) => ({
        actId: 21,
        type: 'YESNOSTAY',
        body: { ...identityBody(input), response: context.pendingAnswer === 'yes', endDate: END_DATE },
      }),
      expectChoices: ({ answer }, inDialog, enabled) => {
        expect(inDialog.getByText('Réutilisez-vous vos serviettes ?')).toBeInTheDocument();
        // Both answers always, the one on record pressed: choosing the other changes it.
        for (const side of ['yes', 'no'] as const) {
          const button = answerButton(inDialog, side);
          if (enabled) expect(button).toBeEnabled();
          else expect(button).toBeDisabled();
          if (answer === 'none') expect(button).not.toHaveAttribute('aria-pressed');
          else expect(button).toHaveAttribute('aria-pressed', String(answer === side));
        }
        if (answer !== 'none') expect(inDialog.getByText(`Votre réponse : ${LABEL[answer]}`)).toBeInTheDocument();
        // The points sit inside the rewarded answer's button, while they are still on offer.
        if (answer === 'yes') expect(inDialog.queryByText('+15 GreenMiles')).not.toBeInTheDocument();
        else expect(answerButton(inDialog, 'yes')).toHaveAccessibleDescription('+15 GreenMiles');
        if (answer === 'no') {
          expect(inDialog.getByText(/^Ces points restent à gagner/)).toBeInTheDocument();
        }
      },
      lossWarning: 'En changeant votre réponse, les 15 GreenMiles gagnés seront retirés.',
      notEnoughTexts: ['Oh non !', "Vous n'avez pas assez de GreenMiles pour annuler cette action."],
      expectSubmitting: (_, inDialog) => {
        expect(inDialog.getByText('Envoi en cours...')).toBeInTheDocument();
      },
    },
  );
}

describe('yes/no answers', () => {
  it('reads YES/true as yes, NO/false as no, anything else as none', () => {
    expect([
      yesNoAnswerOf('YES'),
      yesNoAnswerOf(true),
      yesNoAnswerOf('NO'),
      yesNoAnswerOf(false),
      yesNoAnswerOf(null),
    ]).toEqual(['yes', 'yes', 'no', 'no', 'none']);
  });

  it('sends each yes/no type to its own path, any other type drawn here as YESNO', () => {
    const typeOf = (actType: string) => yesNoTypeOf(makeAction({ actType }));
    expect(['YESNO', 'YESNOSTAY', 'YESNOMAIL', 'LUNISHOWER', 'MYSTERY'].map(typeOf)).toEqual([
      'YESNO',
      'YESNOSTAY',
      'YESNOMAIL',
      'LUNISHOWER',
      'YESNO',
    ]);
  });

  it("rewards the short shower's yes whatever the action's positive response, a yes/no type's positive response", () => {
    const rewardedAnswerOf = (actType: string) => {
      const action = makeAction({ actType, actPositiveResponse: 'NO' });
      const input: YesNoInput = { actId: 1, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: null, action };
      return createActor(yesNoMachine, { input }).getSnapshot().context.rewardedAnswer;
    };
    expect(['LUNISHOWER', 'YESNO'].map(rewardedAnswerOf)).toEqual(['yes', 'no']);
  });

  it('falls back to the generic error text when the server sent none', async () => {
    const controlled = controlledActors(['submitAnswer']);
    const action = makeAction({ actId: 22, actType: 'YESNO', actPositiveResponse: 'NO', actReward: 5 });
    const { user } = await renderActionModal(
      <YesNoModal
        action={action}
        flow={startModalFlow(
          yesNoMachine,
          { actId: 22, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: null, action },
          controlled.actors,
        )}
        onClose={vi.fn()}
      />,
    );
    // The rewarded side is Non here.
    const non = screen.getByRole('button', { name: 'Non' });
    expect(non).toHaveAccessibleDescription('+5 GreenMiles');
    await user.click(non);
    await waitFor(() => expect(controlled.isPending('submitAnswer')).toBe(true));
    expect(controlled.calls[0]?.input).toMatchObject({ actId: 22, type: 'YESNO' });
    act(() => controlled.reject('submitAnswer', new Error('')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue');
  });
});
