import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { compareTrailsForDisplay, type LonLat } from "~/utils/geo";

export const trailSummarySelect = {
  id: true,
  name: true,
  color: true,
  version: true,
} satisfies Prisma.TrailSelect;

export type TrailSummary = Prisma.TrailGetPayload<{ select: typeof trailSummarySelect }>;
export type TrailWithCoordinates = TrailSummary & { coordinates: LonLat[] };

/** Every trail, without coordinates, in display order: gold, green, gray, then any others by name. */
export async function listTrails(): Promise<TrailSummary[]> {
  const trails = await prisma.trail.findMany({ select: trailSummarySelect, orderBy: { name: "asc" } });
  return trails.sort(compareTrailsForDisplay);
}

const withCoordinatesSelect = {
  ...trailSummarySelect,
  points: { select: { longitude: true, latitude: true }, orderBy: { position: "asc" } },
} satisfies Prisma.TrailSelect;

function toTrailWithCoordinates({
  points,
  ...trail
}: Prisma.TrailGetPayload<{ select: typeof withCoordinatesSelect }>): TrailWithCoordinates {
  return { ...trail, coordinates: points.map((point): LonLat => [point.longitude, point.latitude]) };
}

/** One trail with its path as [longitude, latitude] pairs in path order; null when there is no such trail. */
export async function getTrailWithCoordinates(id: string): Promise<TrailWithCoordinates | null> {
  const trail = await prisma.trail.findUnique({ where: { id }, select: withCoordinatesSelect });
  return trail ? toTrailWithCoordinates(trail) : null;
}

/** Every trail with its path, in display order. */
export async function listTrailsWithCoordinates(): Promise<TrailWithCoordinates[]> {
  const trails = await prisma.trail.findMany({ select: withCoordinatesSelect, orderBy: { name: "asc" } });
  return trails.map(toTrailWithCoordinates).sort(compareTrailsForDisplay);
}
