// React 18+ has useSyncExternalStore built in: the router's import of the `use-sync-external-store` shim
// is pointed here (vite.config.ts), so the shim's fallback for older Reacts is not in the first download.
export { useSyncExternalStore } from 'react';
