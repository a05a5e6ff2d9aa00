import type { SnapshotFrom } from 'xstate';
import type { StaffTrailEvent, staffTrailMachine, TrailFilters } from '../../../../../machines/staffTrail.machine.ts';
import { dataStateOf } from '../../../binding/dataState.ts';

type StaffTrailSnapshot = SnapshotFrom<typeof staffTrailMachine>;

/** The 'Trail' tab's props: which screen it shows, the filters, the entries and the handlers. */
export function connectStaffTrail(snapshot: StaffTrailSnapshot, send: (event: StaffTrailEvent) => void) {
  const { context } = snapshot;
  const screen = snapshot.hasTag('loading')
    ? ('loading' as const)
    : snapshot.matches('peopleFailed') || snapshot.matches({ ready: 'failed' })
      ? ('failed' as const)
      : snapshot.matches('refused')
        ? ('refused' as const)
        : ('shown' as const);
  return {
    root: { 'data-scope': 'staff-trail', 'data-state': dataStateOf(snapshot) },
    screen,
    /** The filters form is there once the people are known (its person list). */
    filtersReady: snapshot.matches('ready'),
    filters: context.filters,
    invalidRange: context.failure === 'invalidRange',
    people: context.people,
    entries: context.entries,
    timeZone: context.timeZone,
    hasMore: context.nextBefore !== null,
    loadingMore: snapshot.hasTag('loadingMore'),
    moreFailed: context.failure === 'moreFailed',
    exporting: snapshot.hasTag('exporting'),
    exportFailed: context.failure === 'exportFailed',
    onFilter: (filters: TrailFilters) => send({ type: 'trail.filter', filters }),
    onLoadMore: () => send({ type: 'trail.loadMore' }),
    onExport: () => send({ type: 'trail.export' }),
    onRetry: () => send({ type: 'trail.retry' }),
  } as const;
}

export type StaffTrailProps = ReturnType<typeof connectStaffTrail>;
