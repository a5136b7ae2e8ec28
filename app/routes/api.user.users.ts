import { API_LIST_LIMIT } from "~/api/accounts.server";
import { listUsers, toUserJson } from "~/models/user.server";
import { apiRoute, requireApiAdmin } from "~/utils/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    return (await listUsers({ take: API_LIST_LIMIT })).map(toUserJson);
  },
});
