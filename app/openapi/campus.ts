import { endpoint, type EndpointDoc } from "~/openapi/endpoint";
import { campusJsonSchema, campusPatchSchema } from "~/schemas/campus";

const tag = "Campus";

export const campusEndpoints: EndpointDoc[] = [
  endpoint({
    method: "get",
    path: "/api/campus",
    summary: "The campus settings: its name, time zone and map centre",
    description:
      "Public, as the footer and the times on the pages are. Every date and time the pages show is on `timeZone`'s clock.",
    tag,
    access: "public",
    etag: true,
    success: { status: 200, description: "The campus settings", schema: campusJsonSchema },
  }),
  endpoint({
    method: "patch",
    path: "/api/campus",
    summary: "Change the campus's name, time zone or map centre",
    description:
      "Only the fields given change; `center` given as null takes the centre away (the map then centres on the middle of the trails and " +
      'benches). A `timeZone` that is no IANA name this server knows is refused (400) with a sentence naming it: `Unknown time zone "Mars/Olympus". ' +
      "Use a name like America/Chicago.`",
    tag,
    access: "admin",
    body: campusPatchSchema,
    etag: true,
    ifMatch: true,
    success: { status: 200, description: "The changed settings", schema: campusJsonSchema },
  }),
];
