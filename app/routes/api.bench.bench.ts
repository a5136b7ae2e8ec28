import { benchAnswer } from "~/http/api-trails.server";
import { benchSchemasNow } from "~/models/placement.server";
import { createBench } from "~/models/bench.server";
import { apiRoute } from "~/http/api.server";
import { readBody } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const input = await readBody(request, (await benchSchemasNow()).create);
    return benchAnswer(await createBench(input), { status: 201 });
  },
});
