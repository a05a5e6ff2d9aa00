import { useSyncExternalStore } from 'react';

/** docs/behaviour.md#demo-mode: above the 768 px mobile threshold the app sits in a phone frame. */
export const WIDE_SCREEN_QUERY = '(min-width: 769px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isWideScreen(): boolean {
  return window.matchMedia(WIDE_SCREEN_QUERY).matches;
}

/** True above 768 px, kept in sync when the window is resized or the tablet rotated. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWideScreen, () => false);
}
