import { API_LIST_LIMIT } from "~/http/api-accounts.server";
import { listUsers, toUserSummaryJson } from "~/models/user.server";
import { apiRoute, requireApiAdmin } from "~/http/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return (await listUsers({ take: API_LIST_LIMIT })).map(toUserSummaryJson);
  },
});
