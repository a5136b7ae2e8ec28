import { requireUser } from "~/http/auth.server";
import { getVideoTopic, type VideoTopicSlug } from "~/lib/video-topics";
import { listVideosBySubCategories, toVideoCardData } from "~/models/video.server";
import type { VideoLibraryData } from "~/schemas/video";

/** The one loader of the five video pages. */
export async function loadVideoLibrary(request: Request, slug: VideoTopicSlug): Promise<VideoLibraryData> {
  const user = await requireUser(request);
  const topic = getVideoTopic(slug);
  const videos = await listVideosBySubCategories(topic.subCategories, user.id);
  return { slug, videos: videos.map(toVideoCardData) };
}
