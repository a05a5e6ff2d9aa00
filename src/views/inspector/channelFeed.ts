import type { InspectionRecord } from '../../../machines/inspector.machine.ts';
import { INSPECTOR_CHANNEL, isChannelMessage } from './channel.ts';

/**
 * The /inspector tab's feed: the records guest tabs broadcast, starting with what they recorded before this tab
 * opened (its `sync`). A record heard twice (a second inspector's sync) is kept once.
 */
export function subscribeToChannel(listener: (records: InspectionRecord[]) => void): () => void {
  const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
  const heard = new Set<string>();
  channel.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
    if (!isChannelMessage(data) || data.kind !== 'records') return;
    const fresh = data.records.filter((record) => {
      const key = `${record.actorId.split('/')[0]}#${record.seq}`;
      if (heard.has(key)) return false;
      heard.add(key);
      return true;
    });
    if (fresh.length > 0) listener(fresh);
  });
  channel.postMessage({ kind: 'sync' });
  return () => channel.close();
}
