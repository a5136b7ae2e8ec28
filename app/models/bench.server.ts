import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";

export const benchVideoSelect = { id: true, title: true, url: true } satisfies Prisma.BenchVideoSelect;

export const benchSelect = {
  id: true,
  benchNumber: true,
  location: true,
  latitude: true,
  longitude: true,
  trailId: true,
  videos: { select: benchVideoSelect, orderBy: [{ createdAt: "asc" }, { title: "asc" }, { id: "asc" }] },
} satisfies Prisma.BenchSelect;

export type BenchWithVideos = Prisma.BenchGetPayload<{ select: typeof benchSelect }>;
export type BenchVideo = BenchWithVideos["videos"][number];

/** Every bench with its videos (oldest first; videos added together by title), sorted by bench number. */
export function listBenches(): Promise<BenchWithVideos[]> {
  return prisma.bench.findMany({ select: benchSelect, orderBy: { benchNumber: "asc" } });
}

export function getBench(id: string): Promise<BenchWithVideos | null> {
  return prisma.bench.findUnique({ where: { id }, select: benchSelect });
}
