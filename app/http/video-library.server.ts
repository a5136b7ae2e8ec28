import { listVideosBySubCategories, type ViewerVideo } from "~/models/video.server";
import { requireUser } from "~/http/auth.server";
import { env } from "~/utils/env.server";
import { getVideoTopic, type VideoTopicSlug } from "~/lib/video-topics";
import { extractYouTubeId, youTubeEmbedUrl, youTubeThumbnailUrl } from "~/lib/youtube";

/** What a video card needs; the stored link becomes an address on our configured embed host. */
export type VideoCardData = {
  id: string;
  title: string;
  category: string;
  subCategory: string;
  description: string;
  views: number;
  likes: number;
  dislikes: number;
  myReaction: ViewerVideo["myReaction"];
  /** Player address (privacy-enhanced host by default), or null when the link is not a YouTube video. */
  embedSrc: string | null;
  /** Only when VIDEO_THUMBNAIL_HOST is configured: otherwise a page makes no third-party request. */
  thumbnailSrc: string | null;
};

/** The player address of a stored link on the configured embed host; null when it is not a YouTube video. */
export function embedSrcFor(url: string) {
  const youTubeId = extractYouTubeId(url);
  return youTubeId ? youTubeEmbedUrl(youTubeId, env.VIDEO_EMBED_HOST) : null;
}

export function toVideoCardData(video: ViewerVideo): VideoCardData {
  const youTubeId = extractYouTubeId(video.url);
  return {
    id: video.id,
    title: video.title,
    category: video.category,
    subCategory: video.subCategory,
    description: video.description,
    views: video.views,
    likes: video.likes,
    dislikes: video.dislikes,
    myReaction: video.myReaction,
    embedSrc: embedSrcFor(video.url),
    thumbnailSrc: youTubeId && env.VIDEO_THUMBNAIL_HOST ? youTubeThumbnailUrl(youTubeId, env.VIDEO_THUMBNAIL_HOST) : null,
  };
}

/** The one loader of the five video pages. */
export async function loadVideoLibrary(request: Request, slug: VideoTopicSlug) {
  const user = await requireUser(request);
  const topic = getVideoTopic(slug);
  const videos = await listVideosBySubCategories(topic.subCategories, user.id);
  return { slug, videos: videos.map(toVideoCardData) };
}
