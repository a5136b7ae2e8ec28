// The walk on the trail map, in the browser only: positions come from the Geolocation API after the
// walker presses Start, are worked out here (app/lib/trail-walk.ts) and kept in localStorage so a reload
// or a dropped connection loses nothing. Nothing in this module sends anything anywhere.
import { useCallback, useEffect, useMemo, useState } from "react";
import type { LonLat } from "~/lib/geo";
import {
  applyFix,
  benchesAlongTrail,
  checkSignal,
  describeWalk,
  loseSignal,
  parseStoredWalk,
  startWalk,
  trailLine,
  type WalkBench,
  type WalkState,
} from "~/lib/trail-walk";

const STORAGE_KEY = "walking-trails:walk";
/** Set before the reload that gives a page opened by in-app navigation this page's own permissions. */
const START_AFTER_RELOAD_KEY = "walking-trails:start-walk";
const SIGNAL_CHECK_MS = 5_000;

type Trail = { id: string; coordinates: LonLat[] };
type WalkProblem = "denied" | "unsupported" | null;

/**
 * The Permissions-Policy of a document is fixed when it loads: /trails allows geolocation, other pages do
 * not. A /trails reached by in-app navigation still has the first page's policy, so it must be reloaded.
 */
function documentForbidsGeolocation() {
  const policy = (document as Document & { featurePolicy?: { allowsFeature(feature: string): boolean } }).featurePolicy;
  return policy ? !policy.allowsFeature("geolocation") : false;
}

function readStoredWalk() {
  try {
    return parseStoredWalk(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function storeWalk(walk: WalkState | null) {
  try {
    if (walk) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(walk));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or disabled: the walk still works, it just will not survive a reload.
  }
}

/** `startOnOpen`: the page was opened by "Start walk" (decision 067), so the walk starts once it runs. */
export function useTrailWalk<B extends WalkBench>(
  trail: Trail | null,
  benches: readonly B[],
  { startOnOpen = false }: { startOnOpen?: boolean } = {},
) {
  const line = useMemo(() => (trail ? trailLine(trail.coordinates) : null), [trail]);
  const benchesOnTrail = useMemo(
    () => (line && trail ? benchesAlongTrail(line, trail.id, benches) : []),
    [line, trail, benches],
  );
  const [walk, setWalk] = useState<WalkState | null>(null);
  const [problem, setProblem] = useState<WalkProblem>(null);
  const [following, setFollowing] = useState(true);
  const [finishing, setFinishing] = useState(false);

  const start = useCallback(() => {
    if (!trail) return;
    if (documentForbidsGeolocation()) {
      window.sessionStorage.setItem(START_AFTER_RELOAD_KEY, trail.id);
      // With `walk=1`: /trails ships its scripts only when asked (decision 067), and a walk asks.
      const address = new URL(window.location.href);
      address.searchParams.set("walk", "1");
      window.location.replace(address.href);
      return;
    }
    if (!("geolocation" in navigator)) {
      setProblem("unsupported");
      return;
    }
    setProblem(null);
    setFollowing(true);
    setFinishing(false);
    setWalk(startWalk(trail.id, Date.now()));
  }, [trail]);

  // A walk in progress before a reload carries on; a Start pressed just before the policy reload begins.
  useEffect(() => {
    const stored = readStoredWalk();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage exists only in the browser: read after hydration, so the server's HTML and the first render agree
    if (stored) setWalk(stored);
    const startOn = window.sessionStorage.getItem(START_AFTER_RELOAD_KEY);
    window.sessionStorage.removeItem(START_AFTER_RELOAD_KEY);
    if (!stored && ((startOn && startOn === trail?.id) || startOnOpen)) start();
    // Only once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (walk) storeWalk(walk);
  }, [walk]);

  const tracking = walk !== null && line !== null && walk.trailId === trail?.id && !finishing;
  useEffect(() => {
    if (!tracking || !line) return;
    if (!("geolocation" in navigator)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a walk restored from storage in a browser without geolocation has nothing to watch: say so, as start() does
      setProblem("unsupported");
      return;
    }
    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        setProblem(null);
        const fix = {
          position: [position.coords.longitude, position.coords.latitude] as LonLat,
          accuracy: position.coords.accuracy,
          at: Date.now(),
        };
        setWalk((current) => (current ? applyFix(line, current, fix) : current));
      },
      (error) => {
        // Only a refusal stops the watch; "position unavailable" and timeouts are a weak moment, never the end.
        if (error.code === error.PERMISSION_DENIED) setProblem("denied");
        else setWalk((current) => (current ? loseSignal(current) : current));
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    const timer = window.setInterval(
      () => setWalk((current) => (current ? checkSignal(current, Date.now()) : current)),
      SIGNAL_CHECK_MS,
    );
    return () => {
      navigator.geolocation.clearWatch(watchId);
      window.clearInterval(timer);
    };
  }, [tracking, line]);

  /** Ends the walk on this device: after saving its summary, or when discarded. */
  const end = useCallback(() => {
    storeWalk(null);
    setWalk(null);
    setFinishing(false);
    setProblem(null);
  }, []);

  const onThisTrail = walk !== null && walk.trailId === trail?.id;
  const view = useMemo(
    () => (walk && line && onThisTrail ? describeWalk(line, walk, benchesOnTrail) : null),
    [walk, line, onThisTrail, benchesOnTrail],
  );
  const marker = useMemo(
    () =>
      walk?.last && onThisTrail && !finishing
        ? {
            position: walk.last.position,
            accuracy: walk.last.accuracy,
            snapped: view?.onTrail ? walk.last.snapped : null,
            // Drawn greyed where it was last known, rather than guessed at.
            stale: walk.signal === "lost",
          }
        : null,
    [walk, onThisTrail, finishing, view],
  );

  return {
    walk,
    view,
    marker,
    problem,
    following,
    finishing,
    start,
    end,
    finish: () => setFinishing(true),
    keepWalking: () => setFinishing(false),
    recentre: () => setFollowing(true),
    stopFollowing: () => setFollowing(false),
  };
}

export type TrailWalk<B extends WalkBench> = ReturnType<typeof useTrailWalk<B>>;
