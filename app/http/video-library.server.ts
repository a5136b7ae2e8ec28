import { alsoWithSession, dataVersionsOf, requireUser, type RequestArgs } from "~/http/auth.server";
import { answerVideoForm } from "~/http/video-forms.server";
import { libraryCardPath } from "~/lib/video-addresses";
import { getVideoTopic, type VideoTopicSlug } from "~/lib/video-topics";
import { listVideosBySubCategories, viewerCountersColumn } from "~/models/video-library.server";
import { toVideoCardData } from "~/models/video-json.server";
import type { VideoLibraryData } from "~/schemas/video";

/** The one loader of the five video pages. `?play=<id>` shows that card's player (play's redirect lands there). */
export async function loadVideoLibrary(args: RequestArgs, slug: VideoTopicSlug): Promise<VideoLibraryData> {
  const topic = getVideoTopic(slug);
  // Asked before the first await, so the counters come in the session's own statement.
  const counters = alsoWithSession(args, viewerCountersColumn(topic.subCategories));
  const user = await requireUser(args);
  const read = await counters;
  const videos = await listVideosBySubCategories(
    topic.subCategories,
    user.id,
    read === undefined ? undefined : { counters: read, versions: await dataVersionsOf(args) },
  );
  const play = new URL(args.request.url).searchParams.get("play");
  return {
    slug,
    videos: videos.map(toVideoCardData),
    playing: videos.some((video) => video.id === play) ? play : null,
  };
}

/** The one action of the five video pages: play and reactions, each redirected back to its card on this page. */
export async function videoLibraryAction(args: RequestArgs, slug: VideoTopicSlug) {
  const user = await requireUser(args);
  const { path } = getVideoTopic(slug);
  return answerVideoForm(args.request, user, {
    cardPath: (videoId, playing) => libraryCardPath(path, videoId, playing),
  });
}
