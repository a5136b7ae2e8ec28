import { listUsers, toUserSummaryJson } from "~/models/user-json.server";
import { apiPage, apiRoute, readQuery, requireApiAdmin } from "~/http/api.server";
import { userPageQuerySchema } from "~/schemas/page";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const { cursor, limit } = readQuery(request, userPageQuerySchema);
    const page = await listUsers({ cursor, take: limit });
    return apiPage(page.users.map(toUserSummaryJson), { path: "/api/user/users", next: page.next, limit });
  },
});
