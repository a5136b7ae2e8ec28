import * as z from "zod";
import { endpoint, type EndpointDoc } from "~/openapi/endpoint";
import { walkInputSchema, walkJsonSchema } from "~/schemas/walk";
import { WALK_PAGE, walkPageQuerySchema } from "~/schemas/page";

const ownOnly =
  "Only the signed-in user's own walks; a walk of someone else's is answered 404, like one that does not exist.";

export const walksEndpoints: EndpointDoc[] = [
  endpoint({
    method: "get",
    path: "/api/walks",
    summary: "List the signed-in user's walks, newest day first, a page at a time",
    description: `${ownOnly} A page holds \`limit\` walks (${WALK_PAGE.defaultSize} by default, at most ${WALK_PAGE.maxSize}); when there are more, the answer carries \`Link: </api/walks?cursor=…&limit=…>; rel="next"\`, and the last page has no Link. The answer stays a bare array, as every list of this API.`,
    tag: "Walks",
    access: "user",
    query: walkPageQuerySchema,
    pagedAt: "/api/walks",
    success: { status: 200, description: "One page of the user's walks", schema: z.array(walkJsonSchema) },
    errors: [400],
  }),
  endpoint({
    method: "post",
    path: "/api/walks",
    summary:
      "Log a walk: trail, date, optional duration, and a distance in miles or laps (default one lap of the trail)",
    description:
      "The same record the My walks form and the walk map's Finish button keep: a summary only, never a position. Without `distanceMiles` the distance is `laps` (default 1) times the trail's length.",
    tag: "Walks",
    access: "user",
    body: walkInputSchema,
    success: { status: 201, description: "The logged walk", schema: walkJsonSchema },
  }),
  endpoint({
    method: "delete",
    path: "/api/walks/{id}",
    summary: "Delete one of the signed-in user's walks",
    description: ownOnly,
    tag: "Walks",
    access: "user",
    success: {
      status: 200,
      description: "The walk was deleted",
      schema: z.object({ message: z.string(), _id: z.string() }),
    },
  }),
];
