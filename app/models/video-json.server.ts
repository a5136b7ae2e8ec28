import type { ViewerVideo } from "~/models/video-library.server";
import type { ThumbnailRow, VideoRecord } from "~/models/video.server";
import { storedThumbnail } from "~/models/video-thumbnail.server";
import type { ReactionValue } from "~/lib/reactions";
import { videoPlayerFor, type VideoPlayer } from "~/lib/video-source";
import { topicForSubCategory } from "~/lib/video-topics";
import type { ApiReaction, VideoCardData, VideoJson, ViewerVideoJson } from "~/schemas/video";
import { env } from "~/utils/env.server";

// What an answer or a page shows of a video: the API's objects, the card's data and how a link plays.

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
