import { createHash } from "node:crypto";
import { videoSourceOf } from "~/lib/video-source";
import { runAfterAnswer } from "~/utils/background.server";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { IMAGE_EXTENSIONS, type ImageType } from "~/utils/image-info.server";
import { log } from "~/utils/logger.server";
import { isDraining, repeatInBackground } from "~/utils/shutdown.server";
import {
  DEFAULT_THUMBNAIL_LIMITS,
  fetchVideoThumbnail,
  hasHostThumbnail,
  ThumbnailFetchError,
  type ThumbnailFailure,
  type ThumbnailLimits,
} from "~/utils/thumbnail-fetch.server";

// A video's still is fetched once by the server, stored with the video, and served from our origin.
// Fetching never holds up an answer or the start: it runs after the answer (or after start-up), and a
// periodic sweep retries the ones still missing, with backoff, from whichever instance gets there first.

/** While one instance fetches, others leave the row alone until this much later. */
const LEASE_MS = 60_000;
/** The first retry after a failure, doubling with each further failure up to the cap. */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 24 * 60 * 60_000;
/** An answer the host gave (no such video, not a picture) is not going to change soon. */
const ANSWERED_RETRY_MS = 6 * 60 * 60_000;
/**
 * Videos fetched per sweep, one after another (a stop in between ends the sweep): enough for the whole
 * seed at the first start, while a library far larger spreads over several sweeps.
 */
const SWEEP_BATCH = 100;

/** What a card needs to show a stored still: its address on our origin and its size. */
type StoredThumbnail = { src: string; width: number; height: number };

/** The fields of a video's thumbnail row a card reads (kept with the cached catalogue). */
export const thumbnailCardSelect = {
  sourceUrl: true,
  hash: true,
  width: true,
  height: true,
  contentType: true,
} as const;
type ThumbnailCardRow = {
  sourceUrl: string;
  hash: string | null;
  width: number | null;
  height: number | null;
  contentType: string | null;
};

/** The address a stored still is served at: the hash in it changes with the picture, so it may be cached for good. */
function thumbnailPath(videoId: string, hash: string, contentType: ImageType) {
  return `/thumbnails/${videoId}-${hash.slice(0, 16)}.${IMAGE_EXTENSIONS[contentType]}`;
}

function isImageType(value: string | null): value is ImageType {
  return value !== null && value in IMAGE_EXTENSIONS;
}

/** The still to show for a video with this link, or null (none yet, or one fetched for an older link). */
export function storedThumbnail(
  videoId: string,
  videoUrl: string,
  row: ThumbnailCardRow | null | undefined,
): StoredThumbnail | null {
  if (!row || row.sourceUrl !== videoUrl || !row.hash || !row.width || !row.height || !isImageType(row.contentType))
    return null;
  return { src: thumbnailPath(videoId, row.hash, row.contentType), width: row.width, height: row.height };
}

/**
 * The picture behind a served address, or null when the address names no stored picture. The address
 * is checked against the stored key (hash, type, link) first; the picture itself, up to a megabyte, is
 * read only for an address that names it, so requests for made-up addresses cost one index lookup.
 */
export async function getThumbnailImage(videoId: string, hashPrefix: string, extension: string) {
  const key = await prisma.videoThumbnail.findUnique({
    where: { videoId },
    select: { contentType: true, hash: true, sourceUrl: true, video: { select: { url: true } } },
  });
  if (!key?.hash || !isImageType(key.contentType) || key.sourceUrl !== key.video.url) return null;
  if (!key.hash.startsWith(hashPrefix) || IMAGE_EXTENSIONS[key.contentType] !== extension) return null;
  // The hash in the condition: a picture replaced between the two reads is not served under the old address.
  const row = await prisma.videoThumbnail.findFirst({ where: { videoId, hash: key.hash }, select: { bytes: true } });
  return row?.bytes ? { bytes: row.bytes, contentType: key.contentType } : null;
}

