import { parseSubmission } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { adminAreaUrl } from "~/lib/navigation";
import {
  countMatchingVideos,
  createVideo,
  deleteVideo,
  listVideos,
  updateVideo,
  videoRefusals,
  type VideoRecord,
} from "~/models/video.server";
import { getVideo } from "~/models/video-library.server";
import { videoPreview } from "~/models/video-json.server";
import { isId } from "~/schemas/id";
import { ADMIN_VIDEO_PAGE } from "~/schemas/page";
import { videoIntentSchema, videoMessages } from "~/schemas/video";
import { anchors } from "./area";
import { confirmationIn, invalid, listPages, refused, searchedListPlace } from "./area.server";

/** One video as the admin area shows it: plain values only, and its preview (how it plays, its still). */
export type AdminVideo = Omit<VideoRecord, "createdAt"> & ReturnType<typeof videoPreview>;

function toAdminVideo(video: VideoRecord & Parameters<typeof videoPreview>[0] & { myReaction?: unknown }): AdminVideo {
  // getVideo also brings the viewer's own reaction, which the admin area does not show.
  const { createdAt: _createdAt, myReaction: _myReaction, thumbnail: _thumbnail, ...fields } = video;
  return { ...fields, ...videoPreview(video) };
}

async function videoFromParam(value: string | null) {
  const video = isId(value) ? await getVideo(value) : null;
  return video ? toAdminVideo(video) : null;
}

/**
 * A page of the videos matching ?q= (after ?cursor=, ?limit= of them, newest first); ?edit=<id> opens that
 * video's edit form; ?confirm=delete&id=<id> asks before deleting.
 */
export async function loadVideosArea(url: URL) {
  const { q, searchError, place, take } = searchedListPlace(url, ADMIN_VIDEO_PAGE);
  const [page, count, editing, confirm] = await Promise.all([
    searchError ? { videos: [], next: null } : listVideos({ q, cursor: place.cursor, take }),
    searchError ? 0 : countMatchingVideos(q),
    videoFromParam(url.searchParams.get("edit")),
    confirmationIn(url, ["delete"]) ? videoFromParam(url.searchParams.get("id")) : null,
  ]);
  return {
    q,
    searchError,
    place,
    pages: listPages("videos", place, page.next, count, anchors.videoList),
    videos: page.videos.map(toAdminVideo),
    editing,
    confirm,
  };
}

/** The fields a person types in the add and edit forms (the others are hidden). */
const typedFields = ["title", "url", "category", "subCategory", "description"];

/** Every change redirects back to the same page of the same search, with a flash. */
export async function videosAction(request: Request, formData: FormData) {
  const { place } = searchedListPlace(new URL(request.url), ADMIN_VIDEO_PAGE);
  const back = adminAreaUrl("videos", place);
  const submission = parseSubmission(formData, { schema: videoIntentSchema });
  if (submission.status !== "success") return invalid(submission, typedFields);
  const input = submission.value;

  if (input.intent === "create") {
    const { intent: _intent, ...fields } = input;
    const video = await createVideo(fields);
    // Beside the form that added it, ready for the next one, on the first page, which the new video heads.
    return redirectWithToast(adminAreaUrl("videos", { ...place, cursor: null }), {
      type: "success",
      message: videoMessages.added(video.title),
      anchor: anchors.addVideo,
    });
  }

  if (input.intent === "update") {
    const { intent: _intent, id, version, ...changes } = input;
    // A video changed since the form was opened is refused (409): the page then shows what was typed
    // beside what is saved, and overwrites nothing.
    const result = await updateVideo(
      id,
      { ...changes, description: changes.description ?? "" },
      { expectedVersion: version },
    );
    if (!result.ok) return refused(input.intent, submission, videoRefusals[result.reason]);
    // The edit form closes: the message stands in the video's card.
    return redirectWithToast(back, {
      type: "success",
      message: videoMessages.updated(result.video.title),
      anchor: anchors.videoCard(id),
    });
  }

  // Read first, so the message can name the video: its card is gone by the time it shows.
  const target = await getVideo(input.id);
  if (!target) return refused(input.intent, submission, videoRefusals["not-found"]);
  const deleted = await deleteVideo(input.id, { expectedVersion: input.version });
  if (!deleted.ok) return refused(input.intent, submission, videoRefusals[deleted.reason]);
  return redirectWithToast(back, {
    type: "success",
    message: videoMessages.deleted(target.title),
    anchor: anchors.videoList,
  });
}
