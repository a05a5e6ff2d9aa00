import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { isInspectorEnabled } from './attach.ts';
import { InspectorPage } from './InspectorPage.tsx';

/** /inspector: the inspector when the server turned it on (docs/inspector.md#enabling), else the unknown address. */
export function InspectorRoute() {
  return isInspectorEnabled() ? <InspectorPage /> : <NotFoundPage />;
}
