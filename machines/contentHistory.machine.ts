import { assign, type DoneActorEvent, type ErrorActorEvent, sendParent, setup } from 'xstate';
import type {
  ContentHistoryReply,
  ContentReply,
  ContentVersionReply,
  ContentVersionSummary,
} from '../contract/content-editor.ts';
import { errorCodeOf } from '../contract/errors.ts';
import type { StaffSectionInput } from './staffConsole.machine.ts';
import { isStaffRefusal, staffRefusalEventOf } from './staffRefusal.ts';
import { viewProvidedActor } from './viewProvided.ts';

/**
 * The content's history, for managers (docs/behaviour.md#content-history): every saved version with who saved it and when,
 * compared with the one before it, and restored.
 *
 * loading (GET …/content/versions: the versions and the current content version) ▶ shown | failed (⇄
 * 'history.retry'). From shown, 'version.open' {number} ▶ opening (GET …/content/versions/:n and the one before it)
 * ▶ comparing (the view shows their differences, machines/contentDiff.ts; a failed load ▶ shown, saying so).
 * In comparing, 'version.restore' (not the current version) ▶ confirming ('restore.cancel' ▶ comparing,
 * 'restore.confirm' ▶ restoring: POST …/content/versions/:n/restore with the current version as its base) ▶
 * restored (the parent is told `content.restored`, so an open editor reloads) | conflict (another save came first:
 * nothing restored) | restoreFailed ('restore.confirm' tries again); 'history.reload' from those ▶ loading.
 * 'version.close' ▶ shown. A call refused for who is signed in (401, 403) ▶ refused, and the staff page is told
 * (machines/staffRefusal.ts).
 */

export interface LoadVersionsInput extends StaffSectionInput {
  number: number;
  /** The version before it; null for the first one. */
  previous: number | null;
}

/** A version and the one before it (null for the first version). */
export interface ComparedVersions {
  newer: ContentVersionReply;
  older: ContentVersionReply | null;
}

export interface RestoreVersionInput extends StaffSectionInput {
  number: number;
  baseVersion: string;
}

/** Told to the parent once a restore is saved: whoever shows the content loads it again. */
export interface ContentRestoredEvent {
  type: 'content.restored';
  content: ContentReply;
}

export type ContentHistoryFailure = 'openFailed';

export interface ContentHistoryContext extends StaffSectionInput {
  /** The current content version: what a restore names as its base. */
  version: string | null;
  /** The newest first: the first one is the current content. */
  versions: ContentVersionSummary[];
  /** The version opened (being compared, confirmed or restored). */
  opened: number | null;
  compared: ComparedVersions | null;
  /** What a restore answered: the content as it is now. */
  restored: ContentReply | null;
  failure: ContentHistoryFailure | null;
}

export type ContentHistoryEvent =
  | { type: 'history.retry' }
  | { type: 'history.reload' }
  | { type: 'version.open'; number: number }
  | { type: 'version.close' }
  | { type: 'version.restore' }
  | { type: 'restore.confirm' }
  | { type: 'restore.cancel' };

/** The version saved just before `number`, or null for the first one. */
export function previousVersionOf(versions: readonly ContentVersionSummary[], number: number): number | null {
  const older = versions.filter((version) => version.number < number).map((version) => version.number);
  return older.length > 0 ? Math.max(...older) : null;
}

/** The version the content is now: the newest saved. */
export function currentVersionNumber(versions: readonly ContentVersionSummary[]): number | null {
  return versions[0]?.number ?? null;
}

const sectionOf = (context: ContentHistoryContext): StaffSectionInput => ({
  hId: context.hId,
  token: context.token,
  timeZone: context.timeZone,
});

function openedOf(context: ContentHistoryContext): number {
  if (context.opened === null) throw new Error('A version is open');
  return context.opened;
}

const isRefusedForWhoIsSignedIn = {
  type: 'isRefusedForWhoIsSignedIn' as const,
  params: ({ event }: { event: ErrorActorEvent }) => event.error,
};

const openVersion = {
  guard: { type: 'isListed' as const, params: ({ event }: { event: { number: number } }) => event.number },
  target: '#contentHistory.opening',
  actions: { type: 'holdOpened' as const, params: ({ event }: { event: { number: number } }) => event.number },
};

