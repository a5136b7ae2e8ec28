import { apiJson, apiRoute, ApiError, readBody, requireApiQuota, requireApiUser } from "~/http/api.server";
import { listWalks, logWalk, serializeWalk, walkRefusals } from "~/models/walk.server";
import { walkInputSchema } from "~/schemas/walk";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const { user } = await requireApiUser(request);
    return (await listWalks(user.id)).map(serializeWalk);
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
