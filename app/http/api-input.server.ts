import type * as z from "zod";
import { ApiError } from "~/http/api-answers.server";
import { isId } from "~/schemas/id";

// What an API call sends, read through the shared schemas: a refusal names each field in the error shape.

/** Ids are 24 hex characters; anything else cannot exist, so it is a 404 like an unknown id. */
export function requireId(value: string | undefined, what = "Resource"): string {
  if (!isId(value)) throw new ApiError(404, `${what} not found.`);
  return value;
}

/** zod issues as { field: [messages] }, the shape Conform uses for forms too. */
function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    (result[key] ??= []).push(issue.message);
  }
  return result;
}

/** The value the shared schema makes of `raw`; refused with 400, the first message, and every field's messages. */
function validated<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const first = Object.values(fieldErrors)[0]?.[0] ?? "Invalid request.";
    throw new ApiError(400, first, fieldErrors);
  }
  return parsed.data;
}

/** Validates the query string with the shared schema (400 naming each field otherwise). */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return validated(schema, Object.fromEntries(new URL(request.url).searchParams));
}

/** Reads a JSON (or form-encoded) body and validates it with the shared schema. */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  // The request gate has already refused bodies over its limit, so reading this one whole is safe.
  const text = await request.text();
  let raw: unknown = {};
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    raw = Object.fromEntries(new URLSearchParams(text));
  } else if (text.trim() !== "") {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError(400, "The request body is not valid JSON.");
    }
  }
  return validated(schema, raw);
}
