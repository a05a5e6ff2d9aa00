import { assign, type DoneActorEvent, type ErrorActorEvent, sendParent, setup } from 'xstate';
import { isCalendarDate } from '../contract/calendar-days.ts';
import type {
  StaffAccount,
  StaffAccountsReply,
  StaffAuditEntry,
  StaffAuditKind,
  StaffAuditQuery,
  StaffAuditReply,
} from '../contract/schemas.ts';
import type { StaffSectionInput } from './staffConsole.machine.ts';
import { isStaffRefusal, staffRefusalEventOf } from './staffRefusal.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The staff page's 'Trail' tab, for managers (docs/behaviour.md#trail-tab): the audit trail of staff actions, the
 * latest first. loadingPeople (the accounts, for the person filter) ▶ ready.loading (the first page) ▶ ready.shown
 * ('trail.loadMore' ▶ loadingMore: the next page by `nextBefore`, appended; 'trail.export' ▶ exporting: the CSV of
 * the same filters) | ready.failed (⇄ retry). 'trail.filter' loads the first page of the new filters again; a day
 * range that ends before it starts is refused before any call. A call refused for the session (401) sends
 * `staffSession.expired` to the staff page, which asks for the PIN again.
 */

/** How many entries a page holds. */
export const TRAIL_PAGE_SIZE = 50;

/** The trail's filters: hotel-local days ('' for no bound), one person, one kind (null for all). */
export interface TrailFilters {
  from: string;
  to: string;
  accountId: number | null;
  kind: StaffAuditKind | null;
}

export const NO_TRAIL_FILTERS: TrailFilters = { from: '', to: '', accountId: null, kind: null };

export interface LoadTrailInput extends StaffSectionInput {
  query: StaffAuditQuery;
}

export interface StaffTrailContext extends StaffSectionInput {
  filters: TrailFilters;
  /** Everyone who has or had an account, for the person filter and the names of account changes. */
  people: StaffAccount[];
  entries: StaffAuditEntry[];
  nextBefore: number | null;
  /**
   * What went wrong with the last thing asked, until the next: filters refused before any call (a day range ending
   * before it starts), a 'Load more' or an export that failed (the entries shown stay).
   */
  failure: TrailFailure | null;
}

export type TrailFailure = 'invalidRange' | 'moreFailed' | 'exportFailed';

export type StaffTrailEvent =
  | { type: 'trail.filter'; filters: TrailFilters }
  | { type: 'trail.loadMore' }
  | { type: 'trail.export' }
  | { type: 'trail.retry' };

/** Filters the server takes: each day empty or a real date, the range in order. */
export function isValidTrailRange({ from, to }: TrailFilters): boolean {
  if ((from !== '' && !isCalendarDate(from)) || (to !== '' && !isCalendarDate(to))) return false;
  return from === '' || to === '' || from <= to;
}

/** The query of these filters (the CSV's: the whole trail they select). */
export function auditQueryOf(filters: TrailFilters): StaffAuditQuery {
  return {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.accountId !== null ? { accountId: filters.accountId } : {}),
    ...(filters.kind !== null ? { kind: filters.kind } : {}),
  };
}

/** The query of a page of these filters: the first, or the one after `before`. */
export function trailPageQuery(filters: TrailFilters, before: number | null): StaffAuditQuery {
  return { ...auditQueryOf(filters), ...(before !== null ? { before } : {}), limit: TRAIL_PAGE_SIZE };
}

const isRefusedForWhoIsSignedIn = {
  type: 'isRefusedForWhoIsSignedIn' as const,
  params: ({ event }: { event: ErrorActorEvent }) => event.error,
};

const sectionOf = (context: StaffTrailContext): StaffSectionInput => ({
  hId: context.hId,
  token: context.token,
  timeZone: context.timeZone,
});

