import { Prisma } from "~/generated/prisma/client";
import { catalogueSelect, videoSelect, type ThumbnailRow, type VideoRecord } from "~/models/video.server";
import { thumbnailCardSelect } from "~/models/video-thumbnail.server";
import type { ReactionValue } from "~/lib/reactions";
import { prisma } from "~/utils/db.server";
import { versionedCache, type DataVersions } from "~/utils/versioned-cache.server";

// The videos as the topic pages and a video's own page list them for one viewer: the catalogue from
// memory, the counters and the viewer's reaction read fresh.

/** A video as one signed-in user sees it: with their own reaction, if any, and its stored still. */
export type ViewerVideo = VideoRecord & { myReaction: ReactionValue | null; thumbnail: ThumbnailRow | null };

function selectForViewer(viewerId: string | undefined) {
  return {
    ...videoSelect,
    reactions: { where: { userId: viewerId ?? "" }, select: { value: true }, take: 1 },
    thumbnail: { select: thumbnailCardSelect },
  } satisfies Prisma.VideoSelect;
}

function withMyReaction<
  T extends VideoRecord & { reactions: { value: ReactionValue }[]; thumbnail: ThumbnailRow | null },
>(row: T): ViewerVideo {
  const { reactions, ...video } = row;
  return { ...(video as VideoRecord & { thumbnail: ThumbnailRow | null }), myReaction: reactions[0]?.value ?? null };
}

// What admins edit about the videos (everything but the counters) and their stored stills, kept in memory
// and reloaded when the videos version moves (a still arriving moves it too); views, likes, dislikes and
// the viewer's reaction are always read fresh.
const videoCatalogue = versionedCache("videos", () =>
  prisma.video.findMany({
    select: { ...catalogueSelect, thumbnail: { select: thumbnailCardSelect } },
    orderBy: [{ createdAt: "asc" }, { title: "asc" }, { id: "asc" }],
  }),
);

type ViewerCounters = { id: string; views: number; likes: number; dislikes: number; myReaction: ReactionValue | null };

/**
 * The counters of the videos of `subCategories` and the reaction of the viewer `viewerId` names, as one
 * JSON column: for a statement that reads them beside the viewer's session (`readSession`'s `also`,
 * app/models/session.server.ts), whose user id it is handed as SQL. Turned into videos by
 * `listVideosBySubCategories(…, { counters })`.
 */
export function viewerCountersColumn(subCategories: readonly string[]) {
  return (viewerId: Prisma.Sql) => Prisma.sql`(
    SELECT coalesce(json_agg(json_build_object('id', v."id", 'views', v."views", 'likes', v."likes", 'dislikes', v."dislikes", 'myReaction', r."value")), '[]')
    FROM "Video" v LEFT JOIN "VideoReaction" r ON r."videoId" = v."id" AND r."userId" = ${viewerId}
    WHERE v."subCategory" = ANY(${[...subCategories]}::varchar[]))`;
}

/**
 * The videos of the given subCategories, grouped in the order the subCategories are given (the
 * nutrition page wants Nutrition before Hydration) and oldest first within a group. `read`: the counters
 * already read by `viewerCountersColumn` for this viewer, and the data versions read in the same
 * statement; without them the counters and the catalogue's version are read here, in one statement.
 */
export async function listVideosBySubCategories(
  subCategories: readonly string[],
  viewerId?: string,
  read?: { counters: unknown; versions: DataVersions },
): Promise<ViewerVideo[]> {
  const counters = read ? countersFromJson(read.counters) : await readCounters(subCategories, viewerId);
  if (counters.rows.length === 0) return [];
  const catalogue = await videoCatalogue.at(read ? (read.versions.get("videos") ?? null) : counters.catalogueVersion);
  const byId = new Map(counters.rows.map((row) => [row.id, row]));
  const rank = (subCategory: string) => subCategories.indexOf(subCategory);
  return (
    catalogue
      // A video created after the catalogue was read has no entry yet; one deleted since has no counters.
      .flatMap((video) => {
        const current = byId.get(video.id);
        if (!current) return [];
        const { views, likes, dislikes, myReaction } = current;
        return [{ ...video, views: Number(views), likes: Number(likes), dislikes: Number(dislikes), myReaction }];
      })
      // Array.prototype.sort is stable, so the date order within each group is kept.
      .sort((a, b) => rank(a.subCategory) - rank(b.subCategory))
  );
}

/** The counters and the catalogue's version in one statement (one snapshot, one round trip). */
async function readCounters(subCategories: readonly string[], viewerId: string | undefined) {
  const rows = await prisma.$queryRaw<(ViewerCounters & { catalogueVersion: bigint | null })[]>`
    SELECT v."id", v."views", v."likes", v."dislikes", r."value"::text AS "myReaction",
      (SELECT d."version" FROM "DataVersion" d WHERE d."name" = 'videos') AS "catalogueVersion"
    FROM "Video" v LEFT JOIN "VideoReaction" r ON r."videoId" = v."id" AND r."userId" = ${viewerId ?? ""}
    WHERE v."subCategory" = ANY(${[...subCategories]}::varchar[])`;
  return { rows: rows as ViewerCounters[], catalogueVersion: rows[0]?.catalogueVersion ?? null };
}

function countersFromJson(value: unknown) {
  const rows = (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as ViewerCounters[];
  return { rows, catalogueVersion: null };
}

export async function getVideo(id: string, viewerId?: string): Promise<ViewerVideo | null> {
  const row = await prisma.video.findUnique({ where: { id }, select: selectForViewer(viewerId) });
  return row ? withMyReaction(row) : null;
}
export async function countVideos() {
  return (await videoCatalogue()).length;
}
