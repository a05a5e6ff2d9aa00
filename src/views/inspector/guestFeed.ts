import type { InspectionEvent } from 'xstate';
import { type InspectionRecord, MAX_RECORDS } from '../../../machines/inspector.machine.ts';
import { type ChannelMessage, INSPECTOR_CHANNEL, isChannelMessage } from './channel.ts';
import { recordOf } from './serialize.ts';

/**
 * The guest tab's side of the inspector (loaded only when it is on): records the stay root's inspection stream, keeps
 * it for the side panel in this page, and broadcasts it to /inspector tabs. Loading it also puts the side panel's
 * toggle on the page.
 */

/** Tells this tab's actors from another tab's (their session ids restart at 0 in every tab). */
const tab = `tab-${Math.random().toString(36).slice(2, 8)}`;
let seq = 0;
const recorded: InspectionRecord[] = [];
const listeners = new Set<(records: InspectionRecord[]) => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(INSPECTOR_CHANNEL);

/** Records reported in one task, posted together. */
let batch: InspectionRecord[] = [];

function post(message: ChannelMessage): void {
  channel?.postMessage(message);
}

channel?.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
  if (isChannelMessage(data) && data.kind === 'sync') post({ kind: 'records', records: recorded });
});

function flush(): void {
  const records = batch;
  batch = [];
  post({ kind: 'records', records });
  for (const listener of listeners) listener(records);
}

export function recordInspection(event: InspectionEvent): void {
  const record = recordOf(event, tab, seq + 1, Date.now());
  if (!record) return;
  seq = record.seq;
  recorded.push(record);
  if (recorded.length > MAX_RECORDS) recorded.shift();
  if (batch.length === 0) queueMicrotask(flush);
  batch.push(record);
}

/** This page's records so far, then each new batch (the side panel's feed); returns the unsubscribe. */
export function subscribeToPage(listener: (records: InspectionRecord[]) => void): () => void {
  listener([...recorded]);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

void import('./SidePanel.tsx').then(({ mountSidePanel }) => mountSidePanel());
