import { i18n } from '@lingui/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestModel } from '@xstate/graph';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { errorCodeOf } from '../../contract/errors.ts';
import type { ImpactFigure, ImpactSummaryReply } from '../../contract/schemas.ts';
import type { StaffSession } from '../../machines/staffConsole.machine.ts';
import { staffConsoleMachine } from '../../machines/staffConsole.machine.ts';
import {
  type ImpactPeriodChoice,
  isValidPeriod,
  type StaffImpactInput,
  staffImpactMachine,
} from '../../machines/staffImpact.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { LanguageProvider } from '../../src/i18n/LanguageProvider.tsx';
import { impactCsv } from '../../src/views/staff/console/impact/impactCsv.ts';
import { periodOf } from '../../src/views/staff/console/impact/period.ts';
import { StaffConsolePage } from '../../src/views/staff/console/StaffConsolePage.tsx';
import { controlledActors } from '../app/controlled-actors.ts';
import { makeHotel } from '../app/stay-fixtures.ts';
import { canTake, eventKey, matchesPath } from '../support/graph-model.ts';
import { modelPathTitle } from '../support/model-path-title.ts';

type StaffImpactSnapshot = SnapshotFrom<typeof staffImpactMachine>;

const HOTEL_ID = 1;
const SESSION: StaffSession = {
  token: 'staff-token',
  expiresAt: '2099-01-01T10:15:00.000Z',
  account: { id: 1, name: 'Manager', role: 'manager' },
};
const SESSION_KEY = `staffSession:${HOTEL_ID}`;
const INPUT: StaffImpactInput = { hId: HOTEL_ID, token: SESSION.token, timeZone: 'Europe/Paris' };

const figure = (
  saved: number,
  perUnit: number,
  origin: 'published' | 'estimate' | 'hotel' = 'estimate',
): ImpactFigure => ({
  saved,
  savedRange: origin === 'hotel' ? null : { low: saved / 2, high: saved * 1.5 },
  perUnit,
  range: origin === 'hotel' ? null : { low: perUnit / 2, high: perUnit * 1.5 },
  boundary: 'the hot water of a shower cut from 7.8 to 5 minutes',
  geography: origin === 'hotel' ? 'the hotel' : 'United States (household study)',
  checkedOn: origin === 'hotel' ? null : '2026-11-27',
  origin,
  // A shipped source comes in English with its id; the hotel's own text has none.
  source: {
    id: origin === 'hotel' ? null : ('watersenseShower' as const),
    name: origin === 'hotel' ? 'Blanchisserie du Val' : 'US EPA WaterSense, "Showerheads": average shower 7.8 min',
    publisher: origin === 'hotel' ? null : 'US Environmental Protection Agency',
    year: origin === 'hotel' ? null : 2016,
    locator: null,
    url: origin === 'hotel' ? null : 'https://www.epa.gov/watersense/showerheads',
  },
});

const day = (date: string, actions: number, pointsEarned: number) => ({
  date,
  actions,
  pointsEarned,
  pointsSpent: 0,
  rewardsClaimed: 0,
  rewardsUsed: 0,
  waterSavedLitres: 0,
  energySavedKwh: 0,
  co2eSavedGrams: 0,
});

const SUMMARY: ImpactSummaryReply = {
  hId: HOTEL_ID,
  from: '2026-05-04',
  to: '2026-05-05',
  stays: { total: 4, participating: 3 },
  actionsByType: [
    { actType: 'LUNICLEAN', count: 2 },
    { actType: 'LIMEAT', count: 1 },
  ],
  points: { earned: 95, spent: 50 },
  rewards: { claimed: 2, used: 1 },
  waterDonatedLitres: 50,
  impact: [
    {
      category: 'cleaning',
      units: 1,
      confirmedUnits: 0,
      water: figure(100, 100, 'hotel'),
      energy: figure(0.48, 0.48),
      co2e: figure(25, 25),
    },
    {
      category: 'shower',
      units: 2,
      confirmedUnits: 0,
      water: figure(44.2, 22.1),
      energy: figure(1.8, 0.9),
      co2e: figure(408, 204),
    },
    {
      category: 'heating',
      units: 7,
      confirmedUnits: 0,
      water: figure(0, 0, 'published'),
      energy: figure(4.9, 0.7),
      co2e: figure(1113, 159),
    },
    {
      category: 'meal',
      units: 1,
      confirmedUnits: 1,
      water: figure(39.8, 446.5),
      energy: figure(0.57, 1.33),
      co2e: figure(1211, 2213),
    },
  ],
  evidence: { declared: 7, photographed: 1, scanned: 0, staffConfirmed: 0 },
  saved: { waterLitres: 184, energyKwh: 7.75, co2eGrams: 2757 },
  savedRange: {
    low: { waterLitres: 120, energyKwh: 3.9, co2eGrams: 1400 },
    high: { waterLitres: 250, energyKwh: 11.6, co2eGrams: 4100 },
  },
  days: [day('2026-05-04', 5, 80), day('2026-05-05', 3, 15)],
};

