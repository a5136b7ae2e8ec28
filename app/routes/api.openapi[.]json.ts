import { endpointDocs } from "~/api/docs";
import { apiRoute } from "~/utils/api.server";
import { env } from "~/utils/env.server";
import { buildOpenApiDocument } from "~/utils/openapi.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => buildOpenApiDocument(endpointDocs, env.APP_URL ?? new URL(request.url).origin),
});