export const contentHistoryMachine = setup({
  types: {
    input: {} as StaffSectionInput,
    context: {} as ContentHistoryContext,
    events: {} as ContentHistoryEvent,
  },
  actors: {
    loadHistory: viewProvidedActor<ContentHistoryReply, StaffSectionInput>('loadHistory'),
    loadVersions: viewProvidedActor<ComparedVersions, LoadVersionsInput>('loadVersions'),
    restoreVersion: viewProvidedActor<ContentReply, RestoreVersionInput>('restoreVersion'),
  },
  actions: {
    holdHistory: assign((_, reply: ContentHistoryReply) => ({
      version: reply.version,
      versions: reply.versions,
      opened: null,
      compared: null,
      restored: null,
    })),
    holdOpened: assign({ opened: (_, number: number) => number, failure: null }),
    holdCompared: assign({ compared: (_, compared: ComparedVersions) => compared }),
    holdRestored: assign({ restored: (_, content: ContentReply) => content }),
    closeVersion: assign({ opened: null, compared: null }),
    noteOpenFailed: assign({ failure: 'openFailed' as const, opened: null, compared: null }),
    clearFailure: assign({ failure: null }),
    announceRestored: sendParent(
      (_, content: ContentReply) => ({ type: 'content.restored', content }) satisfies ContentRestoredEvent,
    ),
    // Entered by the refused call's error event.
    reportRefusal: sendParent(({ event }) => staffRefusalEventOf('error' in event ? event.error : null)),
  },
  guards: {
    isRefusedForWhoIsSignedIn: (_, error: unknown) => isStaffRefusal(error),
    isConflict: (_, error: unknown) => errorCodeOf(error) === 'content_version_conflict',
    isListed: ({ context }, number: number) => context.versions.some((version) => version.number === number),
    /** Restoring the content as it is would only add a version. */
    isOlderVersion: ({ context }) => context.opened !== currentVersionNumber(context.versions),
  },
}).createMachine({
  id: 'contentHistory',
  context: ({ input }) => ({
    ...input,
    version: null,
    versions: [],
    opened: null,
    compared: null,
    restored: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => sectionOf(context),
        onDone: {
          target: 'shown',
          actions: {
            type: 'holdHistory',
            params: ({ event }: { event: DoneActorEvent<ContentHistoryReply> }) => event.output,
          },
        },
        onError: [{ guard: isRefusedForWhoIsSignedIn, target: 'refused' }, { target: 'failed' }],
      },
    },
    failed: {
      on: { 'history.retry': 'loading' },
    },
    shown: {
      on: { 'version.open': openVersion },
    },
    opening: {
      tags: ['opening'],
      invoke: {
        id: 'loadVersions',
        src: 'loadVersions',
        input: ({ context }) => {
          const number = openedOf(context);
          return { ...sectionOf(context), number, previous: previousVersionOf(context.versions, number) };
        },
        onDone: {
          target: 'comparing',
          actions: {
            type: 'holdCompared',
            params: ({ event }: { event: DoneActorEvent<ComparedVersions> }) => event.output,
          },
        },
        onError: [
          { guard: isRefusedForWhoIsSignedIn, target: 'refused' },
          { target: 'shown', actions: 'noteOpenFailed' },
        ],
      },
    },
    comparing: {
      on: {
        'version.open': openVersion,
        'version.close': { target: 'shown', actions: 'closeVersion' },
        'version.restore': { guard: 'isOlderVersion', target: 'confirming' },
      },
    },
    confirming: {
      on: {
        'restore.confirm': 'restoring',
        'restore.cancel': 'comparing',
      },
    },
    restoring: {
      tags: ['busy'],
      invoke: {
        id: 'restoreVersion',
        src: 'restoreVersion',
        input: ({ context }) => ({
          ...sectionOf(context),
          number: openedOf(context),
          baseVersion: context.version ?? '',
        }),
        onDone: {
          target: 'restored',
          actions: [
            { type: 'holdRestored', params: ({ event }: { event: DoneActorEvent<ContentReply> }) => event.output },
            { type: 'announceRestored', params: ({ event }: { event: DoneActorEvent<ContentReply> }) => event.output },
          ],
        },
        onError: [
          { guard: isRefusedForWhoIsSignedIn, target: 'refused' },
          {
            guard: { type: 'isConflict', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'conflict',
          },
          { target: 'restoreFailed' },
        ],
      },
    },
    restored: {
      on: { 'history.reload': 'loading' },
    },
    /** Another manager saved since the list was loaded: nothing restored, the list loads again on asking. */
    conflict: {
      on: { 'history.reload': 'loading' },
    },
    restoreFailed: {
      on: {
        'restore.confirm': 'restoring',
        'version.close': { target: 'shown', actions: 'closeVersion' },
      },
    },
    /** The page takes over (machines/staffRefusal.ts): the PIN form again, or the tabs of the role as it is now. */
    refused: {
      entry: 'reportRefusal',
      type: 'final',
    },
  },
});
