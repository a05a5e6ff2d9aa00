import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { StaffListEvent, staffListMachine } from '../../../../../machines/staffList.ts';
import { dataStateOf } from '../../../binding/dataState.ts';

type StaffListMachine<Reply> = ReturnType<typeof staffListMachine<Reply>>;
export type StaffListRef<Reply> = ActorRefFrom<StaffListMachine<Reply>>;

/** A day list's props (docs/behaviour.md#today-tab): what it shows, whether it is reloading or stale, its buttons. */
export function connectStaffList<Reply>(
  snapshot: SnapshotFrom<StaffListMachine<Reply>>,
  send: (event: StaffListEvent) => void,
) {
  const { context } = snapshot;
  const status = snapshot.hasTag('loading')
    ? ('loading' as const)
    : snapshot.matches('failed')
      ? ('failed' as const)
      : ('shown' as const);
  return {
    root: { 'data-state': dataStateOf(snapshot) },
    status,
    reply: context.reply,
    refreshing: snapshot.hasTag('refreshing'),
    stale: context.stale,
    onRetry: () => send({ type: 'list.retry' }),
    onRefresh: () => send({ type: 'list.refresh' }),
  } as const;
}

export type StaffListProps<Reply> = ReturnType<typeof connectStaffList<Reply>>;
