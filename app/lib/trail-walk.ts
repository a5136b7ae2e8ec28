// A walk along a trail, worked out in the walker's browser from the positions it gets: where on the trail
// they are, how far they have walked along it, the next bench ahead, and how far off the trail they are.
// Pure functions over plain data, so they are tested without a browser; nothing here sends anything.
import { haversineMetres, WALKING_SPEED_MPS, type LonLat } from "~/lib/geo";

/** Within this distance of the trail a position counts as on it, and is snapped to it. */
export const ON_TRAIL_METRES = 25;
/** A bench this close to a trail counts as on it even when no trail was set for it. */
export const BENCH_NEAR_TRAIL_METRES = 30;
/** A bench stays "next" until the walker is this far past it, so it does not flicker while they sit. */
const BENCH_PASSED_METRES = 8;
/** Positions less accurate than this are a weak signal: shown as such, never used to move the walker. */
export const USABLE_ACCURACY_METRES = 60;
/** Movements along the trail shorter than this are GPS jitter, not steps. */
const MIN_STEP_METRES = 5;
/** Moves up to this long always count; longer ones only at a pace someone could walk (or jog). */
const MAX_UNTIMED_STEP_METRES = 60;
const MAX_PLAUSIBLE_SPEED_MPS = 7;
/** Without a new position for this long the signal is shown as lost. */
export const SIGNAL_LOST_AFTER_MS = 20_000;
/** A path whose ends are this close is a loop: walking past its end continues at its start. */
const LOOP_CLOSURE_METRES = 15;

export type TrailLine = { coordinates: LonLat[]; cumulative: number[]; length: number; loop: boolean };

/** A trail prepared for snapping: the distance from its start to each point, and whether it is a loop. */
export function trailLine(coordinates: readonly LonLat[]): TrailLine {
  const cumulative = [0];
  for (let index = 1; index < coordinates.length; index++) {
    cumulative.push(cumulative[index - 1] + haversineMetres(coordinates[index - 1], coordinates[index]));
  }
  const length = cumulative[cumulative.length - 1] ?? 0;
  const loop =
    coordinates.length > 2 &&
    length > 0 &&
    haversineMetres(coordinates[0], coordinates[coordinates.length - 1]) <= LOOP_CLOSURE_METRES;
  return { coordinates: [...coordinates], cumulative, length, loop };
}

type Snap = {
  /** Metres along the trail from its first point to the nearest trail point. */
  along: number;
  /** Metres from the position to the nearest trail point. */
  offTrail: number;
  /** The nearest trail point. */
  point: LonLat;
};

/** The nearest point of the trail to `position`; null for a trail without points. */
export function snapToTrail(line: TrailLine, position: LonLat): Snap | null {
  const { coordinates } = line;
  if (coordinates.length === 0) return null;
  if (coordinates.length === 1)
    return { along: 0, offTrail: haversineMetres(position, coordinates[0]), point: coordinates[0] };
  let best: Snap | null = null;
  for (let index = 1; index < coordinates.length; index++) {
    const start = coordinates[index - 1];
    const end = coordinates[index];
    // Within a segment of a campus trail the Earth is flat: project in local metres around the segment start.
    const metresPerDegreeLat = 111_320;
    const metresPerDegreeLon = 111_320 * Math.cos((start[1] * Math.PI) / 180);
    const dx = (end[0] - start[0]) * metresPerDegreeLon;
    const dy = (end[1] - start[1]) * metresPerDegreeLat;
    const px = (position[0] - start[0]) * metresPerDegreeLon;
    const py = (position[1] - start[1]) * metresPerDegreeLat;
    const squared = dx * dx + dy * dy;
    const t = squared === 0 ? 0 : Math.min(1, Math.max(0, (px * dx + py * dy) / squared));
    const point: LonLat = [start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1])];
    const offTrail = haversineMetres(position, point);
    if (!best || offTrail < best.offTrail) {
      const segment = line.cumulative[index] - line.cumulative[index - 1];
      best = { along: line.cumulative[index - 1] + t * segment, offTrail, point };
    }
  }
  return best;
}

