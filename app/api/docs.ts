import { accountsEndpoints } from "~/api/accounts.docs";
import type { EndpointDoc } from "~/api/endpoint";
import { trailsEndpoints } from "~/api/trails.docs";
import { videosEndpoints } from "~/api/videos.docs";

/**
 * Every documented endpoint, one list per area (accounts and feedback; videos; trails and benches).
 * The OpenAPI test walks them all and checks that each SPEC §7 call is present and answers what it documents.
 */
export const endpointDocs: EndpointDoc[] = [...accountsEndpoints, ...videosEndpoints, ...trailsEndpoints];
