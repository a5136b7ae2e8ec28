import type { Refusal } from "~/models/refusal";

// What every API answer is made of: JSON with the API's headers, the error shape, a page of a list.

/** An answer to the client with a status and a human message; thrown from anywhere in an API handler. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Headers the answer carries besides the API's own (e.g. clearing a cookie). */
    readonly headers?: HeadersInit,
  ) {
    super(message);
  }

  /** A model's refusal, answered as its table says (with headers of its own, e.g. the current ETag). */
  static refused({ status, message, fieldErrors, retryAfterSeconds }: Refusal, headers?: HeadersInit) {
    const all = new Headers(headers);
    if (retryAfterSeconds !== undefined) all.set("Retry-After", String(retryAfterSeconds));
    return new ApiError(status, message, fieldErrors, all);
  }
}

export function errorBody(message: string, fieldErrors?: Record<string, string[]>) {
  return fieldErrors ? { message, error: message, fieldErrors } : { message, error: message };
}

/** JSON with the headers every API answer carries. */
export function apiJson(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

/** An answer whose JSON text is already made (see `jsonOnce`), with the headers every API answer carries. */
export function apiJsonText(text: string, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  return new Response(text, { ...init, headers });
}

/**
 * `serialize` as JSON text, made once per source object. For data a versioned cache holds
 * (app/utils/versioned-cache.server.ts): the cache hands out the same object until its version moves and
 * then a new one, so the text is made again exactly when the data changed, on every instance. The source
 * must not change while it is held, which the versioned caches promise already.
 */
export function jsonOnce<Source extends object>(serialize: (source: Source) => unknown): (source: Source) => string {
  const texts = new WeakMap<Source, string>();
  return (source) => {
    let text = texts.get(source);
    if (text === undefined) {
      text = JSON.stringify(serialize(source));
      texts.set(source, text);
    }
    return text;
  };
}

/**
 * One page of a list: a bare array, as every list of this API, with the next page's address in a
 * `Link: <…>; rel="next"` header (RFC 8288) when there is one; the last page has none. `path` is the
 * list's own, `next` the model's cursor after this page, `query` the list's filters the next page keeps.
 */
export function apiPage(
  rows: unknown[],
  {
    path,
    next,
    limit,
    query = {},
  }: { path: string; next: string | null; limit: number; query?: Record<string, string | undefined> },
) {
  const kept = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const link = next
    ? `<${path}?${new URLSearchParams([...kept, ["cursor", next], ["limit", String(limit)]])}>; rel="next"`
    : null;
  return apiJson(rows, link ? { headers: { Link: link } } : {});
}

/**
 * A `Warning` header (RFC 7234's form; code 299, "miscellaneous persistent warning") for an answer that
 * succeeded but did something other than what was literally asked, e.g. stored a corrected value.
 */
export function warningHeader(text: string): HeadersInit {
  return { Warning: `299 - "${text.replace(/["\\]/g, "\\$&")}"` };
}