export const staffTrailMachine = setup({
  types: {
    input: {} as StaffSectionInput,
    context: {} as StaffTrailContext,
    events: {} as StaffTrailEvent,
  },
  actors: {
    loadPeople: viewProvidedActor<StaffAccountsReply, StaffSectionInput>('loadPeople'),
    loadTrail: viewProvidedActor<StaffAuditReply, LoadTrailInput>('loadTrail'),
    /** Asks the server for the CSV of the filters and hands it to the browser as a download. */
    exportTrail: viewProvidedActor<void, LoadTrailInput>('exportTrail'),
  },
  actions: {
    holdPeople: assign({ people: (_, reply: StaffAccountsReply) => reply.accounts }),
    holdFilters: assign({ filters: (_, filters: TrailFilters) => filters, failure: null }),
    holdFirstPage: assign({
      entries: (_, reply: StaffAuditReply) => reply.entries,
      nextBefore: (_, reply: StaffAuditReply) => reply.nextBefore,
    }),
    holdNextPage: assign({
      entries: ({ context }, reply: StaffAuditReply) => [...context.entries, ...reply.entries],
      nextBefore: (_, reply: StaffAuditReply) => reply.nextBefore,
    }),
    noteFailure: assign({ failure: (_, failure: TrailFailure) => failure }),
    clearFailure: assign({ failure: null }),
    // Entered by the refused call's error event.
    reportRefusal: sendParent(({ event }) => staffRefusalEventOf('error' in event ? event.error : null)),
  },
  guards: {
    isRefusedForWhoIsSignedIn: (_, error: unknown) => isStaffRefusal(error),
    isValidRange: (_, filters: TrailFilters) => isValidTrailRange(filters),
    hasMore: ({ context }) => context.nextBefore !== null,
    /** An empty trail has nothing to export. */
    hasEntries: ({ context }) => context.entries.length > 0,
  },
}).createMachine({
  id: 'staffTrail',
  context: ({ input }) => ({
    ...input,
    filters: NO_TRAIL_FILTERS,
    people: [],
    entries: [],
    nextBefore: null,
    failure: null,
  }),
  initial: 'loadingPeople',
  states: {
    loadingPeople: {
      tags: ['loading'],
      invoke: {
        id: 'loadPeople',
        src: 'loadPeople',
        input: ({ context }) => sectionOf(context),
        onDone: {
          target: 'ready',
          actions: {
            type: 'holdPeople',
            params: ({ event }: { event: DoneActorEvent<StaffAccountsReply> }) => event.output,
          },
        },
        onError: [{ guard: isRefusedForWhoIsSignedIn, target: 'refused' }, { target: 'peopleFailed' }],
      },
    },
    peopleFailed: {
      on: { 'trail.retry': 'loadingPeople' },
    },
    ready: {
      initial: 'loading',
      on: {
        'trail.filter': [
          {
            guard: { type: 'isValidRange', params: ({ event }) => event.filters },
            target: '.loading',
            // New filters while a page is loading start the call again.
            reenter: true,
            actions: { type: 'holdFilters', params: ({ event }) => event.filters },
          },
          { actions: { type: 'noteFailure', params: 'invalidRange' } },
        ],
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadTrail',
            src: 'loadTrail',
            input: ({ context }) => ({ ...sectionOf(context), query: trailPageQuery(context.filters, null) }),
            onDone: {
              target: 'shown',
              actions: {
                type: 'holdFirstPage',
                params: ({ event }: { event: DoneActorEvent<StaffAuditReply> }) => event.output,
              },
            },
            onError: [{ guard: isRefusedForWhoIsSignedIn, target: '#staffTrail.refused' }, { target: 'failed' }],
          },
        },
        failed: {
          on: { 'trail.retry': 'loading' },
        },
        shown: {
          on: {
            'trail.loadMore': { guard: 'hasMore', target: 'loadingMore', actions: 'clearFailure' },
            'trail.export': { guard: 'hasEntries', target: 'exporting', actions: 'clearFailure' },
          },
        },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            id: 'loadTrail',
            src: 'loadTrail',
            input: ({ context }) => ({
              ...sectionOf(context),
              query: trailPageQuery(context.filters, context.nextBefore),
            }),
            onDone: {
              target: 'shown',
              actions: {
                type: 'holdNextPage',
                params: ({ event }: { event: DoneActorEvent<StaffAuditReply> }) => event.output,
              },
            },
            onError: [
              { guard: isRefusedForWhoIsSignedIn, target: '#staffTrail.refused' },
              { target: 'shown', actions: { type: 'noteFailure', params: 'moreFailed' } },
            ],
          },
        },
        exporting: {
          tags: ['exporting'],
          invoke: {
            id: 'exportTrail',
            src: 'exportTrail',
            input: ({ context }) => ({ ...sectionOf(context), query: auditQueryOf(context.filters) }),
            onDone: 'shown',
            onError: [
              { guard: isRefusedForWhoIsSignedIn, target: '#staffTrail.refused' },
              { target: 'shown', actions: { type: 'noteFailure', params: 'exportFailed' } },
            ],
          },
        },
      },
    },
    /** The page takes over (machines/staffRefusal.ts): the PIN form again, or the tabs of the role as it is now. */
    refused: {
      entry: 'reportRefusal',
      type: 'final',
    },
  },
});
