import type { Prisma } from "~/generated/prisma/client";
import type { ReactionValue } from "~/lib/reactions";
import { prisma } from "~/utils/db.server";

// What viewers do to a video: react to it and watch it. The counters on the video row follow the
// reaction and view rows, exactly, however many requests arrive at once.

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
