import { useEffect, useState } from "react";

let hydrating = true;

/** False during server rendering and the hydration pass, true afterwards (and on client-side navigations). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    setHydrated(true);
  }, []);
  return hydrated;
}
