import { listBenches, serializeBench } from "~/models/bench.server";
import { apiRoute, requireApiUser } from "~/http/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiUser(request);
    return (await listBenches()).map(serializeBench);
  },
});
