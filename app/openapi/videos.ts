import { endpoint, type EndpointDoc } from "~/openapi/endpoint";
import {
  videoDeletedSchema,
  videoInputSchema,
  videoJsonSchema,
  videoPatchSchema,
  videoReactionApiSchema,
  videoViewJsonSchema,
  viewerVideoJsonSchema,
} from "~/schemas/video";
import * as z from "zod";

const tag = "Videos";

/** What a video's `url` may be (app/lib/video-source.ts). */
/** What both ways of counting a view answer (the old PATCH stays for the clients that still use it). */
const viewCounted = {
  status: 200,
  description: "The video with its views, and whether this call counted one.",
  schema: videoViewJsonSchema,
};

export const linkRule =
  "`url` must be https: a YouTube link of any form (stored as https://www.youtube.com/embed/<id>), a Vimeo link " +
  "(stored as https://player.vimeo.com/video/<id>, with ?h=<hash> for unlisted videos), a video file ending in .mp4 or " +
  ".webm, or any other web page (both stored as given). http:, javascript:, data: and other schemes are refused with 400.";

const versionRule =
  "Send the video's ETag (from GET /api/video/{id}, or its `version` from any video answer) in `If-Match` to have the edit refused with 412 when someone changed the video since; without it, the edit applies to the video as it is then.";

/** The old client's like and dislike calls, kept for it: the reaction endpoint does both. */
function oldReaction(reaction: "like" | "dislike", summary: string) {
  return endpoint({
    method: "patch",
    path: `/api/video/${reaction}/{id}`,
    summary,
    deprecatedFor: `PUT /api/video/{id}/reaction with { "reaction": "${reaction}" }`,
    tag,
    access: "user",
    success: {
      status: 200,
      description: "The video with its new totals and the caller's reaction.",
      schema: viewerVideoJsonSchema,
    },
  });
}

export const videosEndpoints: EndpointDoc[] = [
  endpoint({
    method: "get",
    path: "/api/video/videos",
    summary: "List all videos, each with the `version` an edit names in If-Match",
    tag,
    access: "user",
    success: { status: 200, description: "Every video, by title.", schema: z.array(videoJsonSchema) },
  }),
  endpoint({
    method: "post",
    path: "/api/video/videos",
    summary: "Create a video",
    description: linkRule,
    tag,
    access: "admin",
    body: videoInputSchema,
    etag: true,
    success: { status: 201, description: "The created video.", schema: videoJsonSchema },
  }),
  endpoint({
    method: "get",
    path: "/api/video/{id}",
    summary: "One video",
    tag,
    access: "user",
    etag: true,
    success: { status: 200, description: "The video.", schema: videoJsonSchema },
  }),
  endpoint({
    method: "patch",
    path: "/api/video/{id}",
    summary: "Edit a video: only the fields sent change",
    description: `${linkRule} ${versionRule}`,
    tag,
    access: "admin",
    body: videoPatchSchema,
    etag: true,
    ifMatch: true,
    success: { status: 200, description: "The updated video.", schema: videoJsonSchema },
  }),
  endpoint({
    method: "put",
    path: "/api/video/{id}/reaction",
    summary: "Set the caller's reaction to a video: like, dislike, or none to remove it",
    description:
      "One reaction per user and video, as with the buttons on the video pages: a new one replaces the old. The totals " +
      "are recounted from every user's reactions, so repeating a call changes nothing.",
    tag,
    access: "user",
    body: videoReactionApiSchema,
    success: {
      status: 200,
      description: "The video with its new totals and the caller's reaction.",
      schema: viewerVideoJsonSchema,
    },
  }),
  endpoint({
    method: "post",
    path: "/api/video/{id}/view",
    summary: "Count that the caller started playing a video (one view per user, video and UTC day)",
    tag,
    access: "user",
    success: viewCounted,
  }),
  oldReaction("like", "Like a video"),
  oldReaction("dislike", "Dislike a video"),
  endpoint({
    method: "patch",
    path: "/api/video/view/{id}",
    summary: "Count a view of a video",
    deprecatedFor: "POST /api/video/{id}/view",
    tag,
    access: "user",
    success: viewCounted,
  }),
  endpoint({
    method: "delete",
    path: "/api/video/{id}",
    summary: "Delete a video with its reactions and views",
    description: versionRule,
    tag,
    access: "admin",
    ifMatch: true,
    success: { status: 200, description: "Which video was deleted.", schema: videoDeletedSchema },
  }),
];
