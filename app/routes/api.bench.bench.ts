import { benchAnswer } from "~/http/api-trails.server";
import { createBench } from "~/models/bench.server";
import { getPlacementArea } from "~/models/campus.server";
import { benchSchemasFor } from "~/schemas/bench";
import { apiRoute } from "~/http/api.server";
import { readBody } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";

export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const input = await readBody(request, benchSchemasFor(await getPlacementArea()).create);
    return benchAnswer(await createBench(input), { status: 201 });
  },
});
