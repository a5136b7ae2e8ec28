import { listUsers, toUserSummaryJson } from "~/models/user-json.server";
import { apiPage } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readQuery } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { userPageQuerySchema } from "~/schemas/page";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const { cursor, limit } = readQuery(request, userPageQuerySchema);
    const page = await listUsers({ cursor, take: limit });
    return apiPage(page.users.map(toUserSummaryJson), { path: "/api/user/users", next: page.next, limit });
  },
});
