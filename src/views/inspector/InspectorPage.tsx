import { subscribeToChannel } from './channelFeed.ts';
import { InspectorApp } from './InspectorApp.tsx';
import './InspectorPage.css';

/** /inspector (only when the inspector is on): the inspector fed by the guest tabs of this browser. */
export function InspectorPage() {
  return (
    <main className="inspector-page" lang="en" dir="ltr" data-scope="inspector-page">
      <h1>GreenMiles machine inspector</h1>
      <p className="inspector-page__hint">
        Open a stay page in another tab of this browser: its actors appear here as they run.
      </p>
      <InspectorApp subscribe={subscribeToChannel} />
    </main>
  );
}
