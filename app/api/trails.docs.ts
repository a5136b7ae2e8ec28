import type { EndpointDoc } from "~/api/endpoint";

export const trailsEndpoints: EndpointDoc[] = [];
