import { assign, type DoneActorEvent, type ErrorActorEvent, sendParent, setup } from 'xstate';
import { daysBetween, isCalendarDate } from '../contract/calendar-days.ts';
import type { CertificationFormat } from '../contract/certification.ts';
import type { ImpactSummaryReply } from '../contract/schemas.ts';
import type { StaffSectionInput } from './staffConsole.machine.ts';
import { isStaffRefusal, staffRefusalEventOf } from './staffRefusal.ts';
import { viewProvidedAction, viewProvidedActor } from './viewProvided.ts';

/**
 * The staff page's 'Impact' tab (docs/behaviour.md#impact-tab): the figures of the hotel over a chosen period
 * (GET /api/staff/hotels/{hId}/summary, docs/impact.md). loading ▶ loaded | empty | failed (⇄ retry); choosing
 * another period loads again; `loaded` exports the figures as CSV, and downloads the period's certification dossier
 * (CSV or PDF, docs/impact.md#certification): idle ▶ downloading ▶ idle | downloadFailed. A call refused for who is
 * signed in (machines/staffRefusal.ts) ends the tab's figures and tells the staff page, which takes over.
 */

/** The longest period the server answers (docs/impact.md#period). */
export const MAX_IMPACT_PERIOD_DAYS = 366;

/** A period by its preset (the last 7 or 30 hotel-local days, today included) or by its own dates. */
export type ImpactPeriodChoice =
  | { preset: 'last7' }
  | { preset: 'last30' }
  | { preset: 'custom'; from: string; to: string };

export interface StaffImpactInput extends StaffSectionInput {
  /** The hotel's time zone: the presets count its days. */
  timeZone: string;
}

export interface LoadSummaryInput extends StaffImpactInput {
  choice: ImpactPeriodChoice;
}

/** The dossier to download: the figures' period and the file's format. */
export interface DownloadCertificationInput {
  hId: number;
  token: string;
  from: string;
  to: string;
  format: CertificationFormat;
}

export interface StaffImpactContext extends StaffImpactInput {
  choice: ImpactPeriodChoice;
  /** The certification file last asked for. */
  certificationFormat: CertificationFormat | null;
  summary: ImpactSummaryReply | null;
  /** The last custom period asked for was refused before any call (inverted, or longer than the maximum). */
  invalidPeriod: boolean;
}

export type StaffImpactEvent =
  | { type: 'impactPeriod.choose'; choice: ImpactPeriodChoice }
  | { type: 'impactSummary.retry' }
  | { type: 'impactSummary.export' }
  | { type: 'impactCertification.download'; format: CertificationFormat };

/** A custom period the server would take: real dates of the API's window in order, at most MAX_IMPACT_PERIOD_DAYS days. */
export function isValidPeriod(from: string, to: string): boolean {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return false;
  const days = daysBetween(from, to) + 1;
  return days >= 1 && days <= MAX_IMPACT_PERIOD_DAYS;
}

/** A period with nothing in it: no stay, no action, no point, no reward. */
export function isEmptySummary(summary: ImpactSummaryReply): boolean {
  return (
    summary.stays.total === 0 &&
    summary.actionsByType.length === 0 &&
    summary.points.earned === 0 &&
    summary.points.spent === 0 &&
    summary.rewards.claimed === 0 &&
    summary.rewards.used === 0
  );
}

export const staffImpactMachine = setup({
  types: {
    input: {} as StaffImpactInput,
    context: {} as StaffImpactContext,
    events: {} as StaffImpactEvent,
  },
  actors: {
    loadSummary: viewProvidedActor<ImpactSummaryReply, LoadSummaryInput>('loadSummary'),
    downloadCertification: viewProvidedActor<void, DownloadCertificationInput>('downloadCertification'),
  },
  actions: {
    /** Writes the figures and the daily series to a CSV file the browser downloads. */
    downloadCsv: viewProvidedAction<ImpactSummaryReply>('downloadCsv'),
    holdChoice: assign({ choice: (_, choice: ImpactPeriodChoice) => choice, invalidPeriod: false }),
    holdSummary: assign({ summary: (_, summary: ImpactSummaryReply) => summary }),
    holdCertificationFormat: assign({ certificationFormat: (_, format: CertificationFormat) => format }),
    noteInvalidPeriod: assign({ invalidPeriod: true }),
    reportRefusal: sendParent((_, error: unknown) => staffRefusalEventOf(error)),
  },
  guards: {
    isAcceptedChoice: (_, choice: ImpactPeriodChoice) =>
      choice.preset !== 'custom' || isValidPeriod(choice.from, choice.to),
    isEmpty: (_, summary: ImpactSummaryReply) => isEmptySummary(summary),
    refused: (_, error: unknown) => isStaffRefusal(error),
  },
}).createMachine({
  id: 'staffImpact',
  context: ({ input }) => ({
    ...input,
    choice: { preset: 'last7' },
    certificationFormat: null,
    summary: null,
    invalidPeriod: false,
  }),
  initial: 'loading',
  on: {
    'impactPeriod.choose': [
      {
        guard: { type: 'isAcceptedChoice', params: ({ event }) => event.choice },
        target: '.loading',
        // A new period while one is loading starts the call again.
        reenter: true,
        actions: { type: 'holdChoice', params: ({ event }) => event.choice },
      },
      { actions: 'noteInvalidPeriod' },
    ],
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        input: ({ context }) => ({
          hId: context.hId,
          token: context.token,
          timeZone: context.timeZone,
          choice: context.choice,
        }),
        onDone: [
          {
            guard: {
              type: 'isEmpty',
              params: ({ event }: { event: DoneActorEvent<ImpactSummaryReply> }) => event.output,
            },
            target: 'empty',
            actions: { type: 'holdSummary', params: ({ event }) => event.output },
          },
          { target: 'loaded', actions: { type: 'holdSummary', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'refused', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'refused',
            actions: { type: 'reportRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          { target: 'failed' },
        ],
      },
    },
    loaded: {
      initial: 'idle',
      on: {
        'impactSummary.export': {
          actions: { type: 'downloadCsv', params: ({ context }) => context.summary as ImpactSummaryReply },
        },
      },
      states: {
        idle: {
          on: {
            'impactCertification.download': {
              target: 'downloading',
              actions: { type: 'holdCertificationFormat', params: ({ event }) => event.format },
            },
          },
        },
        downloading: {
          tags: ['downloading'],
          invoke: {
            id: 'downloadCertification',
            src: 'downloadCertification',
            input: ({ context }) => ({
              hId: context.hId,
              token: context.token,
              from: (context.summary as ImpactSummaryReply).from,
              to: (context.summary as ImpactSummaryReply).to,
              format: context.certificationFormat ?? 'csv',
            }),
            onDone: 'idle',
            onError: [
              {
                guard: { type: 'refused', params: ({ event }: { event: ErrorActorEvent }) => event.error },
                target: '#staffImpact.refused',
                actions: { type: 'reportRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              },
              { target: 'downloadFailed' },
            ],
          },
        },
        downloadFailed: {
          on: {
            'impactCertification.download': {
              target: 'downloading',
              actions: { type: 'holdCertificationFormat', params: ({ event }) => event.format },
            },
          },
        },
      },
    },
    empty: {},
    failed: {
      on: { 'impactSummary.retry': 'loading' },
    },
    /** The staff page takes over (the PIN asked again, or who the session is now). */
    refused: { type: 'final' },
  },
});
