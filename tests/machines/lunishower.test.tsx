import type { BoundFunctions, queries } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { ActionResponse } from '../../contract/schemas.ts';
import { type YesNoContext, type YesNoInput, yesNoMachine } from '../../machines/dialogs/yesNo.machine.ts';
import LunishowerModal from '../../src/views/actions/modals/LunishowerModal.tsx';
import { describeAnswerChangeModal } from '../app/answer-change-model.tsx';
import { identityBody } from '../app/answer-submission-model.tsx';
import { makeAction, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

type InDialog = BoundFunctions<typeof queries>;

const END_DATE = '2026-11-23';
const LABEL = { yes: 'Oui', no: 'Non' } as const;
const answerButton = (inDialog: InDialog, answer: 'yes' | 'no') =>
  inDialog.getByRole('button', { name: LABEL[answer] });

/** Tonight's answer on record: none, yes (the points earned), no (issue 25: it showed '✓ Fait' with 0 points). */
for (const response of [null, true, false] satisfies ActionResponse[]) {
  const action = makeAction({ actId: 3, actType: 'LUNISHOWER', aadName: 'Douche courte', actReward: 20, response });
  const input: YesNoInput = { actId: 3, uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', endDate: END_DATE, action };

  describeAnswerChangeModal<YesNoContext, YesNoInput>(
    `yesNo drives the short-shower modal, starting from ${response ?? 'no answer'}`,
    {
      machine: yesNoMachine,
      scope: 'lunishower',
      input,
      choices: [
        { type: 'answer.choose', answer: 'yes' },
        { type: 'answer.choose', answer: 'no' },
      ],
      render: (flow) => <LunishowerModal action={action} flow={flow} onClose={vi.fn()} />,
      choose: async (user, choice, inDialog) => {
        await user.click(answerButton(inDialog, choice.answer as 'yes' | 'no'));
      },
      requestOf: (context) => ({
        actId: 3,
        type: 'LUNISHOWER',
        body: { ...identityBody(input), objectiveRespected: context.pendingAnswer === 'yes', endDate: END_DATE },
      }),
      expectChoices: ({ answer }, inDialog, enabled) => {
        expect(
          inDialog.getByRole('group', { name: "Avez-vous respecté l'objectif de douche courte\u00a0?" }),
        ).toBeInTheDocument();
        for (const side of ['yes', 'no'] as const) {
          const button = answerButton(inDialog, side);
          if (enabled) expect(button).toBeEnabled();
          else expect(button).toBeDisabled();
          if (answer === 'none') expect(button).not.toHaveAttribute('aria-pressed');
          else expect(button).toHaveAttribute('aria-pressed', String(answer === side));
        }
        if (answer !== 'none') expect(inDialog.getByText(`Votre réponse : ${LABEL[answer]}`)).toBeInTheDocument();
        // A no keeps the points on offer, inside the yes button, and says so.
        if (answer === 'yes') expect(inDialog.queryByText('+20 GreenMiles')).not.toBeInTheDocument();
        else expect(answerButton(inDialog, 'yes')).toHaveAccessibleDescription('+20 GreenMiles');
        if (answer === 'no') expect(inDialog.getByText(/^Ces points restent à gagner/)).toBeInTheDocument();
      },
      lossWarning: 'En changeant votre réponse, les 20 GreenMiles gagnés seront retirés.',
      failureText: "Erreur lors de l'action LuniShower",
      notEnoughTexts: [
        'Nombre de GreenMiles insuffisant',
        "Vous n'avez pas assez de GreenMiles pour changer votre réponse.",
      ],
      expectSubmitting: (_, inDialog) => {
        expect(inDialog.getByText('Envoi en cours...')).toBeInTheDocument();
      },
    },
  );
}
