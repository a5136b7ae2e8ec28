import { listBenches, toBenchJson } from "~/models/bench.server";
import { apiJsonText, jsonOnce } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { requireApiUser } from "~/http/api-auth.server";

// The benches change only when an admin edits them: the answer's text is made once per version of them.
const benchesJson = jsonOnce((benches: Awaited<ReturnType<typeof listBenches>>) => benches.map(toBenchJson));

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const { dataVersions } = await requireApiUser(request);
    return apiJsonText(benchesJson(await listBenches(dataVersions)));
  },
});
