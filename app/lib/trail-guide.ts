// "Know before you go": directions without a map, worked out from the trail's geometry and its benches,
// so they stay right when an admin moves a point. Pure functions shared by the server-rendered trail
// page and its tests; the 30 m bench rule is the walk companion's (benchesAlongTrail), not a copy.
import { haversineMetres, WALKING_SPEED_MPS, type LonLat } from "~/lib/geo";
import { benchesAlongTrail, trailLine, type TrailLine, type WalkBench } from "~/lib/trail-walk";

const FEET_PER_METRE = 3.280_84;
const COMPASS_WORDS = [
  "north",
  "north-east",
  "east",
  "south-east",
  "south",
  "south-west",
  "west",
  "north-west",
] as const;
type CompassWord = (typeof COMPASS_WORDS)[number];

/** Initial great-circle bearing from `from` to `to`, in degrees clockwise from north, 0 ≤ b < 360. */
export function bearingDegrees([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const rad = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * rad) * Math.cos(lat2 * rad);
  const x =
    Math.cos(lat1 * rad) * Math.sin(lat2 * rad) -
    Math.sin(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lon2 - lon1) * rad);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

/** The eight-point compass word for a bearing ("north-east" covers 22.5° to 67.5°). */
export function compassWord(bearing: number): CompassWord {
  const normalised = ((bearing % 360) + 360) % 360;
  return COMPASS_WORDS[Math.round(normalised / 45) % 8];
}

/** Whole minutes at 3 mph, at least 1 for any distance worth walking. */
export function minutesAtPace(metres: number): number {
  return Math.max(metres > 0 ? 1 : 0, Math.round(metres / WALKING_SPEED_MPS / 60));
}

export function feetFor(metres: number): number {
  return Math.round(metres * FEET_PER_METRE);
}

/** The point at `along` metres from the trail's first point. */
function pointAlong(line: TrailLine, along: number): LonLat {
  const { coordinates, cumulative } = line;
  if (coordinates.length === 0) return [0, 0];
  for (let index = 1; index < coordinates.length; index++) {
    if (cumulative[index] >= along) {
      const segment = cumulative[index] - cumulative[index - 1];
      const t = segment === 0 ? 0 : (along - cumulative[index - 1]) / segment;
      const [a, b] = [coordinates[index - 1], coordinates[index]];
      return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
    }
  }
  return coordinates[coordinates.length - 1];
}

type DirectionStep<B extends WalkBench> = {
  /** The bench this step ends at; null for the last step, to the finish. */
  bench: B | null;
  /** Metres walked along the trail in this step. */
  metres: number;
  feet: number;
  minutes: number;
  /** The general heading of the step: from where it starts to where it ends. */
  heading: CompassWord;
};

/**
 * One step per bench, in trail order, and a last step to the finish. The distances are measured along
 * the trail, so they add up to its length; the heading is the straight line from step start to step end.
 */
export function trailDirections<B extends WalkBench>(
  coordinates: readonly LonLat[],
  trailId: string,
  benches: readonly B[],
): DirectionStep<B>[] {
  const line = trailLine(coordinates);
  if (line.coordinates.length < 2) return [];
  const stops = benchesAlongTrail(line, trailId, benches);
  const steps: DirectionStep<B>[] = [];
  let from = 0;
  for (const stop of [...stops, { bench: null, along: line.length }]) {
    const metres = Math.max(0, stop.along - from);
    const start = pointAlong(line, from);
    const end = stop.bench ? ([stop.bench.longitude, stop.bench.latitude] as LonLat) : pointAlong(line, stop.along);
    steps.push({
      bench: stop.bench,
      metres,
      feet: feetFor(metres),
      minutes: minutesAtPace(metres),
      heading: compassWord(haversineMetres(start, end) < 1 ? 0 : bearingDegrees(start, end)),
    });
    from = stop.along;
  }
  return steps;
}

/** "Bench n of m": the bench's place on each trail it belongs to (set for it, or within 30 m). */
export function benchPlaces<B extends WalkBench>(
  trails: readonly { id: string; coordinates: readonly LonLat[] }[],
  benches: readonly B[],
  benchId: string,
): {
  trailId: string;
  position: number;
  count: number;
  previous: { bench: B; metres: number } | null;
  next: { bench: B; metres: number } | null;
}[] {
  return trails.flatMap((trail) => {
    const line = trailLine(trail.coordinates);
    const ordered = benchesAlongTrail(line, trail.id, benches);
    const index = ordered.findIndex((stop) => stop.bench.id === benchId);
    if (index < 0) return [];
    const here = ordered[index];
    const before = ordered[index - 1];
    const after = ordered[index + 1];
    return [
      {
        trailId: trail.id,
        position: index + 1,
        count: ordered.length,
        previous: before ? { bench: before.bench, metres: here.along - before.along } : null,
        next: after ? { bench: after.bench, metres: after.along - here.along } : null,
      },
    ];
  });
}
