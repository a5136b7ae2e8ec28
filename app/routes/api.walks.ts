import { apiJson, apiPage, ApiError } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody, readQuery } from "~/http/api-input.server";
import { requireApiQuota, requireApiUser } from "~/http/api-auth.server";
import { walkPageQuerySchema } from "~/schemas/page";
import { listWalks, logWalk, toWalkJson, walkRefusals } from "~/models/walk.server";
import { walkInputSchema } from "~/schemas/walk";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const { cursor, limit } = readQuery(request, walkPageQuerySchema);
    const page = await listWalks(user.id, { cursor, take: limit });
    return apiPage(page.walks.map(toWalkJson), { path: "/api/walks", next: page.next, limit });
  },
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const input = await readBody(request, walkInputSchema);
    await requireApiQuota(request, "walk", user.id);
    const logged = await logWalk(user.id, input);
    if (!logged.ok) throw ApiError.refused(walkRefusals[logged.reason]);
    return apiJson(toWalkJson(logged.walk), { status: 201 });
  },
});
