import type { EndpointDoc } from "~/api/endpoint";

export const videosEndpoints: EndpointDoc[] = [];
