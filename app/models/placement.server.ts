// The schemas that place a point, built for where the campus accepts points now (decision 076): one
// function per entity, so no route builds them itself.
import { getPlacementArea } from "~/models/campus.server";
import { benchSchemasFor } from "~/schemas/bench";
import { trailSchemasFor } from "~/schemas/trail";

/** The trail schemas (coordinate edits, the Trail area's forms) for the campus's area as it is now. */
export async function trailSchemasNow() {
  return trailSchemasFor(await getPlacementArea());
}

/** The bench schemas (create, update, the Bench area's forms) for the campus's area as it is now. */
export async function benchSchemasNow() {
  return benchSchemasFor(await getPlacementArea());
}
