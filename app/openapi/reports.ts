import * as z from "zod";
import { endpoint, type EndpointDoc } from "~/openapi/endpoint";
import {
  REPORT_API_PAGE,
  reportInputSchema,
  reportJsonSchema,
  reportListQuerySchema,
  reportStatusSchema,
} from "~/schemas/report";

const tag = "Reports";

export const reportsEndpoints: EndpointDoc[] = [
  endpoint({
    method: "get",
    path: "/api/reports",
    summary: "List reports of problems, newest first, a page at a time: a User's own, an Admin's all",
    description:
      "A User gets the reports they sent, each with its status and the admins' note; an Admin gets everyone's. `status`, `category` and " +
      "`trailId` narrow the list (a trail's reports include those at its benches). " +
      `A page holds \`limit\` reports (${REPORT_API_PAGE.defaultSize} by default, at most ${REPORT_API_PAGE.maxSize}); when there are more, the answer ` +
      'carries `Link: </api/reports?…&cursor=…&limit=…>; rel="next"` with the same filters, and the last page has no Link.',
    tag,
    access: "user",
    query: reportListQuerySchema,
    pagedAt: "/api/reports",
    success: { status: 200, description: "One page of reports, newest first", schema: z.array(reportJsonSchema) },
    errors: [400],
  }),
  endpoint({
    method: "post",
    path: "/api/reports",
    summary: "Report a problem at a bench or on a trail",
    description:
      'The report is stored under the caller\'s own account with `status: "open"`, and the admins are mailed a link to it (unless the ' +
      "server's REPORT_MAIL setting is off). Reports count against a daily quota per account and per client address; past it, 429 with " +
      "Retry-After and a sentence that says when to try again.",
    tag,
    access: "user",
    body: reportInputSchema,
    success: { status: 201, description: "The stored report", schema: reportJsonSchema },
    errors: [429],
  }),
  endpoint({
    method: "patch",
    path: "/api/reports/{id}",
    summary: "Change a report's status, with an optional note the reporter reads",
    tag,
    access: "admin",
    body: reportStatusSchema,
    success: { status: 200, description: "The updated report", schema: reportJsonSchema },
  }),
];
