import { reactionForIntent, type ReactionIntent } from "~/lib/reactions";
import { getVideo } from "~/models/video-library.server";
import { reactToVideo, recordView } from "~/models/video-reactions.server";
import { toViewerVideoJson } from "~/models/video-json.server";
import { videoRefusals } from "~/models/video.server";
import { ApiError } from "~/http/api-answers.server";
import { requireApiQuota } from "~/http/api-auth.server";

// The API's reactions and views go through the same model functions as the video pages' buttons and
// player, so the rules (one reaction per user and video, one view per user, video and day) and the
// totals are the pages' own.

async function videoAsSeenBy(userId: string, videoId: string) {
  const video = await getVideo(videoId, userId);
  if (!video) throw ApiError.refused(videoRefusals["not-found"]);
  return toViewerVideoJson(video);
}

/** Sets or removes the caller's reaction; answers the video with its new totals and the caller's reaction. */
export async function reactThroughApi(request: Request, userId: string, videoId: string, intent: ReactionIntent) {
  await requireApiQuota(request, "reaction", userId);
  if (!(await reactToVideo(userId, videoId, reactionForIntent(intent))))
    throw ApiError.refused(videoRefusals["not-found"]);
  return videoAsSeenBy(userId, videoId);
}

/** Counts the caller's view (at most one per video and UTC day); answers the video and whether this one counted. */
export async function viewThroughApi(request: Request, userId: string, videoId: string) {
  await requireApiQuota(request, "view", userId);
  const view = await recordView(userId, videoId);
  if (!view) throw ApiError.refused(videoRefusals["not-found"]);
  return { ...(await videoAsSeenBy(userId, videoId)), counted: view.counted };
}
