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

const SHOWER_SOURCE: ImpactFigure['source'] = {
  id: 'watersenseShower',
  name: 'Residential End Uses of Water Study 2016, as the Alliance for Water Efficiency publishes it',
  publisher: 'Alliance for Water Efficiency',
  year: 2016,
  locator: 'Home Water Works, "Showers", section "Showering to Savings", paragraph 1',
  url: 'https://home-water-works.org/indoor-use/showers',
};

/** A shipped figure: its range per unit, the saving's range in proportion, a shipped source (in English, with its id). */
const figure = (saved: number, perUnit: number, range: [number, number] | null, checkedOn: string | null = null) => {
  const scale = (value: number) => (perUnit === 0 ? 0 : Math.round((saved * value * 100) / perUnit) / 100);
  return {
    saved,
    savedRange: range && { low: scale(range[0]), high: scale(range[1]) },
    perUnit,
    range: range && { low: range[0], high: range[1] },
    boundary: 'the hot water of a shower cut from the average length to 5 minutes',
    geography: 'United States (household study)',
    checkedOn,
    origin: 'estimate' as const,
    source: SHOWER_SOURCE,
  } satisfies ImpactFigure;
};

/** The hotel's own figure: no range, not checked, its own source text without id or link. */
const hotelFigure = (saved: number, perUnit: number): ImpactFigure => ({
  ...figure(saved, perUnit, null),
  geography: 'the hotel',
  origin: 'hotel',
  source: {
    id: null,
    name: 'Relevé du compteur de la lingerie, 2026',
    publisher: null,
    year: null,
    locator: null,
    url: null,
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
    { actType: 'LUNICLEAN', count: 2, confirmed: 0 },
    { actType: 'LIMEAT', count: 1, confirmed: 1 },
  ],
  points: { earned: 95, spent: 50 },
  rewards: { claimed: 2, used: 1 },
  waterDonatedLitres: 50,
  impact: [
    {
      category: 'cleaning',
      units: 1,
      confirmedUnits: 1,
      water: hotelFigure(60, 60),
      energy: figure(0.48, 0.48, null, '2026-11-27'),
      co2e: figure(25, 25, [23, 35]),
    },
    {
      category: 'shower',
      units: 2,
      confirmedUnits: 0,
      water: figure(44.2, 22.1, [13.4, 69.6], '2026-11-27'),
      energy: figure(1.8, 0.9, [0.38, 4.05]),
      co2e: figure(408, 204, [18, 971]),
    },
    {
      category: 'heating',
      units: 7,
      confirmedUnits: 0,
      water: { ...figure(0, 0, [0, 0]), origin: 'published' },
      energy: figure(4.9, 0.7, [0.2, 1.5]),
      co2e: figure(1113, 159, [10, 360]),
    },
    {
      category: 'meal',
      units: 1,
      confirmedUnits: 1,
      water: figure(50.5, 249.3, null, '2026-11-27'),
      energy: figure(0.73, 1.13, null),
      co2e: figure(1328, 1827, [1230, 1827], '2026-11-27'),
    },
  ],
  evidence: { declared: 7, photographed: 1, scanned: 0, staffConfirmed: 1 },
  saved: { waterLitres: 154.7, energyKwh: 7.91, co2eGrams: 2874 },
  savedRange: {
    low: { waterLitres: 115.3, energyKwh: 3.52, co2eGrams: 1600 },
    high: { waterLitres: 381.5, energyKwh: 15.01, co2eGrams: 5900 },
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
            const cells = (name: RegExp) =>
              within(within(savings).getByRole('row', { name }))
                .getAllByRole('cell')
                .map((cell) => cell.textContent);
            // Count, confirmed, then each saving with its range below it (none for a single estimate).
            expect(cells(/Ménages évités/)).toEqual(['1 ménage évité', '1', '60', '0,48', '2523–35']);
            expect(cells(/Douches plus courtes/)).toEqual([
              '2 douches',
              '0',
              '44,226,8–139,2',
              '1,80,76–8,1',
              '40836–1\u202f942',
            ]);
            expect(cells(/Chauffage baissé/)[0]).toBe('7 degrés-nuits');
            expect(cells(/Total/)).toEqual([
              '',
              '',
              '154,7115,3–381,5',
              '7,913,52–15,01',
              '2\u202f8741\u202f600–5\u202f900',
            ]);
            // How far the period's answers are backed.
            const evidence = panel().querySelector('[data-part="evidence"]') as HTMLElement;
            expect(evidence).toHaveTextContent('Déclarés par le client7');
            expect(evidence).toHaveTextContent('Photographiés1');
            expect(evidence).toHaveTextContent('Confirmés par le personnel1');
            // Each estimate's factor, range, boundary, check and source, one note away.
            expect(within(panel()).getByRole('link', { name: /^Note 1\s: facteurs et sources$/ })).toBeVisible();
            const notes = panel().querySelector('[data-part="notes"]') as HTMLElement;
            const factors = [...notes.querySelectorAll('[data-part="factor"]')].map((line) => line.textContent);
            expect(factors[3]).toBe(
              '22,1 L (de 13,4–69,6 L), estimation. Périmètre\u00a0: the hot water of a shower cut from the average length to 5 minutes\u00a0; zone\u00a0: United States (household study). Vérifié sur la source le 27 novembre 2026. Source\u00a0: Residential End Uses of Water Study 2016, publiée par l\'Alliance for Water Efficiency (et citée par l\'US EPA WaterSense)\u00a0: une douche moyenne aux États-Unis dure 7,8 min à 7,9 L/min — Alliance for Water Efficiency, 2016, Home Water Works, "Showers", section "Showering to Savings", paragraph 1',
            );
            // A shipped source in the staff's language, not the API's English, linked to the document.
            expect(
              within(notes).getAllByRole('link', { name: /^Residential End Uses of Water Study 2016, publiée par/ })[0],
            ).toHaveAttribute('href', 'https://home-water-works.org/indoor-use/showers');
            expect(notes).not.toHaveTextContent('as the Alliance for Water Efficiency publishes it');
            // A range of one value is the figure itself: heating saves no water, said once.
            expect(factors[6]).toMatch(/^0 L, chiffre publié\. Périmètre/);
            expect(cells(/Chauffage baissé/)[2]).toBe('0');
            expect(factors[0]).toMatch(
              /^60 L \(estimation unique, sans fourchette\), chiffre de l'hôtel\..* Non vérifié sur la source\. Source\u00a0: Relevé du compteur de la lingerie, 2026$/,
            );
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
    expect(lines).toContain('Déclarés par le client,7');
    expect(lines).toContain('Confirmés par le personnel,1');
    expect(lines).toContain(
      'Douches plus courtes,2,0,Eau (L),44.2,26.8,139.2,22.1,13.4,69.6,par douche plus courte,estimation,the hot water of a shower cut from the average length to 5 minutes,United States (household study),2026-11-27,"Residential End Uses of Water Study 2016, publiée par l\'Alliance for Water Efficiency (et citée par l\'US EPA WaterSense)\u00a0: une douche moyenne aux États-Unis dure 7,8 min à 7,9 L/min",Alliance for Water Efficiency,2016,"Home Water Works, ""Showers"", section ""Showering to Savings"", paragraph 1",https://home-water-works.org/indoor-use/showers',
    );
    expect(lines).toContain(
      'Ménages évités,1,1,Eau (L),60,,,60,,,par ménage évité,chiffre de l\'hôtel,the hot water of a shower cut from the average length to 5 minutes,the hotel,,"Relevé du compteur de la lingerie, 2026",,,,',
    );
    expect(lines).toContain('Total,,,CO2e (g),2874,1600,5900');
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
