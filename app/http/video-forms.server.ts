import { data, redirect } from "@remix-run/node";
import { checkQuota, retryAfterHeaders } from "~/http/rate-limit.server";
import type { CardPath } from "~/lib/video-addresses";
import { reactionForIntent } from "~/lib/reactions";
import { safeRedirect } from "~/lib/safe-redirect";
import { reactToVideo, recordView } from "~/models/video-reactions.server";
import { videoActionSchema, videoLibraryFormSchema, videoMessages, type VideoFormRefusal } from "~/schemas/video";

function refused(refusal: VideoFormRefusal, init: ResponseInit) {
  return data(refusal, init);
}

/**
 * The play and reaction forms of the video pages, which ship no JavaScript: every one is a plain POST
 * answered with a redirect to the video's card (`cardPath`). Play counts a view (once per user, video and
 * day) and comes back with the card's player shown; a reaction is stored and comes back to `returnTo` (the
 * card, with its player if it was playing), so the page shows the new totals and the person's own
 * reaction. A refusal (a quota, an unknown intent, a video deleted meanwhile) renders the same page with
 * its sentence beside the card, and its status.
 *
 * `user` is the signed-in person (the route's guard); `videoId` is the watch page's, from its address, as
 * a library page's forms name their video in the form.
 */
export async function answerVideoForm(
  request: Request,
  user: { id: string },
  { videoId: pageVideoId, cardPath }: { videoId?: string; cardPath: CardPath },
) {
  const fields = Object.fromEntries(await request.formData());
  let videoId = pageVideoId;
  if (!videoId) {
    const named = videoLibraryFormSchema.safeParse(fields);
    if (!named.success) return refused({ error: videoMessages.notFound, videoId: null }, { status: 404 });
    videoId = named.data.videoId;
  }
  const parsed = videoActionSchema.safeParse(fields);
  if (!parsed.success) return refused({ error: "Choose like, dislike or remove.", videoId }, { status: 400 });
  const { intent, returnTo } = parsed.data;
  const quota = await checkQuota(request, intent === "view" ? "view" : "reaction", user.id);
  if (!quota.allowed)
    return refused({ error: quota.message, videoId }, { status: 429, headers: retryAfterHeaders(quota) });
  if (intent === "view") {
    const viewed = await recordView(user.id, videoId);
    if (!viewed) return refused({ error: videoMessages.notFound, videoId: null }, { status: 404 });
    return redirect(cardPath(videoId, true));
  }
  const reacted = await reactToVideo(user.id, videoId, reactionForIntent(intent));
  if (!reacted) return refused({ error: videoMessages.notFound, videoId: null }, { status: 404 });
  return redirect(safeRedirect(returnTo, cardPath(videoId, false)));
}
