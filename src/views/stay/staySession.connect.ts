import type { MessageDescriptor } from '@lingui/core';
import type { SnapshotFrom } from 'xstate';
import type { StaySessionEvent, staySessionMachine } from '../../../machines/staySession.machine.ts';
import { dataStateOf } from '../binding/dataState.ts';

type SessionSnapshot = SnapshotFrom<typeof staySessionMachine>;

export interface StayFrameProps {
  root: {
    'data-scope': 'stay-session';
    'data-state': ReturnType<typeof dataStateOf<SessionSnapshot['value']>> | 'leaving';
  };
  /** The page's flows run: show the header and the page. */
  showsPage: boolean;
  error: MessageDescriptor | null;
  /** Only a failed load can be retried (a device without profile cannot). */
  onRetry: (() => void) | undefined;
  /** No stay of this device has this address: the page offers the way out instead of its tabs. */
  isDeadEnd: boolean;
}

/**
 * The stay frame's props from the session (undefined once it ended: the page is leaving for another address) and
 * whether the root runs the page's flows.
 */
export function connectStayFrame(
  session: SessionSnapshot | undefined,
  pageRunning: boolean,
  send: (event: StaySessionEvent) => void,
): StayFrameProps {
  return {
    root: { 'data-scope': 'stay-session', 'data-state': session ? dataStateOf(session) : 'leaving' },
    showsPage: pageRunning && session?.context.stay != null,
    error: session?.context.error ?? null,
    onRetry: session?.matches('failed') ? () => send({ type: 'stay.retry' }) : undefined,
    isDeadEnd: session?.matches('unknown') === true || session?.matches('profileMissing') === true,
  };
}
