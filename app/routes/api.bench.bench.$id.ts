import { benchAnswer, benchJson } from "~/http/api-trails.server";
import { benchSchemasNow } from "~/models/placement.server";
import { deleteBench, updateBench } from "~/models/bench.server";
import { apiRoute } from "~/http/api.server";
import { readBody, requireId } from "~/http/api-input.server";
import { readIfMatch } from "~/http/api-versions.server";
import { requireApiAdmin } from "~/http/api-auth.server";

// Each accepts If-Match with the bench's ETag: a bench changed since is refused with 412, nothing changed.
export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Bench");
    const base = readIfMatch(request);
    const input = await readBody(request, (await benchSchemasNow()).update);
    return benchAnswer(await updateBench(id, input, base));
  },
  // Answers the deleted bench, so a client can name it.
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const id = requireId(params.id, "Bench");
    return benchJson(await deleteBench(id, readIfMatch(request)));
  },
});
