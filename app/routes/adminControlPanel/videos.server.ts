import { data } from "@remix-run/node";
import { parseSubmission } from "~/http/form-submission.server";
import { adminAreaUrl } from "~/lib/navigation";
import { createVideo, deleteVideo, embedSrcFor, getVideo, searchVideos, updateVideo, type VideoRecord } from "~/models/video.server";
import { parseSearchQuery } from "~/schemas/text";
import { videoEditFormSchema, videoIdSchema, videoInputSchema, videoMessages } from "~/schemas/video";
import { log } from "~/utils/logger.server";
import type { SessionUser } from "~/models/session.server";
import { redirectWithToast } from "~/http/toast.server";

/** One video as the admin area shows it: plain values only, and the player address for the light preview. */
export type AdminVideo = Omit<VideoRecord, "createdAt"> & { embedSrc: string | null };

function toAdminVideo(video: VideoRecord & { myReaction?: unknown }): AdminVideo {
  // getVideo also brings the viewer's own reaction, which the admin area does not show.
  const { createdAt: _createdAt, myReaction: _myReaction, ...fields } = video;
  return { ...fields, embedSrc: embedSrcFor(video.url) };
}

async function videoFromParam(value: string | null) {
  const id = videoIdSchema.safeParse(value);
  if (!id.success) return null;
  const video = await getVideo(id.data);
  return video ? toAdminVideo(video) : null;
}

export type VideosAreaData = {
  q: string;
  /** Why the search was not run (it held characters no search may hold), shown beside the box. */
  searchError: string | null;
  videos: AdminVideo[];
  /** ?edit=<id>: the video whose edit form is open. */
  editing: AdminVideo | null;
  /** ?confirm=delete&id=<id>: the confirmation step (a modal with JavaScript, a page section without). */
  confirmingDelete: AdminVideo | null;
};

export async function loadVideosArea(url: URL, _admin: SessionUser): Promise<VideosAreaData> {
  const { q, error: searchError } = parseSearchQuery(url.searchParams.get("q"));
  const [videos, editing, confirmingDelete] = await Promise.all([
    searchError ? [] : searchVideos({ q }),
    videoFromParam(url.searchParams.get("edit")),
    url.searchParams.get("confirm") === "delete" ? videoFromParam(url.searchParams.get("id")) : null,
  ]);
  return { q, searchError, videos: videos.map(toAdminVideo), editing, confirmingDelete };
}

export const videoIntents = ["create", "update", "delete"] as const;

function searchOf(formData: FormData) {
  const q = formData.get("q");
  return parseSearchQuery(typeof q === "string" ? q : "").q;
}

/** The admin's video intents. Every change redirects back to the list with the search kept, and a flash. */
export async function videosAction(_request: Request, formData: FormData, admin: SessionUser) {
  const q = searchOf(formData);
  const back = adminAreaUrl("videos", { q });
  const intent = formData.get("intent");

  if (intent === "create") {
    const submission = parseSubmission(formData, { schema: videoInputSchema });
    if (submission.status !== "success") {
      return data({ intent: "create" as const, result: submission.reply() }, { status: 400 });
    }
    const video = await createVideo(submission.value);
    log("info", "video created", { videoId: video.id, adminId: admin.id });
    return redirectWithToast(back, { type: "success", message: `Video "${video.title}" added.` });
  }

  if (intent === "update") {
    const submission = parseSubmission(formData, { schema: videoEditFormSchema });
    if (submission.status !== "success") {
      return data({ intent: "update" as const, result: submission.reply() }, { status: 400 });
    }
    const { id, ...changes } = submission.value;
    const video = await updateVideo(id, { ...changes, description: changes.description ?? "" });
    if (!video) return redirectWithToast(back, { type: "error", message: videoMessages.notFound });
    log("info", "video updated", { videoId: id, adminId: admin.id });
    return redirectWithToast(back, { type: "success", message: `Video "${video.title}" updated.` });
  }

  if (intent === "delete") {
    const id = videoIdSchema.safeParse(formData.get("id"));
    const deleted = id.success ? await deleteVideo(id.data) : false;
    if (!deleted) return redirectWithToast(back, { type: "error", message: videoMessages.notFound });
    log("info", "video deleted", { videoId: id.data, adminId: admin.id });
    return redirectWithToast(back, { type: "success", message: "Video deleted." });
  }

  return data({ intent: null, error: "Unknown action." }, { status: 400 });
}
