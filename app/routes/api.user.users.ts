import { listUsers, toUserSummaryJson } from "~/models/user-json.server";
import { adminPageRoute } from "~/http/api-admin.server";
import { userPageQuerySchema } from "~/schemas/page";

export const { loader, action } = adminPageRoute("/api/user/users", userPageQuerySchema, async (page) => {
  const { users, next } = await listUsers(page);
  return { rows: users.map(toUserSummaryJson), next };
});
