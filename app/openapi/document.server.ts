import * as z from "zod";
import type { EndpointDoc } from "~/openapi/endpoint";

const errorSchema = {
  type: "object",
  properties: {
    message: { type: "string" },
    error: { type: "string" },
    fieldErrors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
  required: ["message", "error"],
};

const errorDescriptions: Record<number, string> = {
  400: "Invalid input (fieldErrors names each field)",
  401: "Not signed in, or the token was revoked",
  403: "Not allowed for this role, or a cookie-authenticated write without X-XSRF-TOKEN",
  404: "Unknown or malformed id",
  409: "Conflicts with existing data (duplicate, or a stale edit)",
  412: "If-Match names a version that is no longer current: nothing was changed (the answer's ETag is the current one)",
  413: "Body too large",
  429: "Too many attempts; try again later",
};

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

function parametersOf(doc: EndpointDoc) {
  const inPath = [...doc.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: name === "index" ? { type: "integer", minimum: 0 } : { type: "string" },
  }));
  const query = doc.query
    ? (jsonSchema(doc.query, "input") as { properties?: Record<string, unknown>; required?: string[] })
    : {};
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  const inHeader = doc.ifMatch
    ? [
        {
          name: "If-Match",
          in: "header",
          required: false,
          description:
            'The ETag of the version this edit is based on (from a GET or an earlier edit\'s answer). When the resource has changed since, the edit is refused with 412 and nothing changes. "*" or no header: the edit applies to the resource as it is (last write wins).',
          schema: { type: "string", example: '"3"' },
        },
      ]
    : [];
  return [...inPath, ...inQuery, ...inHeader];
}

const etagHeader = {
  description:
    "The version of the resource in this answer, a strong entity tag; send it back in If-Match to edit this version only.",
  schema: { type: "string", example: '"3"' },
};

/** OpenAPI 3.1 for the given endpoints. */
export function buildOpenApiDocument(docs: EndpointDoc[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    const errors = new Set<number>(doc.errors ?? []);
    if (doc.body) errors.add(400).add(413);
    if (doc.query) errors.add(400);
    if (doc.access !== "public") errors.add(401);
    if (doc.access === "admin") errors.add(403);
    if (/\{(id|userId|videoId)\}/.test(doc.path)) errors.add(404);
    if (doc.ifMatch) errors.add(400).add(412);
    const responses: Record<string, unknown> = {
      [doc.success.status]: {
        description: doc.success.description,
        ...(doc.warning || doc.pagedAt || doc.etag
          ? {
              headers: {
                ...(doc.etag ? { ETag: etagHeader } : {}),
                ...(doc.warning
                  ? { Warning: { description: doc.warning, schema: { type: "string", example: '299 - "…"' } } }
                  : {}),
                ...(doc.pagedAt
                  ? {
                      Link: {
                        description: "The next page's address (RFC 8288), followed as given; absent on the last page.",
                        schema: { type: "string", example: `<${doc.pagedAt}?cursor=…&limit=…>; rel="next"` },
                      },
                    }
                  : {}),
              },
            }
          : {}),
        ...(doc.success.schema === null
          ? {}
          : {
              content:
                "text" in doc.success.schema
                  ? { "text/plain": { schema: { type: "string", description: doc.success.schema.text } } }
                  : { "application/json": { schema: jsonSchema(doc.success.schema, "output") } },
            }),
      },
    };
    for (const other of doc.alsoAnswers ?? []) {
      responses[other.status] = {
        description: other.description,
        content: { "application/json": { schema: jsonSchema(other.schema, "output") } },
      };
    }
    for (const status of [...errors].sort()) {
      responses[status] = {
        description: errorDescriptions[status] ?? "Error",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
    }
    (paths[doc.path] ??= {})[doc.method] = {
      summary: doc.summary,
      ...(doc.description || doc.deprecatedFor
        ? {
            description: [
              doc.description,
              doc.deprecatedFor ? `Kept for older clients: use ${doc.deprecatedFor}.` : null,
            ]
              .filter(Boolean)
              .join(" "),
          }
        : {}),
      ...(doc.deprecatedFor ? { deprecated: true } : {}),
      tags: [doc.tag],
      security: doc.access === "public" ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }],
      ...(parametersOf(doc).length ? { parameters: parametersOf(doc) } : {}),
      ...(doc.body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": { schema: jsonSchema(doc.body, "input") },
                "application/x-www-form-urlencoded": { schema: jsonSchema(doc.body, "input") },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Walking Trails API",
      version: "1.0.0",
      description:
        "JSON API of the Walking Trails app. Authenticate with `Authorization: Bearer <token>` (the token from " +
        "POST /api/user/signin) or with the session cookie; cookie-authenticated writes must send the " +
        "XSRF-TOKEN cookie's value in the X-XSRF-TOKEN header.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer" },
        sessionCookie: { type: "apiKey", in: "cookie", name: "__session" },
      },
    },
  };
}
