import { endpoint, type EndpointDoc } from "~/openapi/endpoint";
import { videoDeletedSchema, videoInputSchema, videoJsonSchema, videoPatchSchema } from "~/schemas/video";
import * as z from "zod";

const tag = "Videos";

export const videosEndpoints: EndpointDoc[] = [
  endpoint({
    method: "get",
    path: "/api/video/videos",
    summary: "List all videos",
    tag,
    access: "user",
    success: { status: 200, description: "Every video, by title.", schema: z.array(videoJsonSchema) },
  }),
  endpoint({
    method: "post",
    path: "/api/video/videos",
    summary: "Create a video (the url may be any common YouTube link; it is stored as its embed URL)",
    tag,
    access: "admin",
    body: videoInputSchema,
    success: { status: 201, description: "The created video.", schema: videoJsonSchema },
  }),
  endpoint({
    method: "get",
    path: "/api/video/{id}",
    summary: "One video",
    tag,
    access: "user",
    success: { status: 200, description: "The video.", schema: videoJsonSchema },
  }),
  endpoint({
    method: "patch",
    path: "/api/video/{id}",
    summary: "Edit a video: only the fields sent change",
    tag,
    access: "admin",
    body: videoPatchSchema,
    success: { status: 200, description: "The updated video.", schema: videoJsonSchema },
  }),
  endpoint({
    method: "delete",
    path: "/api/video/{id}",
    summary: "Delete a video with its reactions and views",
    tag,
    access: "admin",
    success: { status: 200, description: "Which video was deleted.", schema: videoDeletedSchema },
  }),
];
