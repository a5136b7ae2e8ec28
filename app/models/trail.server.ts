import type { Prisma } from "~/generated/prisma/client";
import { isStepFree, type LightingLevel, type ShadeLevel, type Surface, type TrailFacts } from "~/lib/facts";
import { compareTrailsForDisplay, type LonLat } from "~/lib/geo";
import { benchPlaces } from "~/lib/trail-guide";
import { benchesAlongTrail, trailLine } from "~/lib/trail-walk";
import { listBenches } from "~/models/bench.server";
import type { VersionMismatch } from "~/models/edit-version";
import { fieldRefusal, type Refusal } from "~/models/refusal";
import { trailMessages, type TrailJson } from "~/schemas/trail";
import { trailAdminMessages } from "~/schemas/trail-admin";
import { trailPathMessages } from "~/schemas/trail-path";
import { prisma } from "~/utils/db.server";
import { versionedCache, type DataVersions } from "~/utils/versioned-cache.server";

const trailSummarySelect = {
  id: true,
  name: true,
  slug: true,
  color: true,
  version: true,
} satisfies Prisma.TrailSelect;

export type TrailSummary = Prisma.TrailGetPayload<{ select: typeof trailSummarySelect }>;
export type TrailWithCoordinates = TrailSummary & { coordinates: LonLat[]; facts: TrailFacts };

const trailFactsSelect = {
  surface: true,
  steps: true,
  stepsLocation: true,
  steepestGradePercent: true,
  shade: true,
  lighting: true,
  restrooms: true,
  water: true,
} satisfies Prisma.TrailSelect;

export const withCoordinatesSelect = {
  ...trailSummarySelect,
  ...trailFactsSelect,
  points: { select: { longitude: true, latitude: true }, orderBy: { position: "asc" } },
} satisfies Prisma.TrailSelect;

type TrailRow = Prisma.TrailGetPayload<{ select: typeof withCoordinatesSelect }>;

export function toTrailWithCoordinates({
  id,
  name,
  slug,
  color,
  version,
  points,
  ...facts
}: TrailRow): TrailWithCoordinates {
  return {
    id,
    name,
    slug,
    color,
    version,
    coordinates: points.map((point): LonLat => [point.longitude, point.latitude]),
    // The columns hold only what the facts schema let through.
    facts: {
      ...facts,
      surface: facts.surface as Surface | null,
      shade: facts.shade as ShadeLevel | null,
      lighting: facts.lighting as LightingLevel | null,
    },
  };
}

// Trails change only when an admin edits them: every trail with its path is kept in memory (a few
// hundred points) and reloaded when the database's trails version moves. Values are shared: never mutate.
// Every reader below takes the request's data versions when its caller has them (dataVersionsOf in
// app/http/auth.server.ts): the trails are then checked against those instead of a version query.
const allTrails = versionedCache("trails", async (): Promise<TrailWithCoordinates[]> => {
  const trails = await prisma.trail.findMany({ select: withCoordinatesSelect, orderBy: { name: "asc" } });
  return trails.map(toTrailWithCoordinates).sort(compareTrailsForDisplay);
});

/** Every trail, without coordinates, in display order: gold, green, gray, then any others by name. */
export async function listTrails(versions?: DataVersions): Promise<TrailSummary[]> {
  return (await allTrails(versions)).map(({ id, name, slug, color, version }) => ({ id, name, slug, color, version }));
}

/** One trail with its path as [longitude, latitude] pairs in path order; null when there is no such trail. */
export async function getTrailWithCoordinates(
  id: string,
  versions?: DataVersions,
): Promise<TrailWithCoordinates | null> {
  return (await allTrails(versions)).find((trail) => trail.id === id) ?? null;
}

/** Every trail with its path, in display order. */
export async function listTrailsWithCoordinates(versions?: DataVersions): Promise<TrailWithCoordinates[]> {
  return allTrails(versions);
}

/** The trail whose page is /trails/{slug} ("gold", "riverside-loop"), any case; its id works too. */
export async function getTrailBySlug(slug: string, versions?: DataVersions): Promise<TrailWithCoordinates | null> {
  const wanted = slug.toLowerCase();
  return (await allTrails(versions)).find((trail) => trail.slug === wanted || trail.id === slug) ?? null;
}

/** The address of a trail's public page: /trails/{slug}. */
export function trailSlug(trail: { slug: string }) {
  return trail.slug;
}

/**
 * Every bench with its place on each trail it belongs to ("Bench n of m on the Gold Trail", the benches
 * before and after it): what a bench's page and the QR code sheet both say. Worked out once for all.
 */
export async function benchesWithPlaces(versions?: DataVersions) {
  const [trails, benches] = await Promise.all([allTrails(versions), listBenches(versions)]);
  return benches.map((bench) => ({
    bench,
    places: benchPlaces(trails, benches, bench.id).map(({ trailId, ...place }) => {
      const trail = trails.find((candidate) => candidate.id === trailId)!;
      return { trailId, trailName: trail.name, slug: trailSlug(trail), ...place };
    }),
  }));
}

/**
 * A trail's benches in walking order with their distance from the start: those set for it and those
 * within 30 m of it (the walk companion's rule), so a bench moved beside a trail is on it. `source`: the
 * benches when the caller holds them already, or the request's data versions to read them at.
 */
export async function benchesInTrailOrder(
  trail: TrailWithCoordinates,
  source?: Awaited<ReturnType<typeof listBenches>> | DataVersions,
) {
  const benches = Array.isArray(source) ? source : await listBenches(source);
  return benchesAlongTrail(trailLine(trail.coordinates), trail.id, benches);
}

export type TrailWriteFailure =
  "not-found" | "index-out-of-range" | "upload-gone" | "name-taken" | "sample-color" | VersionMismatch;
export type TrailWriteResult = { ok: true; trail: TrailWithCoordinates } | { ok: false; reason: TrailWriteFailure };

/** Every refusal of a trail read or edit, for the admin page and the API alike. */
export const trailRefusals = {
  "not-found": { status: 404, message: trailMessages.notFound },
  "index-out-of-range": { status: 404, message: trailMessages.indexOutOfRange },
  // Replacing the path from an upload that was applied, cancelled or swept meanwhile.
  "upload-gone": { status: 404, message: trailPathMessages.uploadGone },
  stale: { status: 409, message: trailMessages.stale },
  "precondition-failed": { status: 412, message: trailMessages.preconditionFailed },
  // A stale save of the facts form, which is about no coordinates.
  "stale-facts": { status: 409, message: trailMessages.staleFacts },
  // Adding or renaming a trail to a name another trail has: names are what walkers, reports and pages go by.
  "name-taken": fieldRefusal(409, "name", trailAdminMessages.nameTaken),
  "sample-color": fieldRefusal(400, "color", trailAdminMessages.sampleColor),
} as const satisfies Record<TrailWriteFailure | "stale-facts", Refusal>;

/** The JSON API shape: a GeoJSON-style path of [longitude, latitude] pairs, and the version edits may name. */
export function toTrailJson(trail: TrailWithCoordinates): TrailJson {
  return {
    _id: trail.id,
    name: trail.name,
    slug: trail.slug,
    color: trail.color,
    version: trail.version,
    path: { type: "LineString", coordinates: trail.coordinates.map(([lon, lat]): [number, number] => [lon, lat]) },
    ...trail.facts,
    stepFree: isStepFree(trail.facts),
  };
}
