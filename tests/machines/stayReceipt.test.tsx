import { i18n } from '@lingui/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import type { ReceiptFigure, StayReceiptReply } from '../../contract/schemas.ts';
import { type StayReceiptInput, stayReceiptMachine } from '../../machines/stayReceipt.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { StayReceipt } from '../../src/views/finished/StayReceipt.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { I18nWrapper } from '../app/i18n-wrapper.tsx';
import { canTake, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

const INPUT: StayReceiptInput = { sUUID: 'stay-1', profileUUID: 'profile-1', language: 'fr' };
const source = {
  id: null,
  name: 'ADEME',
  publisher: 'ADEME',
  year: 2024,
  locator: null,
  url: 'https://ademe.example/',
};
const figure = (saved: number, range: [number, number] | null): ReceiptFigure => ({
  saved,
  range: range ? { low: range[0], high: range[1] } : null,
  source,
  origin: 'published',
});
const RECEIPT: StayReceiptReply = {
  sUUID: 'stay-1',
  hotelName: 'Hôtel Les Tilleuls',
  roomNb: '101',
  status: 'finished',
  lang: 'fr',
  lines: [
    {
      actId: 1,
      actType: 'LUNISHOWER',
      name: 'Douche de 5 minutes',
      count: 2,
      evidence: { declared: 2, photographed: 0, scanned: 0, staffConfirmed: 0 },
      figures: { water: figure(44.2, [31, 57.4]), energy: figure(1.8, null), co2e: figure(408, [286, 532]) },
    },
    {
      actId: 2,
      actType: 'QUIZ',
      name: "Le quiz de l'eau",
      count: 1,
      evidence: { declared: 1, photographed: 0, scanned: 0, staffConfirmed: 0 },
      figures: null,
    },
  ],
  totals: { waterLitres: 44.2, energyKwh: 1.8, co2eGrams: 408 },
  totalsRange: {
    low: { waterLitres: 31, energyKwh: 1.8, co2eGrams: 286 },
    high: { waterLitres: 57.4, energyKwh: 1.8, co2eGrams: 532 },
  },
  contributions: [
    {
      rwId: 9,
      name: "Don de 50 litres d'eau",
      description: 'Pour une personne sans accès.',
      partner: {
        name: 'Partenaire eau (exemple)',
        url: 'https://water.example.org/',
        guarantee: "Le don entier va au projet d'accès à l'eau.",
      },
      litres: 50,
      claimedAt: '2026-05-04T09:00:00Z',
    },
  ],
  waterContributedLitres: 50,
};
const EMPTY: StayReceiptReply = {
  ...RECEIPT,
  status: 'active',
  lines: [],
  contributions: [],
  waterContributedLitres: 0,
  totals: { waterLitres: 0, energyKwh: 0, co2eGrams: 0 },
  totalsRange: {
    low: { waterLitres: 0, energyKwh: 0, co2eGrams: 0 },
    high: { waterLitres: 0, energyKwh: 0, co2eGrams: 0 },
  },
};

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadReceipt', output: RECEIPT },
  { type: 'xstate.done.actor.loadReceipt', output: EMPTY },
  { type: 'xstate.error.actor.loadReceipt', error: new ApiError(0, 'network_error', 'Failed to fetch') },
  { type: 'receipt.retry' },
  { type: 'email.open' },
  { type: 'email.change', value: 'guest@' },
  { type: 'email.change', value: 'guest@example.com' },
  { type: 'email.submit' },
  { type: 'xstate.done.actor.emailReceipt', output: { success: 'OK' } },
  { type: 'xstate.error.actor.emailReceipt', error: new ApiError(503, 'mail_send_failed', 'down') },
  { type: 'xstate.error.actor.emailReceipt', error: new ApiError(429, 'too_many_emails', 'Too many') },
];

type ReceiptSnapshot = SnapshotFrom<typeof stayReceiptMachine>;
const logic = stayReceiptMachine as unknown as ActorLogic<ReceiptSnapshot, AnyEventObject, StayReceiptInput>;
const model = new TestModel(logic, {
  input: INPUT,
  events: (snapshot) => events.filter((event) => canTake(snapshot, event)),
  stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
});

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;
const root = () => document.querySelector('[data-scope="stay-receipt"]');
const emailField = () => screen.getByRole('textbox', { name: 'Adresse e-mail' });

