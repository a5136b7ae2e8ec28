import type { Prisma } from "~/generated/prisma/client";
import { versionCondition, versionMismatch, type EditBase, type VersionMismatch } from "~/models/edit-version";
import type { Refusal } from "~/models/refusal";
import { prisma } from "~/utils/db.server";
import { decodeCursor, keysetOrder, pageOf } from "~/utils/page-cursor.server";
import { containsQuery } from "~/utils/text-search.server";
import { ADMIN_VIDEO_PAGE, LIST_COUNT_CAP } from "~/schemas/page";
import { videoMessages, type VideoInput, type VideoPatch } from "~/schemas/video";
import { scheduleThumbnail, thumbnailCardSelect } from "~/models/video-thumbnail.server";

// The videos as stored, and what admins do with them (the control panel and the JSON API alike). The
// topic pages' lists are video-library.server.ts, reactions and views video-reactions.server.ts, what
// an answer shows video-json.server.ts, the stills video-thumbnail.server.ts.

/** What admins edit about a video: everything but the counters. */
export const catalogueSelect = {
  id: true,
  title: true,
  url: true,
  category: true,
  subCategory: true,
  description: true,
  version: true,
  createdAt: true,
} satisfies Prisma.VideoSelect;

/** The fields any page or API answer may show about a video. */
export const videoSelect = {
  ...catalogueSelect,
  views: true,
  likes: true,
  dislikes: true,
} satisfies Prisma.VideoSelect;

export type VideoRecord = Prisma.VideoGetPayload<{ select: typeof videoSelect }>;

type VideoFailure = { ok: false; reason: "not-found" } | { ok: false; reason: VersionMismatch; current: VideoRecord };
type VideoWriteResult = { ok: true; video: VideoRecord } | VideoFailure;

/** Every refusal of a video change, for the admin page and the API alike. */
export const videoRefusals = {
  "not-found": { status: 404, message: videoMessages.notFound },
  stale: { status: 409, message: videoMessages.stale },
  "precondition-failed": { status: 412, message: videoMessages.preconditionFailed },
} as const satisfies Record<VideoFailure["reason"], Refusal>;
export type ThumbnailRow = Prisma.VideoThumbnailGetPayload<{ select: typeof thumbnailCardSelect }>;

// Links arrive already normalised to the embed form by the schemas in app/schemas/video.ts.

/** Videos whose title or category contains the query (any case); every video for an empty one. */
const videoSearch = (q: string | null | undefined) =>
  containsQuery<Prisma.VideoWhereInput>(q, ["title", "category"]) ?? {};

/** Videos whose title or category contains the query (case-insensitive); all videos for an empty query. */
export async function searchVideos({ q = "" }: { q?: string } = {}): Promise<
  (VideoRecord & { thumbnail: ThumbnailRow | null })[]
> {
  return prisma.video.findMany({
    where: videoSearch(q),
    select: { ...videoSelect, thumbnail: { select: thumbnailCardSelect } },
    orderBy: [{ title: "asc" }, { id: "asc" }],
  });
}

const videoOrder = keysetOrder<Prisma.VideoWhereInput, Prisma.VideoOrderByWithRelationInput>(
  ["createdAt", "desc", "date"],
  ["title", "asc", "text"],
  ["id", "asc", "text"],
);

/**
 * A page of the videos matching `q`, newest first (a video just added heads the first page, and an edit
 * never moves one), those added together (the seed) by title. The cursor names the page's last video by
 * its id alone and its sort key is read from that row: a title may hold 200 characters of any script,
 * too long for the URL's cursor. A cursor naming a video deleted meanwhile shows the first page.
 */
export async function listVideos({
  q,
  cursor = null,
  take = ADMIN_VIDEO_PAGE.defaultSize,
}: { q?: string | null; cursor?: string | null; take?: number } = {}) {
  const [afterId] = (cursor ? decodeCursor(cursor, 1) : null) ?? [];
  const after = afterId
    ? await prisma.video.findUnique({ where: { id: afterId }, select: { id: true, title: true, createdAt: true } })
    : null;
  const rows = await prisma.video.findMany({
    where: { AND: [videoSearch(q), after ? videoOrder.after([after.createdAt, after.title, after.id]) : {}] },
    select: { ...videoSelect, thumbnail: { select: thumbnailCardSelect } },
    orderBy: videoOrder.orderBy,
    take: take + 1,
  });
  const page = pageOf(rows, take, (last) => [last.id]);
  return { videos: page.rows, next: page.next };
}

/** How many videos match `q` (as `listVideos` reads them), counted up to LIST_COUNT_CAP + 1. */
export async function countMatchingVideos(q?: string | null) {
  const matching = await prisma.video.findMany({
    where: videoSearch(q),
    select: { id: true },
    take: LIST_COUNT_CAP + 1,
  });
  return matching.length;
}

/** Adds a video; its still is fetched from the host after the answer. */
export async function createVideo(input: VideoInput): Promise<VideoRecord> {
  const video = await prisma.video.create({
    data: { ...input, description: input.description ?? "" },
    select: videoSelect,
  });
  scheduleThumbnail(video.id);
  return video;
}

/**
 * Why a conditional write of the video changed no row: it is gone, or its version is no longer the one
 * the edit was based on (then with the video as it is now).
 */
async function refusalFor(id: string, base: EditBase): Promise<VideoFailure> {
  const current = await prisma.video.findUnique({ where: { id }, select: videoSelect });
  if (!current) return { ok: false, reason: "not-found" };
  return { ok: false, reason: versionMismatch(current.version, base) ?? "stale", current };
}

/**
 * Changes the given fields only, and moves the video's version on. With a version to base it on
 * (EditBase), one statement checks the version and writes (`UPDATE … WHERE id = ? AND version = ?`), so
 * an edit made after someone else's is refused instead of overwriting it.
 */
export async function updateVideo(id: string, patch: VideoPatch, base: EditBase = {}): Promise<VideoWriteResult> {
  const [video] = await prisma.video.updateManyAndReturn({
    where: { id, ...versionCondition(base) },
    data: { ...patch, version: { increment: 1 } },
    select: videoSelect,
  });
  if (!video) return refusalFor(id, base);
  // A new link needs the new video's still; an unchanged one already has its own, and nothing is fetched.
  if (patch.url !== undefined) scheduleThumbnail(id);
  return { ok: true, video };
}

/** Deletes a video with its reactions, views and still (cascade), if its version is the one the deletion was based on. */
export async function deleteVideo(id: string, base: EditBase = {}): Promise<{ ok: true } | VideoFailure> {
  const { count } = await prisma.video.deleteMany({ where: { id, ...versionCondition(base) } });
  return count > 0 ? { ok: true } : refusalFor(id, base);
}
