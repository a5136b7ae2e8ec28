import { trailAnswer } from "~/http/api-trails.server";
import { apiRoute } from "~/http/api.server";
import { readBody } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { trailSchemasNow } from "~/models/placement.server";
import { createTrail } from "~/models/trail-lifecycle.server";

// POST /api/trails: an admin adds a trail (decision 078); its `slug` is the address of its page.
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const input = await readBody(request, (await trailSchemasNow()).create);
    const created = await createTrail(input);
    return trailAnswer(created.ok ? created.trail.id : "", created, { status: 201 });
  },
});
