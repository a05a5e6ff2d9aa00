import { type BoundFunctions, type queries, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleaningDayAt } from '../../contract/calendar-days.ts';
import { cleaningDecisionOf } from '../../contract/recorded-answers.ts';
import type { ActionResponse } from '../../contract/schemas.ts';
import {
  type LunicleanContext,
  type LunicleanInput,
  lunicleanMachine,
} from '../../machines/dialogs/luniclean.machine.ts';
import LunicleanModal from '../../src/views/actions/modals/LunicleanModal.tsx';
import { modalDialog, renderActionModal, startModalFlow } from '../app/action-modal-harness.tsx';
import { renderLoadedActionsPage } from '../app/actions-page-harness.tsx';
import { describeAnswerChangeModal } from '../app/answer-change-model.tsx';
import { identityBody } from '../app/answer-submission-model.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeAction, makeStay, PROFILE_ID, STAY_ID } from '../app/stay-fixtures.ts';

const END_DATE = '2026-11-24';
/** 10:59 and 11:00 in Paris (UTC+1 in November). */
const BEFORE_ELEVEN = new Date('2026-11-21T09:59:00Z');
const FROM_ELEVEN = new Date('2026-11-21T10:00:00Z');

type InDialog = BoundFunctions<typeof queries>;

/** The guest, stay, room and hotel day the launch gives every skip-cleaning flow here. */
const INPUT_FIELDS = { uuid: PROFILE_ID, sUUID: STAY_ID, lang: 'fr', roomNumber: '101', today: '2026-11-21' };

/** The day skipping the cleaning speaks of, as the stay answer says it (the server's clock, before or from 11:00). */
const TODAYS_CLEANING = '2026-11-21';
const TOMORROWS_CLEANING = '2026-11-22';

const cases: Array<[ActionResponse, string]> = [
  [null, TODAYS_CLEANING],
  ['SKIP', TOMORROWS_CLEANING],
  ['CLEAN', TODAYS_CLEANING],
];

for (const [response, cleaningDate] of cases) {
  // The hotel's factor table's figures for one skipped cleaning, as the server lists them (never the client's own).
  const action = makeAction({
    actId: 31,
    actType: 'LUNICLEAN',
    aadName: 'Ménage',
    actReward: 25,
    response,
    cleaningEstimate: { waterLitres: 62.5, co2eGrams: 31 },
  });
  const input: LunicleanInput = { ...INPUT_FIELDS, actId: 31, endDate: END_DATE, action, cleaningDate };
  const skip = (inDialog: InDialog) => inDialog.getByRole('button', { name: 'Pas de ménage' });
  const maintain = (inDialog: InDialog) => inDialog.getByRole('button', { name: "Ménage comme d'habitude" });

  describeAnswerChangeModal<LunicleanContext, LunicleanInput>(
    `luniclean drives the skip-cleaning modal, from ${response ?? 'undecided'}, cleaning of ${cleaningDate}`,
    {
      machine: lunicleanMachine,
      scope: 'luniclean',
      input,
      choices: [{ type: 'cleaning.skip' }, { type: 'cleaning.maintain' }],
      render: (flow) => <LunicleanModal action={action} flow={flow} onClose={vi.fn()} />,
      choose: async (user, choice, inDialog) => {
        await user.click(choice.type === 'cleaning.skip' ? skip(inDialog) : maintain(inDialog));
      },
      requestOf: (context) => ({
        actId: 31,
        type: 'LUNICLEAN',
        body: {
          ...identityBody(input),
          skipCleaning: context.pendingAnswer === 'skipped',
          roomNumber: '101',
          endDate: END_DATE,
        },
      }),
      expectChoices: ({ answer: decision, day }, inDialog, enabled) => {
        // One day, said the same way in the title and the question (and the thanks, below).
        expect(
          inDialog.getByRole('heading', {
            name: day === 'today' ? "Pas de ménage aujourd'hui" : 'Pas de ménage demain',
          }),
        ).toBeInTheDocument();
        expect(
          inDialog.getByText(day === 'today' ? "Renoncer au ménage aujourd'hui ?" : 'Renoncer au ménage demain ?'),
        ).toBeInTheDocument();
        expect(inDialog.getByText("Environ 62,5 L d'eau (estimation)")).toBeInTheDocument();
        expect(inDialog.getByText('Environ 31 g CO2e en moins (estimation)')).toBeInTheDocument();
        expect(inDialog.getByText("D'où viennent ces chiffres ?")).toBeInTheDocument();
        for (const button of [skip(inDialog), maintain(inDialog)]) {
          if (enabled) expect(button).toBeEnabled();
          else expect(button).toBeDisabled();
        }
        if (decision === 'undecided') {
          expect(skip(inDialog)).not.toHaveAttribute('aria-pressed');
        } else {
          expect(skip(inDialog)).toHaveAttribute('aria-pressed', String(decision === 'skipped'));
          expect(maintain(inDialog)).toHaveAttribute('aria-pressed', String(decision === 'maintained'));
        }
        // The points sit inside the skip button while they are still on offer.
        if (decision === 'skipped') expect(inDialog.queryByText('+25 GreenMiles')).not.toBeInTheDocument();
        else expect(skip(inDialog)).toHaveAccessibleDescription('+25 GreenMiles');
        if (decision !== 'undecided') {
          const said = decision === 'skipped' ? 'Pas de ménage' : "Ménage comme d'habitude";
          expect(inDialog.getByText(`Votre réponse : ${said}`)).toBeInTheDocument();
        }
      },
      lossWarning: "En revenant au ménage comme d'habitude, les 25 GreenMiles gagnés seront retirés.",
      notEnoughTexts: [
        'Nombre de GreenMiles insuffisant',
        "Vous n'avez pas assez de GreenMiles pour changer votre réponse.",
      ],
      // The success message is on screen while the server is called.
      expectSubmitting: ({ answer: decision, day }, inDialog) => {
        const success =
          decision === 'maintained'
            ? `Votre chambre sera nettoyée ${day === 'today' ? "aujourd'hui" : 'demain'} comme prévu`
            : day === 'today'
              ? "Merci ! Pas de ménage aujourd'hui."
              : 'Merci ! Pas de ménage demain.';
        expect(inDialog.getByRole('status')).toHaveTextContent(success);
      },
    },
  );
}

