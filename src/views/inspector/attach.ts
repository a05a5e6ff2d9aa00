import type { InspectionEvent } from 'xstate';
import { QA_INSPECTOR_META } from '../../../contract/headers.ts';

/**
 * The only inspector code in the guest's bundle (docs/inspector.md): whether the inspector is on (the server's
 * `<meta>`), and the stay root's `inspect` option, which loads the rest (the feed and the side panel) only then.
 */

export function isInspectorEnabled(): boolean {
  return document.querySelector<HTMLMetaElement>(`meta[name="${QA_INSPECTOR_META}"]`)?.content === 'on';
}

type Inspect = (event: InspectionEvent) => void;

/** Events reported before the feed's chunk arrives, handed over once it has. */
let waiting: InspectionEvent[] = [];
let deliver: Inspect | null = null;
let loading = false;

function inspect(event: InspectionEvent): void {
  if (deliver) deliver(event);
  else waiting.push(event);
}

/** The stay root's actor options: its system's `inspect` stream when the inspector is on, else nothing. */
export function stayInspection(): { inspect?: Inspect } {
  if (!isInspectorEnabled()) return {};
  if (!loading) {
    loading = true;
    void import('./guestFeed.ts').then(({ recordInspection }) => {
      deliver = recordInspection;
      for (const event of waiting) recordInspection(event);
      waiting = [];
    });
  }
  return { inspect };
}
