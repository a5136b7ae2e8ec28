import { accountsEndpoints } from "~/openapi/accounts";
import { campusEndpoints } from "~/openapi/campus";
import type { EndpointDoc } from "~/openapi/endpoint";
import { noticesEndpoints } from "~/openapi/notices";
import { reportsEndpoints } from "~/openapi/reports";
import { trailsEndpoints } from "~/openapi/trails";
import { videosEndpoints } from "~/openapi/videos";
import { walksEndpoints } from "~/openapi/walks";

/**
 * Every documented endpoint, one list per area (accounts and feedback; videos; trails and benches; walks;
 * reports; notices; the campus).
 * The OpenAPI test walks them all and checks that each call the old web client makes is present and answers
 * what it documents.
 */
export const endpointDocs: EndpointDoc[] = [
  ...accountsEndpoints,
  ...videosEndpoints,
  ...trailsEndpoints,
  ...walksEndpoints,
  ...reportsEndpoints,
  ...noticesEndpoints,
  ...campusEndpoints,
];
