import * as z from "zod";
import { endpoint, type EndpointDoc } from "~/openapi/endpoint";
import { noticeInputSchema, noticeJsonSchema, noticeListQuerySchema, noticePatchSchema } from "~/schemas/notice-api";

const tag = "Notices";

const activeRule =
  "A notice shows while its `startsAt` has passed (or is null) and its `endsAt` has not (or is null): worked out at every request, " +
  "so a notice appears and goes by itself.";

export const noticesEndpoints: EndpointDoc[] = [
  endpoint({
    method: "get",
    path: "/api/notices",
    summary: "List the closure and caution notices showing now",
    description:
      `${activeRule} Public, like the banners on the trail and bench pages. \`trailId\` narrows the list to a trail's own notices and ` +
      "those of the benches on it (set for it or within 30 m of it), `benchId` to one bench's. Closures come first, then the newest.",
    tag,
    access: "public",
    query: noticeListQuerySchema,
    success: { status: 200, description: "The notices showing now", schema: z.array(noticeJsonSchema) },
  }),
  endpoint({
    method: "post",
    path: "/api/notices",
    summary: "Post a notice on a trail or a bench",
    description: `${activeRule} Times are ISO 8601 with \`Z\` or an offset; the end must be after the start and still to come.`,
    tag,
    access: "admin",
    body: noticeInputSchema,
    etag: true,
    success: { status: 201, description: "The stored notice", schema: noticeJsonSchema },
  }),
  endpoint({
    method: "patch",
    path: "/api/notices/{id}",
    summary: "Change a notice: its place, kind, message or times",
    description:
      "Only the fields given change; `startsAt` or `endsAt` given as null takes the time away (from when it was posted; no end). An `endsAt` in " +
      "the past ends the notice. The end must stay after the start (400 at `endsAt`).",
    tag,
    access: "admin",
    body: noticePatchSchema,
    etag: true,
    ifMatch: true,
    success: { status: 200, description: "The updated notice", schema: noticeJsonSchema },
  }),
  endpoint({
    method: "delete",
    path: "/api/notices/{id}",
    summary: "Delete a notice",
    tag,
    access: "admin",
    ifMatch: true,
    success: { status: 204, description: "Deleted; no body", schema: null },
  }),
];
