import type { InspectionRecord } from '../../../machines/inspector.machine.ts';

/**
 * The BroadcastChannel between guest tabs and an /inspector tab of the same origin: the guest tabs post their
 * records as they come, and answer an inspector's `sync` (sent when it opens) with everything they recorded.
 */
export const INSPECTOR_CHANNEL = 'greenmiles-inspector';

export type ChannelMessage = { kind: 'records'; records: InspectionRecord[] } | { kind: 'sync' };

export function isChannelMessage(data: unknown): data is ChannelMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<ChannelMessage> & { records?: unknown };
  return message.kind === 'sync' || (message.kind === 'records' && Array.isArray(message.records));
}
