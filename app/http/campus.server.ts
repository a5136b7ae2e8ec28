import { dataVersionsOf, type RequestArgs } from "~/http/auth.server";
import { getCampus, type Campus } from "~/models/campus.server";

/**
 * The campus settings for this request, at the data versions the request read (one version query for
 * every cached kind); the settings themselves come from memory unless an admin changed them.
 */
export async function campusOf(args: RequestArgs): Promise<Campus> {
  return getCampus(await dataVersionsOf(args));
}