const EMPTY: ImpactSummaryReply = {
  ...SUMMARY,
  from: '2026-04-01',
  to: '2026-04-30',
  stays: { total: 0, participating: 0 },
  actionsByType: [],
  points: { earned: 0, spent: 0 },
  rewards: { claimed: 0, used: 0 },
  waterDonatedLitres: 0,
  impact: SUMMARY.impact.map((row) => ({
    ...row,
    units: 0,
    water: { ...row.water, saved: 0 },
    energy: { ...row.energy, saved: 0 },
    co2e: { ...row.co2e, saved: 0 },
  })),
  saved: { waterLitres: 0, energyKwh: 0, co2eGrams: 0 },
  days: [],
};

const CUSTOM: ImpactPeriodChoice = { preset: 'custom', from: '2026-05-04', to: '2026-05-05' };
const INVERTED: ImpactPeriodChoice = { preset: 'custom', from: '2026-05-05', to: '2026-05-04' };

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadSummary', output: SUMMARY },
  { type: 'xstate.done.actor.loadSummary', output: EMPTY },
  { type: 'xstate.error.actor.loadSummary', error: new ApiError(500, 'internal_error', 'Internal Server Error') },
  { type: 'xstate.error.actor.loadSummary', error: new ApiError(401, 'staff_session_invalid', 'Expired') },
  {
    type: 'xstate.error.actor.loadSummary',
    error: new ApiError(403, 'staff_role_forbidden', 'This staff role may not do this'),
  },
  { type: 'impactPeriod.choose', choice: { preset: 'last30' } },
  { type: 'impactPeriod.choose', choice: CUSTOM },
  { type: 'impactPeriod.choose', choice: INVERTED },
  { type: 'impactSummary.retry' },
  { type: 'impactSummary.export' },
  { type: 'impactCertification.download', format: 'csv' },
  { type: 'impactCertification.download', format: 'pdf' },
  { type: 'xstate.done.actor.downloadCertification', output: undefined },
  {
    type: 'xstate.error.actor.downloadCertification',
    error: new ApiError(500, 'internal_error', 'Internal Server Error'),
  },
  { type: 'xstate.error.actor.downloadCertification', error: new ApiError(401, 'staff_session_invalid', 'Expired') },
];

/** The certification button of each format, as the page names it. */
const CERTIFICATION_BUTTONS = { csv: 'Dossier de certification (CSV)', pdf: 'Dossier de certification (PDF)' } as const;

const eventOf = <Event,>(step: { event: unknown }) => step.event as Event;

/** How a choice reads in the graph: its preset, or an inverted period refused before any call. */
function choiceKey(choice: ImpactPeriodChoice): string {
  if (choice.preset !== 'custom') return choice.preset;
  return isValidPeriod(choice.from, choice.to) ? 'custom' : 'inverted';
}

function model() {
  // The graph is walked without a parent: the report to the page is checked on the rendered page instead.
  const walked = staffImpactMachine.provide({ actions: { reportRefusal: () => {} } });
  return new TestModel(walked as unknown as ActorLogic<StaffImpactSnapshot, AnyEventObject, StaffImpactInput>, {
    input: INPUT,
    // A final state takes no event (the page has taken over).
    events: (snapshot) => (snapshot.status === 'done' ? [] : events.filter((event) => canTake(snapshot, event))),
    // The state and the event that led there (the choice's kind for a period): every transition ends a path,
    // without the figures making the graph grow.
    serializeState: (snapshot, event) =>
      `${JSON.stringify(snapshot.value)} invalid=${snapshot.context.invalidPeriod}${
        event
          ? ` via ${eventKey(event)}${event.type === 'impactPeriod.choose' ? `:${choiceKey((event as unknown as { choice: ImpactPeriodChoice }).choice)}` : ''}${
              'output' in event && event.output ? `:${(event.output as ImpactSummaryReply).stays.total}` : ''
            }${'format' in event ? `:${event.format}` : ''}`
          : ''
      }`,
    stateMatcher: (snapshot, key) => matchesPath(snapshot, key),
  });
}

