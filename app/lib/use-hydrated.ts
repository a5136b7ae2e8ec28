import { useSyncExternalStore } from "react";

// Nothing to subscribe to: whether the page is hydrated never changes once it is.
const subscribe = () => () => {};

/**
 * False during server rendering and the hydration pass, true afterwards (and on client-side navigations).
 * React renders the hydration pass with the server's answer, then re-renders with the browser's: the
 * same two renders an effect setting state would cause, without the effect.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
