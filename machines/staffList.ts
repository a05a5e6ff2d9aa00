import { assign, type DoneActorEvent, type ErrorActorEvent, sendParent, setup } from 'xstate';
import type { StaffSectionInput } from './staffConsole.machine.ts';
import { isStaffRefusal, staffRefusalEventOf } from './staffRefusal.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * A list of the staff page's day read from the server (docs/behaviour.md#staff-page): loading ▶ shown | failed
 * (⇄ retry); from shown, `list.refresh` (and, with `refreshEveryMs`, the timer) reloads it in place: a failed reload
 * keeps the last list and marks it `stale`. A call refused for who is signed in (machines/staffRefusal.ts) ends
 * the list and tells the staff page, which asks for the PIN again or for who the session is now.
 */

export interface StaffListContext<Reply> {
  /** What the list's call needs: the section's hotel, token and time zone. */
  input: StaffSectionInput;
  reply: Reply | null;
  /** True while the list shown is the last one loaded because the latest reload failed. */
  stale: boolean;
}

export type StaffListEvent = { type: 'list.refresh' } | { type: 'list.retry' };

export function staffListMachine<Reply>(id: string, refreshEveryMs: number | null) {
  const refreshing = refreshEveryMs === null ? {} : { after: { listRefresh: 'refreshing' as const } };
  // Loading and refreshing call the list alike; only a failure differs (the error state, or the last list kept).
  const loadListInvoke = (onFailure: { target: 'failed' } | { target: 'shown'; actions: 'markStale' }) => ({
    id: 'loadList',
    src: 'loadList' as const,
    input: ({ context }: { context: StaffListContext<Reply> }) => context.input,
    onDone: {
      target: 'shown',
      actions: { type: 'holdReply' as const, params: ({ event }: { event: DoneActorEvent<Reply> }) => event.output },
    },
    onError: [
      {
        guard: { type: 'refused' as const, params: ({ event }: { event: ErrorActorEvent }) => event.error },
        target: 'refused',
        actions: { type: 'reportRefusal' as const, params: ({ event }: { event: ErrorActorEvent }) => event.error },
      },
      onFailure,
    ],
  });
  return setup({
    types: {
      input: {} as StaffSectionInput,
      context: {} as StaffListContext<Reply>,
      events: {} as StaffListEvent,
    },
    actors: {
      loadList: viewProvidedActor<Reply, StaffSectionInput>('loadList'),
    },
    actions: {
      holdReply: assign({ reply: (_, reply: Reply) => reply, stale: false }),
      markStale: assign({ stale: true }),
      reportRefusal: sendParent((_, error: unknown) => staffRefusalEventOf(error)),
    },
    guards: {
      refused: (_, error: unknown) => isStaffRefusal(error),
    },
    delays: {
      listRefresh: refreshEveryMs ?? 0,
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ input, reply: null, stale: false }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: loadListInvoke({ target: 'failed' }),
      },
      failed: {
        on: { 'list.retry': 'loading', 'list.refresh': 'loading' },
      },
      shown: {
        on: { 'list.refresh': 'refreshing' },
        ...refreshing,
      },
      refreshing: {
        tags: ['refreshing'],
        on: { 'list.refresh': { target: 'refreshing', reenter: true } },
        invoke: loadListInvoke({ target: 'shown', actions: 'markStale' }),
      },
      /** The staff page takes over (the PIN asked again, or who the session is now) and stops this list. */
      refused: { type: 'final' },
    },
  });
}
