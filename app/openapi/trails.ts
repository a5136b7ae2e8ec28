import * as z from "zod";
import { endpoint, type EndpointDoc } from "~/openapi/endpoint";
import { linkRule } from "~/openapi/videos";
import { benchCreateSchema, benchJsonSchema, benchUpdateSchema, benchVideoSchema } from "~/schemas/bench";
import { trailFactsUpdateSchema } from "~/schemas/facts";
import { trailColorSchema, trailCreateSchema, trailNameSchema } from "~/schemas/trail-admin";
import {
  coordinateDeleteQuerySchema,
  coordinateUpdateSchema,
  insertCoordinateSchema,
  trailJsonSchema,
} from "~/schemas/trail";

const trailWithBenchesJsonSchema = trailJsonSchema.extend({
  benches: z
    .array(
      benchJsonSchema.extend({
        alongMetres: z.number().int().describe("Metres along the trail from its first point."),
      }),
    )
    .describe("The benches on this trail in walking order: those set for it and those within 30 m of it."),
});

/** What PATCH /api/trails/{id} takes beside the facts. */
const trailDetailsBodySchema = z.object({ name: trailNameSchema.optional(), color: trailColorSchema.optional() });

const trailAnswer = { status: 200, description: "The whole updated trail", schema: trailJsonSchema };
/** What every coordinate write shares: an admin's, answered with the whole trail and its ETag. */
const coordinateWrite = {
  tag: "Trails",
  access: "admin",
  etag: true,
  ifMatch: true,
  success: trailAnswer,
  errors: [404, 409],
} satisfies Partial<EndpointDoc>;
const benchAnswer = (description: string, status = 200) => ({ status, description, schema: benchJsonSchema });

// Index out of range answers 404 ("Coordinate not found."), like an unknown trail. Writes are applied one
// after another under the trail's lock; one whose If-Match names an older version is refused with 412, one
// whose `version` does with 409; one with neither applies to the trail as it is then (last write wins).
const swapRule =
  "Latitude and longitude sent exchanged (a pair that lies outside the campus's area, 5 km around its trails, benches and centre, as given but inside it with the two values swapped) " +
  'are stored the right way round, and the answer carries `Warning: 299 - "latitude and longitude were swapped; stored corrected"`; ' +
  "a pair outside the area either way is refused with 400, saying how far it is. An empty campus takes any place on Earth.";
const swapWarning = "Present when the latitude and longitude were sent exchanged and were stored corrected.";
const versionRule =
  "Send the trail's ETag in `If-Match` (412 when someone changed the trail since), or its `version` (from any trail answer) in the body (409, as before If-Match); with neither, the edit applies to the trail as it is then.";
const benchVersionRule =
  "Send the bench's `version` (from GET /api/bench/benches or an earlier edit's ETag) in `If-Match` to have the edit refused with 412 when someone changed the bench since; without it, the edit applies to the bench as it is then.";
