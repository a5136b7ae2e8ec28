import { endpointDocs } from "~/openapi/endpoints";
import { apiRoute } from "~/http/api.server";
import { env } from "~/utils/env.server";
import { buildOpenApiDocument } from "~/openapi/document.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => buildOpenApiDocument(endpointDocs, env.APP_URL ?? new URL(request.url).origin),
});