describe('skip-cleaning rules', () => {
  it('reads SKIP/true as skipped, CLEAN/false as maintained, anything else as undecided', () => {
    expect([
      cleaningDecisionOf('SKIP'),
      cleaningDecisionOf(true),
      cleaningDecisionOf('CLEAN'),
      cleaningDecisionOf(false),
      cleaningDecisionOf(null),
    ]).toEqual(['skipped', 'skipped', 'maintained', 'maintained', 'undecided']);
  });

  it('switches the wording at 11:00 hotel-local time', () => {
    expect(cleaningDayAt(BEFORE_ELEVEN, 'Europe/Paris')).toBe('today');
    expect(cleaningDayAt(FROM_ELEVEN, 'Europe/Paris')).toBe('tomorrow');
    // The same instant is still morning in New York.
    expect(cleaningDayAt(FROM_ELEVEN, 'America/New_York')).toBe('today');
  });

  it('blocks a change equal to the current answer', async () => {
    const controlled = controlledActors(['submitAnswer']);
    const action = makeAction({ actId: 32, actType: 'LUNICLEAN', response: 'SKIP' });
    const { user } = await renderActionModal(
      <LunicleanModal
        action={action}
        flow={startModalFlow(
          lunicleanMachine,
          { ...INPUT_FIELDS, actId: 32, endDate: null, action, cleaningDate: TODAYS_CLEANING },
          controlled.actors,
        )}
        onClose={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Pas de ménage' }));
    expect(modalDialog('luniclean')).toHaveAttribute('data-state', 'ready.idle');
    expect(controlled.calls).toEqual([]);
  });
});

describe('the skip-cleaning dialog opened from the actions page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("names the day the stay answer gives (the server's clock), whatever the device's clock says", async () => {
    // The device's clock is a day behind the hotel's, on a morning: by it, the cleaning would be today's.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T08:00:00Z') });
    localStorage.setItem('welcomeShown', 'true');
    const cleaning = makeAction({ actId: 33, actType: 'LUNICLEAN', actPeriod: 'NIGHT', aadName: 'Ménage' });
    const { user, actions } = await renderLoadedActionsPage({
      // Past 11:00 at the hotel: skipping now speaks of tomorrow's cleaning.
      stay: makeStay({ endDate: '2026-11-25', today: '2026-11-22', cleaningDate: '2026-11-23' }),
    });
    actions.resolve('loadActions', [cleaning]);
    await user.click(within(await screen.findByRole('article', { name: 'Ménage' })).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Pas de ménage demain' });
    expect(within(dialog).getByText('Renoncer au ménage demain ?')).toBeVisible();
  });
});
