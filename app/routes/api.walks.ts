import { apiJson, apiRoute, ApiError, readBody, readQuery, requireApiQuota, requireApiUser } from "~/http/api.server";
import { walkPageQuerySchema } from "~/schemas/page";
import { listWalks, logWalk, serializeWalk, walkRefusals } from "~/models/walk.server";
import { walkInputSchema } from "~/schemas/walk";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const { cursor, limit } = readQuery(request, walkPageQuerySchema);
    const page = await listWalks(user.id, { cursor, take: limit });
    // A bare array, as every list of this API; the next page is in the Link header (RFC 8288).
    const next = page.next ? new URL(`/api/walks?${new URLSearchParams({ cursor: page.next, limit: String(limit) })}`, request.url) : null;
    return apiJson(page.walks.map(serializeWalk), { headers: next ? { Link: `<${next.pathname}${next.search}>; rel="next"` } : undefined });
  },
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const input = await readBody(request, walkInputSchema);
    await requireApiQuota(request, "walk", user.id);
    const logged = await logWalk(user.id, input);
    if (!logged.ok) throw ApiError.refused(walkRefusals[logged.reason]);
    return apiJson(serializeWalk(logged.walk), { status: 201 });
  },
});
