import type { EndpointDoc } from "~/api/endpoint";

export const accountsEndpoints: EndpointDoc[] = [];
