import { Prisma } from "~/generated/prisma/client";
import { versionCondition, versionMismatch, type EditBase, type VersionMismatch } from "~/models/edit-version";
import type { Refusal } from "~/models/refusal";
import { prisma } from "~/utils/db.server";
import { decodeCursor, keysetOrder, pageOf } from "~/utils/page-cursor.server";
import { ADMIN_VIDEO_PAGE, LIST_COUNT_CAP } from "~/schemas/page";
import {
  videoMessages,
  type ApiReaction,
  type VideoCardData,
  type VideoInput,
  type VideoJson,
  type VideoPatch,
  type ViewerVideoJson,
} from "~/schemas/video";
import type { ReactionValue } from "~/lib/reactions";
import { videoPlayerFor, type VideoPlayer } from "~/lib/video-source";
import { topicForSubCategory } from "~/lib/video-topics";
import { scheduleThumbnail, storedThumbnail, thumbnailCardSelect } from "~/models/video-thumbnail.server";
import { env } from "~/utils/env.server";
import { versionedCache, type DataVersions } from "~/utils/versioned-cache.server";

/** What admins edit about a video: everything but the counters. */
const catalogueSelect = {
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
const videoSelect = { ...catalogueSelect, views: true, likes: true, dislikes: true } satisfies Prisma.VideoSelect;

export type VideoRecord = Prisma.VideoGetPayload<{ select: typeof videoSelect }>;

type VideoFailure = { ok: false; reason: "not-found" } | { ok: false; reason: VersionMismatch; current: VideoRecord };
type VideoWriteResult = { ok: true; video: VideoRecord } | VideoFailure;

/** Every refusal of a video change, for the admin page and the API alike. */
export const videoRefusals = {
  "not-found": { status: 404, message: videoMessages.notFound },
  stale: { status: 409, message: videoMessages.stale },
  "precondition-failed": { status: 412, message: videoMessages.preconditionFailed },
} as const satisfies Record<VideoFailure["reason"], Refusal>;
type ThumbnailRow = Prisma.VideoThumbnailGetPayload<{ select: typeof thumbnailCardSelect }>;

/** A video as one signed-in user sees it: with their own reaction, if any, and its stored still. */
type ViewerVideo = VideoRecord & { myReaction: ReactionValue | null; thumbnail: ThumbnailRow | null };

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

type Tx = Prisma.TransactionClient;

/** Recounts a video's likes and dislikes from its reaction rows; the caller holds the video's row lock. */
async function storeReactionTotals(tx: Tx, videoId: string) {
  const groups = await tx.videoReaction.groupBy({ by: ["value"], where: { videoId }, _count: { _all: true } });
  const likes = groups.find((g) => g.value === "LIKE")?._count._all ?? 0;
  const dislikes = groups.find((g) => g.value === "DISLIKE")?._count._all ?? 0;
  // Raw update: counters changing is not an edit of the video, so updatedAt stays as it is.
  await tx.$executeRaw`UPDATE "Video" SET "likes" = ${likes}, "dislikes" = ${dislikes} WHERE "id" = ${videoId}`;
  return { likes, dislikes };
}

/** Locks the video rows so reactions to one video are applied one after another; false when missing. */
async function lockVideos(tx: Tx, videoIds: string[]) {
  if (videoIds.length === 0) return [];
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Video" WHERE "id" = ANY(${videoIds}::varchar[]) ORDER BY "id" FOR UPDATE`;
  return rows.map((row) => row.id);
}

// A busy moment is not a failure: a reaction waits its turn for a pooled connection and for the video's
// row lock (as long as any request may queue for a connection) instead of Prisma's 2 s default, which
// answered 500 to reactions queued behind others.
const REACTION_TRANSACTION = { maxWait: 15_000, timeout: 15_000 };

/**
 * Sets (LIKE/DISLIKE) or removes (null) one user's reaction to a video and returns the new totals,
 * or null when the video does not exist. Totals are recounted from the reaction rows under the video's
 * row lock, so they stay exact however many requests arrive at once.
 */
export async function reactToVideo(userId: string, videoId: string, reaction: ReactionValue | null) {
  return prisma.$transaction(async (tx) => {
    const [locked] = await lockVideos(tx, [videoId]);
    if (!locked) return null;
    if (reaction) {
      await tx.videoReaction.upsert({
        where: { userId_videoId: { userId, videoId } },
        create: { userId, videoId, value: reaction },
        update: { value: reaction },
      });
    } else {
      await tx.videoReaction.deleteMany({ where: { userId, videoId } });
    }
    return { ...(await storeReactionTotals(tx, videoId)), reaction };
  }, REACTION_TRANSACTION);
}

/**
 * Removes every reaction of a user, inside the caller's transaction, and corrects the affected totals.
 * Deleting a user must do this first: the database's cascade would remove the rows but leave the
 * counters on the videos too high.
 */
export async function removeUserReactions(tx: Tx, userId: string) {
  const rows = await tx.videoReaction.findMany({ where: { userId }, select: { videoId: true } });
  const videoIds = await lockVideos(
    tx,
    rows.map((row) => row.videoId),
  );
  await tx.videoReaction.deleteMany({ where: { userId } });
  for (const videoId of videoIds) await storeReactionTotals(tx, videoId);
  return videoIds.length;
}

/** The UTC calendar day of an instant, as stored in VideoView.day. */
export function utcDay(at: Date) {
  return at.toISOString().slice(0, 10);
}

/**
 * Counts a view of a video by a user, at most once per user, video and UTC day. Returns whether this
 * call counted and the new total, or null when the video does not exist. One statement: the view row
 * and the counter change together or not at all.
 */
export async function recordView(userId: string, videoId: string, at: Date = new Date()) {
  const day = utcDay(at);
  const rows = await prisma.$queryRaw<{ views: number; counted: number }[]>`
    WITH inserted AS (
      INSERT INTO "VideoView" ("videoId", "userId", "day")
      SELECT "id", ${userId}, ${day}::date FROM "Video" WHERE "id" = ${videoId}
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    UPDATE "Video" SET "views" = "views" + (SELECT count(*)::int FROM inserted)
    WHERE "id" = ${videoId}
    RETURNING "views", (SELECT count(*)::int FROM inserted) AS "counted"`;
  const [row] = rows;
  return row ? { counted: Number(row.counted) > 0, views: Number(row.views) } : null;
}

// ---------------------------------------------------------------------------------------------------
// Administration: shared by the admin control panel and the JSON API. Links arrive already normalised
// to the embed form by the schemas in app/schemas/video.ts.

/** Videos whose title or category contains the query (any case); every video for an empty one. */
function videoSearch(q: string | null | undefined): Prisma.VideoWhereInput {
  const query = q?.trim();
  return query
    ? {
        OR: [
          { title: { contains: query, mode: "insensitive" } },
          { category: { contains: query, mode: "insensitive" } },
        ],
      }
    : {};
}

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

export async function countVideos() {
  return (await videoCatalogue()).length;
}

/** Deletes a video with its reactions, views and still (cascade), if its version is the one the deletion was based on. */
export async function deleteVideo(id: string, base: EditBase = {}): Promise<{ ok: true } | VideoFailure> {
  const { count } = await prisma.video.deleteMany({ where: { id, ...versionCondition(base) } });
  return count > 0 ? { ok: true } : refusalFor(id, base);
}

/** What every answer about a video shows, whoever asks. */
function shownFields({ title, category, subCategory, description, views, likes, dislikes }: VideoRecord) {
  return { title, category, subCategory, description, views, likes, dislikes };
}

/** The API's shape, with `_id`, and the version an edit names in If-Match. */
export function toVideoJson(video: VideoRecord): VideoJson {
  return { _id: video.id, url: video.url, ...shownFields(video), version: video.version };
}

const apiReactionOf = { LIKE: "like", DISLIKE: "dislike" } as const satisfies Record<ReactionValue, ApiReaction>;

/** The API's shape with the caller's own reaction ("none" when they have not reacted). */
export function toViewerVideoJson(video: ViewerVideo): ViewerVideoJson {
  return { ...toVideoJson(video), reaction: video.myReaction ? apiReactionOf[video.myReaction] : "none" };
}

/**
 * How a stored link plays here: YouTube on the configured player host, Vimeo with do-not-track, files from
 * the allowed media hosts (and this app's own origin) natively, anything else as a link; null when unplayable.
 */
export function playerFor(url: string): VideoPlayer | null {
  return videoPlayerFor(url, {
    youTubeEmbedHost: env.VIDEO_EMBED_HOST,
    mediaOrigins: [new URL(env.APP_URL).origin, ...env.VIDEO_MEDIA_ORIGINS],
  });
}

/** What a video's preview shows before play: how it plays, its stored still, and whose illustration stands in. */
export function videoPreview(video: { id: string; url: string; subCategory: string; thumbnail: ThumbnailRow | null }) {
  return {
    player: playerFor(video.url),
    thumbnail: storedThumbnail(video.id, video.url, video.thumbnail),
    // Hydration shares the nutrition page; a subcategory no library lists gets the trail picture.
    topic: topicForSubCategory(video.subCategory)?.icon ?? "trails",
  };
}

export function toVideoCardData(video: ViewerVideo): VideoCardData {
  return { id: video.id, ...shownFields(video), myReaction: video.myReaction, ...videoPreview(video) };
}
