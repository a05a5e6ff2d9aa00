/**
 * React 19 has useSyncExternalStore built in: @xstate/react's import of the React 17 shim resolves here
 * (see vite.config.ts), keeping the shim's code out of the guest bundle.
 */
export { useSyncExternalStore } from 'react';