async function renderImpactTab() {
  const controlled = controlledActors([
    'loadHotel',
    'openStaffSession',
    'loadCurrentSession',
    'loadSummary',
    'downloadCertification',
  ]);
  const downloads: ImpactSummaryReply[] = [];
  const logic = controlled.provideTo(staffConsoleMachine).provide({
    actors: {
      staffImpact: controlled.provideTo(staffImpactMachine).provide({
        actions: { downloadCsv: (_, summary: ImpactSummaryReply) => downloads.push(summary) },
      }),
    },
    actions: {
      rememberSession: (_, session: StaffSession) => sessionStorage.setItem(SESSION_KEY, JSON.stringify(session)),
      forgetSession: () => sessionStorage.removeItem(SESSION_KEY),
    },
  });
  render(
    <LanguageProvider>
      <StaffConsolePage hId={HOTEL_ID} logic={logic} />
    </LanguageProvider>,
  );
  const user = userEvent.setup();
  await waitFor(() => expect(controlled.isPending('loadHotel')).toBe(true));
  await act(async () => controlled.resolve('loadHotel', makeHotel()));
  await act(async () =>
    controlled.resolve('loadCurrentSession', { expiresAt: SESSION.expiresAt, account: SESSION.account }),
  );
  await user.click(await screen.findByRole('tab', { name: 'Impact' }));
  return { controlled, downloads, user };
}

const panel = () => screen.getByRole('tabpanel', { name: 'Impact' });

beforeAll(() => {
  // jsdom has no 2D canvas: the chart draws nothing and the table stands alone, as in such a browser.
  HTMLCanvasElement.prototype.getContext = () => null;
});

