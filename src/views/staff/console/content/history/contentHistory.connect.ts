import type { SnapshotFrom } from 'xstate';
import { contentChanges } from '../../../../../../machines/contentDiff.ts';
import {
  type ContentHistoryEvent,
  type contentHistoryMachine,
  currentVersionNumber,
} from '../../../../../../machines/contentHistory.machine.ts';
import { dataStateOf } from '../../../../binding/dataState.ts';

type ContentHistorySnapshot = SnapshotFrom<typeof contentHistoryMachine>;

/** The history's props (docs/behaviour.md#content-history): the versions, the one opened and its changes, the restore. */
export function connectContentHistory(snapshot: ContentHistorySnapshot, send: (event: ContentHistoryEvent) => void) {
  const { context } = snapshot;
  const screen = snapshot.hasTag('loading')
    ? ('loading' as const)
    : snapshot.matches('failed')
      ? ('failed' as const)
      : snapshot.matches('refused')
        ? ('refused' as const)
        : ('shown' as const);
  const current = currentVersionNumber(context.versions);
  const { compared } = context;
  const showsComparison =
    compared !== null &&
    (snapshot.matches('comparing') ||
      snapshot.matches('confirming') ||
      snapshot.matches('restoring') ||
      snapshot.matches('restoreFailed'));
  return {
    root: { 'data-scope': 'content-history', 'data-state': dataStateOf(snapshot) },
    screen,
    timeZone: context.timeZone,
    versions: context.versions.map((version) => ({
      ...version,
      current: version.number === current,
      opened: version.number === context.opened,
      onOpen: () => send({ type: 'version.open', number: version.number }),
    })),
    opening: snapshot.hasTag('opening'),
    /** A version can be opened from the list, or from another one's comparison (not while a restore is asked). */
    canOpen: snapshot.matches('shown') || snapshot.matches('comparing'),
    openFailed: context.failure === 'openFailed',
    /** The version opened and what changed since the one before it (none before the first version). */
    comparison: showsComparison
      ? {
          number: compared.newer.summary.number,
          previous: compared.older?.summary.number ?? null,
          changes: compared.older ? contentChanges(compared.older.document, compared.newer.document) : [],
          /** The current version is what the content is: restoring it would change nothing. */
          restorable: compared.newer.summary.number !== current,
        }
      : null,
    confirming: snapshot.matches('confirming'),
    restoring: snapshot.hasTag('busy'),
    restoreFailed: snapshot.matches('restoreFailed'),
    /** The version a restore brought back, and the number of the new version it made. */
    restored: snapshot.matches('restored')
      ? { from: context.opened ?? 0, number: context.restored?.number ?? null }
      : null,
    conflict: snapshot.matches('conflict'),
    onRetry: () => send({ type: 'history.retry' }),
    onReload: () => send({ type: 'history.reload' }),
    onClose: () => send({ type: 'version.close' }),
    onRestore: () => send({ type: 'version.restore' }),
    onConfirm: () => send({ type: 'restore.confirm' }),
    onCancel: () => send({ type: 'restore.cancel' }),
  } as const;
}

export type ContentHistoryProps = ReturnType<typeof connectContentHistory>;