function retryDelay(attempts: number, error: unknown) {
  if (error instanceof ThumbnailFetchError && error.reason !== "unreachable") return ANSWERED_RETRY_MS;
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Takes the video's row for one attempt when no picture is stored for its current link and no attempt
 * is due later (or running elsewhere): true when this caller should fetch. A changed link forgets the
 * old picture and its failures.
 */
async function claim(videoId: string, url: string, now: Date) {
  const lease = new Date(now.getTime() + LEASE_MS);
  const rows = await prisma.$queryRaw<{ videoId: string }[]>`
    INSERT INTO "VideoThumbnail" ("videoId", "sourceUrl", "attempts", "nextAttemptAt")
    SELECT "id", "url", 0, ${lease} FROM "Video" WHERE "id" = ${videoId} AND "url" = ${url}
    ON CONFLICT ("videoId") DO UPDATE SET
      "sourceUrl" = EXCLUDED."sourceUrl",
      "nextAttemptAt" = EXCLUDED."nextAttemptAt",
      "attempts" = CASE WHEN "VideoThumbnail"."sourceUrl" = EXCLUDED."sourceUrl" THEN "VideoThumbnail"."attempts" ELSE 0 END,
      "bytes" = CASE WHEN "VideoThumbnail"."sourceUrl" = EXCLUDED."sourceUrl" THEN "VideoThumbnail"."bytes" END,
      "hash" = CASE WHEN "VideoThumbnail"."sourceUrl" = EXCLUDED."sourceUrl" THEN "VideoThumbnail"."hash" END
    WHERE "VideoThumbnail"."sourceUrl" <> EXCLUDED."sourceUrl"
      OR ("VideoThumbnail"."hash" IS NULL AND ("VideoThumbnail"."nextAttemptAt" IS NULL OR "VideoThumbnail"."nextAttemptAt" <= ${now}))
    RETURNING "videoId"`;
  return rows.length > 0;
}

type ThumbnailOutcome = "stored" | "none" | "skipped" | `failed: ${ThumbnailFailure | "error"}`;

/**
 * Fetches and stores the still of one video if it has none for its current link and an attempt is due.
 * "none": its link has no still on a host (a file or another page); "skipped": nothing was due.
 */
export async function refreshThumbnail(
  videoId: string,
  { now = new Date(), limits = DEFAULT_THUMBNAIL_LIMITS }: { now?: Date; limits?: ThumbnailLimits } = {},
): Promise<ThumbnailOutcome> {
  const video = await prisma.video.findUnique({ where: { id: videoId }, select: { id: true, url: true } });
  if (!video) return "skipped";
  const source = videoSourceOf(video.url);
  if (!hasHostThumbnail(source)) {
    // A link that changed to a file or a page keeps no picture of the old one.
    await prisma.videoThumbnail.deleteMany({ where: { videoId } });
    return "none";
  }
  if (!(await claim(video.id, video.url, now))) return "skipped";
  const hosts = {
    youTubeImages: env.VIDEO_THUMBNAIL_HOST,
    vimeoOEmbed: env.VIMEO_OEMBED_HOST,
    vimeoImages: env.VIMEO_THUMBNAIL_HOST,
  };
  try {
    const image = await fetchVideoThumbnail(source, hosts, limits);
    if (!image) return "none";
    // Stored only if the link is still the one fetched for: an edit meanwhile has claimed the row anew.
    await prisma.videoThumbnail.updateMany({
      where: { videoId, sourceUrl: video.url },
      data: {
        bytes: Buffer.from(image.bytes),
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        hash: createHash("sha256").update(image.bytes).digest("hex"),
        fetchedAt: new Date(),
        attempts: { increment: 1 },
        nextAttemptAt: null,
      },
    });
    return "stored";
  } catch (error) {
    const row = await prisma.videoThumbnail.findUnique({ where: { videoId }, select: { attempts: true } });
    const attempts = (row?.attempts ?? 0) + 1;
    await prisma.videoThumbnail.updateMany({
      where: { videoId, sourceUrl: video.url },
      data: { attempts, nextAttemptAt: new Date(now.getTime() + retryDelay(attempts, error)) },
    });
    const reason = error instanceof ThumbnailFetchError ? error.reason : "error";
    // One line per video at debug level: an offline machine fails every video, and the sweep sums them up.
    log("debug", "video thumbnail not fetched", {
      videoId,
      reason,
      detail: error instanceof Error ? error.message : String(error),
      attempts,
    });
    return `failed: ${reason}`;
  }
}

/** Fetches the still of a video just added or changed, after the answer; the admin never waits for a host. */
export function scheduleThumbnail(videoId: string) {
  if (!env.VIDEO_THUMBNAILS) return;
  runAfterAnswer("video thumbnail", async () => {
    const outcome = await refreshThumbnail(videoId);
    if (outcome.startsWith("failed")) log("warn", "video thumbnail not fetched; retried later", { videoId, outcome });
  });
}

/**
 * One pass over the videos whose still is missing for their current link and due: seeded videos on the
 * first start, and ones whose host was unreachable before. Returns how each went.
 */
export async function sweepThumbnails({
  now = new Date(),
  limits = DEFAULT_THUMBNAIL_LIMITS,
}: { now?: Date; limits?: ThumbnailLimits } = {}) {
  const videos = await prisma.video.findMany({
    select: { id: true, url: true, thumbnail: { select: { sourceUrl: true, hash: true, nextAttemptAt: true } } },
    orderBy: { createdAt: "asc" },
  });
  const due = videos.filter(({ url, thumbnail }) => {
    if (!hasHostThumbnail(videoSourceOf(url))) return Boolean(thumbnail);
    if (!thumbnail || thumbnail.sourceUrl !== url) return true;
    return !thumbnail.hash && (!thumbnail.nextAttemptAt || thumbnail.nextAttemptAt <= now);
  });
  const outcomes: ThumbnailOutcome[] = [];
  for (const video of due.slice(0, SWEEP_BATCH)) {
    if (isDraining()) break;
    outcomes.push(await refreshThumbnail(video.id, { now, limits }));
  }
  reportSweep(outcomes);
  return outcomes;
}

/**
 * Whether the last sweep that tried anything failed it all: an outage (no network, a host down). The
 * warning is said once when one begins and an info line when it ends; in between every sweep fails
 * again and says so only at debug level, so an offline install does not log the same line forever.
 */
let inOutage = false;

function reportSweep(outcomes: ThumbnailOutcome[]) {
  const failed = outcomes.filter((outcome) => outcome.startsWith("failed"));
  const stored = outcomes.filter((outcome) => outcome === "stored").length;
  if (failed.length === 0) {
    if (inOutage && stored > 0) log("info", "video thumbnails fetched again", { stored });
    if (stored > 0) inOutage = false;
    return;
  }
  const fields = { failed: failed.length, stored, reasons: [...new Set(failed)] };
  const outage = stored === 0;
  if (outage && inOutage) {
    log("debug", "video thumbnails still not fetched; retried later", fields);
    return;
  }
  inOutage = outage;
  log("warn", "video thumbnails not fetched; retried later", fields);
}

/** For tests: forget an outage a previous test left behind. */
export function resetThumbnailOutage() {
  inOutage = false;
}

declare global {
  var __walkingTrailsThumbnailSweeps: boolean | undefined;
}

/**
 * Starts the sweeps once per process: the first right after start-up (which fetches the seeded videos'
 * stills), then every VIDEO_THUMBNAIL_RETRY_SECONDS. Each runs as a background job, so a graceful stop
 * waits for it; a sweep still running when the next is due lets that one pass.
 */
export function startThumbnailSweeps() {
  if (!env.VIDEO_THUMBNAILS || globalThis.__walkingTrailsThumbnailSweeps) return;
  globalThis.__walkingTrailsThumbnailSweeps = true;
  repeatInBackground("video thumbnail sweep", sweepThumbnails, env.VIDEO_THUMBNAIL_RETRY_SECONDS * 1000);
}