/** Signed metres from `from` to `to` along the trail; on a loop the shorter way round. */
export function alongDelta(line: TrailLine, from: number, to: number): number {
  const delta = to - from;
  if (!line.loop || line.length === 0) return delta;
  const half = line.length / 2;
  const wrapped = ((((delta + half) % line.length) + line.length) % line.length) - half;
  return wrapped === -half ? half : wrapped;
}

export type WalkBench = {
  id: string;
  benchNumber: number;
  latitude: number;
  longitude: number;
  trailId: string | null;
};
type BenchOnTrail<B extends WalkBench> = { bench: B; along: number };

/** The benches of this trail (set for it, or beside it), with their place along it, in trail order. */
export function benchesAlongTrail<B extends WalkBench>(
  line: TrailLine,
  trailId: string,
  benches: readonly B[],
): BenchOnTrail<B>[] {
  return benches
    .map((bench) => ({ bench, snap: snapToTrail(line, [bench.longitude, bench.latitude]) }))
    .filter(({ bench, snap }) => snap && (bench.trailId === trailId || snap.offTrail <= BENCH_NEAR_TRAIL_METRES))
    .map(({ bench, snap }) => ({ bench, along: snap!.along }))
    .sort((a, b) => a.along - b.along);
}

/**
 * The next bench in the walking direction (1: in the trail's point order, -1: against it) and how far
 * ahead it is. On a loop the benches behind come round again; on an open trail they do not.
 */
export function nextBenchAhead<B extends WalkBench>(
  line: TrailLine,
  benches: readonly BenchOnTrail<B>[],
  along: number,
  direction: 1 | -1,
): { bench: B; metresAhead: number } | null {
  let best: { bench: B; metresAhead: number } | null = null;
  for (const candidate of benches) {
    let ahead = direction * (candidate.along - along);
    if (line.loop && line.length > 0) {
      ahead = ((((ahead + BENCH_PASSED_METRES) % line.length) + line.length) % line.length) - BENCH_PASSED_METRES;
    }
    if (ahead < -BENCH_PASSED_METRES) continue;
    if (!best || ahead < best.metresAhead) best = { bench: candidate.bench, metresAhead: ahead };
  }
  return best ? { bench: best.bench, metresAhead: Math.max(0, best.metresAhead) } : null;
}

// ---------------------------------------------------------------------------------------------------
// The walk itself: a small state that each position (a "fix") moves on. It is plain JSON so that the
// browser can keep it in localStorage and pick the walk up again after a reload.

type Fix = { position: LonLat; accuracy: number; at: number };

export type WalkState = {
  trailId: string;
  startedAt: number;
  /** Metres walked along the trail so far (either direction counts). */
  walkedMetres: number;
  /** Where on the trail the last counted step ended; null until on the trail, and after leaving it. */
  anchorAlong: number | null;
  anchorAt: number | null;
  /** 1 in the trail's point order, -1 against it: the way the last counted step went. */
  direction: 1 | -1;
  /** The last usable position, and what it meant; stays in the browser. */
  last: { at: number; position: LonLat; accuracy: number; snapped: LonLat; along: number; offTrail: number } | null;
  /** "waiting" for a first position, "ok", "weak" (too inaccurate to use) or "lost" (none for a while). */
  signal: "waiting" | "ok" | "weak" | "lost";
};

export function startWalk(trailId: string, now: number): WalkState {
  return {
    trailId,
    startedAt: now,
    walkedMetres: 0,
    anchorAlong: null,
    anchorAt: null,
    direction: 1,
    last: null,
    signal: "waiting",
  };
}