/** The receipt as drawn: each line, its figures with ranges, evidence and source; totals; contributions apart. */
function expectReceipt(receipt: StayReceiptReply) {
  const section = screen.getByRole('region', { name: "Votre reçu d'impact" });
  if (receipt.lines.length === 0) expect(section).toHaveTextContent("Aucun geste enregistré pour l'instant.");
  if (receipt.status === 'active') expect(section).toHaveTextContent('Séjour en cours');
  const lines = section.querySelectorAll<HTMLElement>('[data-part="line"]');
  expect([...lines].map((line) => line.querySelector('[data-part="name"]')?.textContent)).toEqual(
    receipt.lines.map((line) => line.name),
  );
  if (receipt.lines.length > 0) {
    const [shower, quiz] = lines as unknown as [HTMLElement, HTMLElement];
    expect(shower).toHaveTextContent('× 2');
    expect(shower).toHaveTextContent('44,2 L');
    expect(shower).toHaveTextContent('de 31 L à 57,4 L');
    expect(shower).toHaveTextContent('Preuve : déclaré');
    expect(within(shower).getByRole('link', { name: 'ADEME 2024' })).toHaveAttribute('href', 'https://ademe.example/');
    expect(quiz).toHaveTextContent('Participation, sans économie mesurable');
    expect(quiz.querySelector('[data-part="sources"]')).toBeNull();
  }
  const totals = section.querySelector('[data-part="totals"]');
  expect(totals).toHaveTextContent(`Total estimé`);
  expect(totals).toHaveTextContent(receipt.lines.length > 0 ? '408 g' : '0 g');
  const contributions = screen.queryByRole('region', { name: 'Contributions' });
  if (receipt.contributions.length === 0) expect(contributions).toBeNull();
  else {
    // The partner who receives it, linked, and what it guarantees, in place of the reward's own texts.
    expect(contributions).toHaveTextContent("Partenaire eau (exemple)50 L d'eau potable");
    const partner = within(screen.getByRole('region', { name: 'Contributions' })).getByRole('link', {
      name: 'Partenaire eau (exemple)',
    });
    expect(partner).toHaveAttribute('href', 'https://water.example.org/');
    expect(contributions).toHaveTextContent("Le don entier va au projet d'accès à l'eau.");
    expect(contributions).not.toHaveTextContent('Pour une personne sans accès.');
    // A donation is never written as making up for the stay.
    expect(contributions?.textContent).not.toMatch(/compens|neutre|offset/i);
  }
  expect(screen.getByRole('link', { name: 'Télécharger le PDF' })).toHaveAttribute(
    'href',
    '/api/stays/stay-1/receipt.pdf?lang=fr&uuid=profile-1',
  );
}

describe('stayReceipt machine: model paths drive the receipt on the finished page', () => {
  for (const path of model.getShortestPaths()) {
    it(modelPathTitle(path, 'receipt'), async () => {
      const user = userEvent.setup();
      const controlled = controlledActors(['loadReceipt', 'emailReceipt']);
      render(<StayReceipt {...INPUT} logic={controlled.provideTo(stayReceiptMachine)} />, { wrapper: I18nWrapper });
      const callsOf = (name: string) => controlled.calls.filter((call) => call.name === name);
      let sends = 0;

      await path.test({
        states: {
          loading: async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'loading'));
            expect(screen.getByRole('status')).toHaveTextContent('Chargement du reçu…');
            await waitFor(() => expect(controlled.isPending('loadReceipt')).toBe(true));
            expect(callsOf('loadReceipt').at(-1)?.input).toEqual(INPUT);
          },
          failed: async () => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent('Impossible de récupérer le reçu.');
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeVisible();
          },
          shown: async (snapshot) => {
            await waitFor(() => expect(root()?.getAttribute('data-state')).toMatch(/^shown/));
            expectReceipt(snapshot.context.receipt as StayReceiptReply);
          },
          'shown.closed': async () => {
            expect(screen.getByRole('button', { name: 'Envoyer par e-mail' })).toBeVisible();
            expect(screen.queryByRole('textbox')).toBeNull();
          },
          'shown.editing': async (snapshot) => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'shown.editing'));
            expect(emailField()).toHaveValue(snapshot.context.email);
            expect(emailField()).toHaveAttribute('aria-invalid', String(snapshot.context.invalid));
            const { error } = snapshot.context;
            if (error) expect(screen.getByRole('alert')).toHaveTextContent(i18n._(error));
            else expect(screen.queryByRole('alert')).toBeNull();
            if (snapshot.context.invalid)
              expect(
                screen.getByText('Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.'),
              ).toBeVisible();
            expect(callsOf('emailReceipt')).toHaveLength(sends);
          },
          'shown.sending': async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'shown.sending'));
            expect(screen.getByRole('button', { name: 'Envoi en cours…' })).toHaveAttribute('aria-disabled', 'true');
            expect(callsOf('emailReceipt')).toHaveLength(sends);
            expect(callsOf('emailReceipt').at(-1)?.input).toEqual({ ...INPUT, email: 'guest@example.com' });
          },
          'shown.sent': async () => {
            await waitFor(() => expect(root()).toHaveAttribute('data-state', 'shown.sent'));
            expect(screen.getByRole('status')).toHaveTextContent('E-mail envoyé');
          },
        },
        events: {
          'xstate.done.actor.loadReceipt': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadReceipt')).toBe(true));
            await act(async () => controlled.resolve('loadReceipt', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.loadReceipt': async (step) => {
            await waitFor(() => expect(controlled.isPending('loadReceipt')).toBe(true));
            await act(async () => controlled.reject('loadReceipt', eventOf<{ error: unknown }>(step).error));
          },
          'receipt.retry': async () => {
            await user.click(screen.getByRole('button', { name: 'Réessayer' }));
          },
          'email.open': async () => {
            await user.click(screen.getByRole('button', { name: 'Envoyer par e-mail' }));
          },
          'email.change': async (step) => {
            await user.clear(emailField());
            await user.type(emailField(), eventOf<{ value: string }>(step).value);
          },
          'email.submit': async () => {
            if ((emailField() as HTMLInputElement).value === 'guest@example.com') sends += 1;
            await user.click(screen.getByRole('button', { name: 'Envoyer' }));
          },
          'xstate.done.actor.emailReceipt': async (step) => {
            await act(async () => controlled.resolve('emailReceipt', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.emailReceipt': async (step) => {
            await act(async () => controlled.reject('emailReceipt', eventOf<{ error: unknown }>(step).error));
          },
        },
      });
    });
  }
});