export const trailsEndpoints: EndpointDoc[] = [
  endpoint({
    method: "get",
    path: "/api/trails/trails",
    summary: "List every trail with its path",
    tag: "Trails",
    access: "user",
    success: {
      status: 200,
      description: "Trails in display order (gold, green, gray, others)",
      schema: z.array(trailJsonSchema),
    },
  }),
  endpoint({
    method: "get",
    path: "/api/trails/{id}",
    summary:
      "One trail with its facts and its benches in order; coordinates at path.coordinates as [longitude, latitude]",
    description:
      "The ETag names the trail's version (its path and facts); each bench in `benches` carries its own `version`.",
    tag: "Trails",
    access: "user",
    etag: true,
    success: { status: 200, description: "The trail", schema: trailWithBenchesJsonSchema },
  }),
  endpoint({
    method: "post",
    path: "/api/trails",
    summary: "Add a trail: its name, optionally its colour, and its path as a GeoJSON LineString",
    description:
      "The path has 2 to 5,000 [longitude, latitude] points within the campus's area (5 km around its trails, benches and centre; anywhere on an empty campus). Without `color` the trail takes the first palette colour no trail uses. Its `slug`, the address of its page (/trails/{slug}), is made from the name (`riverside-loop`, `-2` when taken) and stays through renames. A name another trail has, in any case, is refused with 409.",
    tag: "Trails",
    access: "admin",
    body: trailCreateSchema,
    etag: true,
    success: { status: 201, description: "The new trail, with its `_id` and `slug`", schema: trailJsonSchema },
    errors: [409],
  }),
  endpoint({
    method: "patch",
    path: "/api/trails/{id}",
    summary: "Rename or recolour a trail, or update its facts (any of them; null means not recorded)",
    description:
      "`name` and `color` rename and recolour the trail (its `slug` stays; a name another trail has is refused with 409; gold, green and gray may be kept by the sample trails but not chosen). `stepFree: true` stores 0 steps; `stepFree: false` needs `steps` of at least 1 in the same body. `restrooms` and `water` say where they are; null means none nearby. The path is not changed; the `version` moves on, as with every edit. Send the trail's ETag in `If-Match` to have the edit refused with 412 when someone changed the trail since.",
    tag: "Trails",
    access: "admin",
    body: trailFactsUpdateSchema.and(trailDetailsBodySchema),
    etag: true,
    ifMatch: true,
    success: trailAnswer,
    errors: [409],
  }),
  endpoint({
    method: "delete",
    path: "/api/trails/{id}",
    summary: "Delete a trail: its benches stay without it, its walks and reports keep its name, its notices go",
    tag: "Trails",
    access: "admin",
    ifMatch: true,
    success: { status: 204, description: "Deleted; no body", schema: null },
  }),
  endpoint({
    method: "patch",
    path: "/api/trails/{id}/coordinate/{index}",
    summary: "Save the coordinate at index (stored as [longitude, latitude])",
    description: `${versionRule} ${swapRule}`,
    body: coordinateUpdateSchema,
    warning: swapWarning,
    ...coordinateWrite,
  }),
  endpoint({
    method: "delete",
    path: "/api/trails/{id}/coordinate/{index}",
    summary: "Delete the coordinate at index; later points move up",
    description: versionRule,
    query: coordinateDeleteQuerySchema,
    ...coordinateWrite,
  }),
  endpoint({
    method: "patch",
    path: "/api/trails/{id}/coordinate",
    summary: "Insert a coordinate [lng, lat] at index (0 to length; length appends)",
    description: `${versionRule} ${swapRule.replace("Latitude and longitude sent exchanged", "A coordinate sent as [latitude, longitude]")}`,
    body: insertCoordinateSchema,
    warning: swapWarning,
    ...coordinateWrite,
  }),
  endpoint({
    method: "get",
    path: "/api/bench/benches",
    summary: "List benches with their videos, by bench number; each with the `version` an edit names in If-Match",
    tag: "Benches",
    access: "user",
    success: { status: 200, description: "Benches", schema: z.array(benchJsonSchema) },
  }),
  endpoint({
    method: "post",
    path: "/api/bench/bench",
    summary: "Create a bench (numbers may be sent as text)",
    tag: "Benches",
    access: "admin",
    body: benchCreateSchema,
    etag: true,
    success: benchAnswer("The new bench", 201),
    errors: [409],
  }),
  endpoint({
    method: "patch",
    path: "/api/bench/bench/{id}",
    summary: "Update a bench (any of its fields, facts included; null means not recorded)",
    description: benchVersionRule,
    tag: "Benches",
    access: "admin",
    body: benchUpdateSchema,
    etag: true,
    ifMatch: true,
    success: benchAnswer("The updated bench"),
    errors: [409],
  }),
  endpoint({
    method: "delete",
    path: "/api/bench/bench/{id}",
    summary: "Delete a bench with its videos",
    description: benchVersionRule,
    tag: "Benches",
    access: "admin",
    ifMatch: true,
    success: benchAnswer("The deleted bench"),
  }),
  endpoint({
    method: "patch",
    path: "/api/bench/bench/{id}/add-video",
    summary: "Add a video to a bench",
    description: `${linkRule} Adding a video moves the bench's version on. ${benchVersionRule}`,
    tag: "Benches",
    access: "admin",
    body: benchVideoSchema,
    etag: true,
    ifMatch: true,
    success: benchAnswer("The bench with the new video"),
  }),
  endpoint({
    method: "patch",
    path: "/api/bench/bench/{id}/delete-video/{videoId}",
    summary: "Remove a video from a bench",
    description: `Removing a video moves the bench's version on. ${benchVersionRule}`,
    tag: "Benches",
    access: "admin",
    etag: true,
    ifMatch: true,
    success: benchAnswer("The bench without the video"),
  }),
];