/** The walk after a new position: jitter and implausible jumps are not counted, nor anything off the trail. */
export function applyFix(line: TrailLine, state: WalkState, fix: Fix): WalkState {
  if (!Number.isFinite(fix.accuracy) || fix.accuracy > USABLE_ACCURACY_METRES) return { ...state, signal: "weak" };
  const snap = snapToTrail(line, fix.position);
  if (!snap) return state;
  const last = {
    at: fix.at,
    position: fix.position,
    accuracy: fix.accuracy,
    snapped: snap.point,
    along: snap.along,
    offTrail: snap.offTrail,
  };
  if (snap.offTrail > ON_TRAIL_METRES) {
    // Off the trail nothing counts, and coming back elsewhere starts a new stretch rather than a shortcut.
    return { ...state, last, signal: "ok", anchorAlong: null, anchorAt: null };
  }
  if (state.anchorAlong === null || state.anchorAt === null) {
    return { ...state, last, signal: "ok", anchorAlong: snap.along, anchorAt: fix.at };
  }
  const delta = alongDelta(line, state.anchorAlong, snap.along);
  const distance = Math.abs(delta);
  if (distance < MIN_STEP_METRES) return { ...state, last, signal: "ok" };
  const seconds = Math.max(0, (fix.at - state.anchorAt) / 1000);
  const plausible = distance <= Math.max(MAX_UNTIMED_STEP_METRES, MAX_PLAUSIBLE_SPEED_MPS * seconds);
  return {
    ...state,
    last,
    signal: "ok",
    walkedMetres: plausible ? state.walkedMetres + distance : state.walkedMetres,
    direction: plausible ? (delta > 0 ? 1 : -1) : state.direction,
    anchorAlong: snap.along,
    anchorAt: fix.at,
  };
}

/** A "position unavailable" or timeout error, or silence: the walk goes on, the signal is shown as lost. */
export function loseSignal(state: WalkState): WalkState {
  return state.signal === "lost" ? state : { ...state, signal: "lost" };
}

/** Lost when the last position is older than SIGNAL_LOST_AFTER_MS (or none came since the start). */
export function checkSignal(state: WalkState, now: number): WalkState {
  const since = state.last?.at ?? state.startedAt;
  return now - since > SIGNAL_LOST_AFTER_MS ? loseSignal(state) : state;
}

export type WalkView<B extends WalkBench> = {
  onTrail: boolean;
  /** Metres to the nearest trail point when off the trail. */
  offTrailMetres: number | null;
  walkedMetres: number;
  /** What is left of one full length of the trail, and the time it takes at 3 mph. */
  leftMetres: number;
  leftSeconds: number;
  nextBench: { bench: B; metresAhead: number } | null;
};

/** What the walker is shown. */
export function describeWalk<B extends WalkBench>(
  line: TrailLine,
  state: WalkState,
  benches: readonly BenchOnTrail<B>[],
): WalkView<B> {
  const leftMetres = Math.max(0, line.length - state.walkedMetres);
  const onTrail = state.last !== null && state.last.offTrail <= ON_TRAIL_METRES;
  return {
    onTrail,
    offTrailMetres: state.last && !onTrail ? state.last.offTrail : null,
    walkedMetres: state.walkedMetres,
    leftMetres,
    leftSeconds: leftMetres / WALKING_SPEED_MPS,
    nextBench: state.last && onTrail ? nextBenchAhead(line, benches, state.last.along, state.direction) : null,
  };
}

/** A walk read back from storage, or null when it is missing or not of the shape this code writes. */
export function parseStoredWalk(text: string | null): WalkState | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<WalkState>;
    const finite = (n: unknown) => typeof n === "number" && Number.isFinite(n);
    const ok =
      value &&
      typeof value.trailId === "string" &&
      finite(value.startedAt) &&
      finite(value.walkedMetres) &&
      (value.anchorAlong === null || finite(value.anchorAlong)) &&
      (value.anchorAt === null || finite(value.anchorAt)) &&
      (value.direction === 1 || value.direction === -1) &&
      ["waiting", "ok", "weak", "lost"].includes(value.signal as string) &&
      (value.last === null ||
        (typeof value.last === "object" && finite(value.last.along) && finite(value.last.offTrail)));
    return ok ? (value as WalkState) : null;
  } catch {
    return null;
  }
}