describe('staff impact machine: model paths drive the Impact tab of the staff page', () => {
  for (const path of model().getShortestPaths({ allowDuplicatePaths: true })) {
    it(modelPathTitle(path), async () => {
      sessionStorage.clear();
      sessionStorage.setItem(SESSION_KEY, JSON.stringify(SESSION));
      const { controlled, downloads, user } = await renderImpactTab();
      let exported = 0;
      let lastError: unknown = null;
      await path.test({
        states: {
          loading: async (snapshot) => {
            expect(await within(panel()).findByRole('status')).toHaveTextContent('Chargement des chiffres…');
            expect(controlled.calls.at(-1)).toEqual({
              name: 'loadSummary',
              input: { ...INPUT, choice: snapshot.context.choice },
            });
            expect(within(panel()).queryByRole('button', { name: 'Exporter en CSV' })).toBeNull();
          },
          loaded: async (snapshot) => {
            const figures = await within(panel()).findByText('Du 4 mai 2026 au 5 mai 2026');
            expect(figures).toBeVisible();
            const keyFigures = panel().querySelector('[data-part="key-figures"]') as HTMLElement;
            expect(keyFigures).toHaveTextContent('Participation3 séjours sur 4 (75 %)');
            expect(keyFigures).toHaveTextContent('Points gagnés95');
            expect(keyFigures).toHaveTextContent('Eau donnée50 L');
            const savings = panel().querySelector('[data-part="savings"]') as HTMLElement;
            // The daily series comes right after the key figures, before the longer tables.
            const daily = within(panel()).getByRole('heading', { name: 'Jour par jour' });
            const byType = within(panel()).getByRole('heading', { name: 'Actions par type' });
            expect(daily.compareDocumentPosition(keyFigures) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
            expect(daily.compareDocumentPosition(byType) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
            expect(within(savings).getByRole('row', { name: /Ménages évités/ })).toHaveTextContent(
              'Ménages évités11 ménage évité1000,4825',
            );
            expect(within(savings).getByRole('row', { name: /Chauffage baissé/ })).toHaveTextContent('7 degrés-nuits');
            expect(within(savings).getByRole('row', { name: /Total/ })).toHaveTextContent('Total1847,752 757');
            // Each estimate's factor and source, one note away.
            expect(within(panel()).getByRole('link', { name: /^Note 1\s: facteurs et sources$/ })).toBeVisible();
            // A shipped source in the staff's language, not the API's English.
            expect(
              within(panel()).getAllByRole('link', {
                name: 'US EPA WaterSense, « Showerheads » (Residential End Uses of Water Study 2016) : une douche moyenne dure 7,8 min à 7,9 L/min',
              })[0],
            ).toHaveAttribute('href', 'https://www.epa.gov/watersense/showerheads');
            expect(panel()).not.toHaveTextContent('average shower');
            expect(panel()).toHaveTextContent("100 L, chiffre de l'hôtel. Source : Blanchisserie du Val");
            // The chart's text alternative: the daily series as a table.
            const days = within(panel()).getByText('Les chiffres du graphique, jour par jour').closest('details');
            expect(within(days as HTMLElement).getAllByRole('row')).toHaveLength(3);
            expect(within(panel()).getByRole('button', { name: 'Exporter en CSV' })).toBeEnabled();
            expect(downloads).toHaveLength(exported);
            // The certification dossier's downloads wait while one is under way.
            const downloading = snapshot.matches({ loaded: 'downloading' });
            for (const name of Object.values(CERTIFICATION_BUTTONS)) {
              const button = within(panel()).getByRole('button', { name });
              expect(button).toHaveProperty('disabled', downloading);
              expect(button).toHaveAttribute('aria-busy', String(downloading));
            }
            const failedNote = within(panel()).queryByText(
              "Le dossier de certification n'a pas pu être téléchargé. Réessayez.",
            );
            if (snapshot.matches({ loaded: 'downloadFailed' })) expect(failedNote).toHaveAttribute('role', 'alert');
            else expect(failedNote).toBeNull();
            if (downloading)
              expect(controlled.calls.at(-1)).toEqual({
                name: 'downloadCertification',
                input: {
                  hId: HOTEL_ID,
                  token: SESSION.token,
                  from: SUMMARY.from,
                  to: SUMMARY.to,
                  format: snapshot.context.certificationFormat,
                },
              });
            expect(screen.getByRole('button', { name: '7 derniers jours' })).toHaveAttribute(
              'aria-pressed',
              String(snapshot.context.choice.preset === 'last7'),
            );
          },
          empty: async () => {
            expect(await within(panel()).findByText('Aucune activité du 1 avr. 2026 au 30 avr. 2026.')).toBeVisible();
            expect(within(panel()).queryByRole('button', { name: 'Exporter en CSV' })).toBeNull();
            expect(within(panel()).queryByRole('button', { name: CERTIFICATION_BUTTONS.csv })).toBeNull();
            expect(within(panel()).queryByRole('table')).toBeNull();
          },
          failed: async () => {
            const alert = (await within(panel()).findAllByRole('alert')).find((element) =>
              element.textContent?.includes('Une erreur est survenue'),
            ) as HTMLElement;
            expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeEnabled();
          },
          refused: async () => {
            if (errorCodeOf(lastError) === 'staff_role_forbidden') {
              // The page asks who the session is now, before any tab shows again.
              expect(await screen.findByRole('status')).toHaveTextContent('Chargement…');
              expect(controlled.calls.at(-1)).toEqual({ name: 'loadCurrentSession', input: SESSION });
              expect(screen.queryByRole('tabpanel')).toBeNull();
              return;
            }
            // The page drops the session and asks for the PIN again.
            expect(
              await screen.findByText('Votre session a expiré. Saisissez à nouveau le mot de passe.'),
            ).toBeVisible();
            expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
            expect(screen.queryByRole('tabpanel')).toBeNull();
            expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
          },
        },
        events: {
          'xstate.done.actor.loadSummary': async (step) => {
            await act(async () => controlled.resolve('loadSummary', eventOf<{ output: unknown }>(step).output));
          },
          'xstate.error.actor.loadSummary': async (step) => {
            lastError = eventOf<{ error: unknown }>(step).error;
            await act(async () => controlled.reject('loadSummary', lastError));
          },
          'xstate.done.actor.downloadCertification': async () => {
            await act(async () => controlled.resolve('downloadCertification', undefined));
          },
          'xstate.error.actor.downloadCertification': async (step) => {
            lastError = eventOf<{ error: unknown }>(step).error;
            await act(async () => controlled.reject('downloadCertification', lastError));
          },
          'impactCertification.download': async (step) => {
            const { format } = eventOf<{ format: keyof typeof CERTIFICATION_BUTTONS }>(step);
            await user.click(within(panel()).getByRole('button', { name: CERTIFICATION_BUTTONS[format] }));
          },
          'impactPeriod.choose': async (step) => {
            const { choice } = eventOf<{ choice: ImpactPeriodChoice }>(step);
            if (choice.preset !== 'custom') {
              await user.click(screen.getByRole('button', { name: '30 derniers jours' }));
              return;
            }
            fireEvent.change(screen.getByLabelText('Du'), { target: { value: choice.from } });
            fireEvent.change(screen.getByLabelText('Au'), { target: { value: choice.to } });
            // Each date also written out in the page's language, whatever format the browser draws the input in.
            const written = { '2026-05-04': '4 mai 2026', '2026-05-05': '5 mai 2026' };
            expect(screen.getByLabelText('Du')).toHaveAccessibleDescription(
              written[choice.from as keyof typeof written],
            );
            expect(screen.getByLabelText('Au')).toHaveAccessibleDescription(written[choice.to as keyof typeof written]);
            await user.click(screen.getByRole('button', { name: 'Afficher' }));
            if (!isValidPeriod(choice.from, choice.to))
              expect(await screen.findByText(/^Période invalide/)).toHaveAttribute('role', 'alert');
          },
          'impactSummary.retry': async () => {
            await user.click(within(panel()).getByRole('button', { name: 'Réessayer' }));
          },
          'impactSummary.export': async () => {
            await user.click(within(panel()).getByRole('button', { name: 'Exporter en CSV' }));
            exported += 1;
            expect(downloads.at(-1)).toEqual(SUMMARY);
          },
        },
      });
    });
  }
});

describe('impact CSV and periods', () => {
  it('writes the figures, the factors with their sources and the daily series, quoting what needs it', () => {
    const lines = impactCsv(SUMMARY, i18n)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Période,2026-05-04,2026-05-05');
    expect(lines).toContain('Séjours avec au moins une action,3');
    expect(lines).toContain('Points gagnés,95');
    expect(lines).toContain('Eau donnée (L),50');
    expect(lines).toContain('Renoncer au ménage,2');
    expect(lines).toContain(
      'Douches plus courtes,2,Eau (L),44.2,22.1,par douche plus courte,estimation,"US EPA WaterSense, « Showerheads » (Residential End Uses of Water Study 2016) : une douche moyenne dure 7,8 min à 7,9 L/min",https://www.epa.gov/watersense/showerheads',
    );
    expect(lines).toContain(
      "Ménages évités,1,Eau (L),100,100,par ménage évité,chiffre de l'hôtel,Blanchisserie du Val,",
    );
    expect(lines).toContain('Total,,CO2e (g),2757');
    expect(lines).toContain('2026-05-04,5,80,0,0,0,0,0,0');
    expect(lines.at(-1)).toBe('');
  });

  it('counts the presets back from the hotel’s today, in its time zone', () => {
    // 23:30 UTC on 31 May is already 1 June in Paris.
    const now = new Date('2026-05-31T23:30:00Z');
    expect(periodOf({ preset: 'last7' }, 'Europe/Paris', now)).toEqual({ from: '2026-05-26', to: '2026-06-01' });
    expect(periodOf({ preset: 'last30' }, 'Europe/Paris', now)).toEqual({ from: '2026-05-03', to: '2026-06-01' });
    expect(periodOf({ preset: 'last7' }, 'America/New_York', now)).toEqual({ from: '2026-05-25', to: '2026-05-31' });
    expect(periodOf(CUSTOM, 'Europe/Paris', now)).toEqual({ from: '2026-05-04', to: '2026-05-05' });
    expect(isValidPeriod('2028-01-01', '2028-12-31')).toBe(true);
    expect(isValidPeriod('2025-01-01', '2026-01-02')).toBe(false);
    expect(isValidPeriod('', '2026-01-02')).toBe(false);
  });
});
