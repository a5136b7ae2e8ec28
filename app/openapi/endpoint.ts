import type * as z from "zod";

/**
 * The description of one /api endpoint, made from the same zod schemas its route validates with.
 * `GET /api/openapi.json` is generated from these (app/openapi/document.server.ts).
 */
export type EndpointDoc = {
  method: "get" | "post" | "patch" | "put" | "delete";
  /** OpenAPI path template, e.g. /api/trails/{id}/coordinate/{index}. */
  path: string;
  summary: string;
  /** Longer prose for the OpenAPI operation: rules a client must know to call it right. */
  description?: string;
  tag: string;
  /** Who may call it; user and admin endpoints accept a bearer token or the session cookie. */
  access: "public" | "user" | "admin";
  /** Kept for older clients; new ones should use the operation this names. */
  deprecatedFor?: string;
  body?: z.ZodType;
  /** Optional query parameters, described by an object schema. */
  query?: z.ZodObject;
  success: {
    status: number;
    description: string;
    /** zod schema of the JSON body; a string describes a text/plain answer; null: no body (204). */
    schema: z.ZodType | { text: string } | null;
  };
  /** Other 2xx answers the endpoint gives in named circumstances (sign-in's 202 when a link was mailed). */
  alsoAnswers?: { status: number; description: string; schema: z.ZodType }[];
  /** A list that comes a page at a time: the path its success answer's `Link: <…>; rel="next"` header names. */
  pagedAt?: string;
  /** The success answer names the resource's version in a strong `ETag` ("3"): a single trail, bench or video. */
  etag?: boolean;
  /**
   * Accepts `If-Match` with that ETag: an edit based on another version is refused with 412 and changes
   * nothing; without the header the edit applies to the resource as it is (last write wins).
   */
  ifMatch?: boolean;
  /** When the success answer may carry a `Warning` header: what it means. */
  warning?: string;
  /** Error statuses this endpoint can answer besides the common ones (400 for bodies, 401/403, 404 for ids). */
  errors?: number[];
};

export function endpoint(doc: EndpointDoc): EndpointDoc {
  return doc;
}
