import { ApiError, apiJson } from "~/http/api-answers.server";
import { MAX_VERSION } from "~/schemas/version";

// Versions: a trail, a bench or a video answered alone carries `ETag: "<version>"` (a strong tag: the
// version moves with every edit of what the answer shows), and an edit of one accepts `If-Match` with
// it. A mismatch is refused with 412 and nothing changes; no If-Match (the old client) applies the edit
// to the resource as it is (last write wins). Answers are never cached (no-store): the tag is for edits.

/** The entity tag of a version: `"3"`. */
export function versionTag(version: number) {
  return `"${version}"`;
}

/** The JSON answer about one versioned resource, with `ETag` naming its version. */
export function apiVersioned<Body extends { version: number }>(body: Body, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("ETag", versionTag(body.version));
  return apiJson(body, { ...init, headers });
}

/** The headers of a refusal about a resource that exists: its current ETag, for a client to retry with. */
export function currentTagOf(
  failure: { ok: false } | { ok: false; current: { version: number } },
): HeadersInit | undefined {
  return "current" in failure ? { ETag: versionTag(failure.current.version) } : undefined;
}

const IF_MATCH_MESSAGE = 'If-Match must be "*" or a list of entity tags such as "3", as sent in ETag.';

const ENTITY_TAG = /^(?:W\/)?"([\x21\x23-\x7e]*)"$/;

/**
 * The versions an `If-Match` header names (RFC 9110 §13.1.1) as an edit's base: nothing when it is
 * absent or `*` (any current version will do). A weak tag counts for its version: ours name a version,
 * not the bytes, so a proxy that weakens them when compressing changes nothing they mean. A tag that
 * names no version we make (`"abc"`) matches none. A header that is no list of tags is refused (400).
 */
export function readIfMatch(request: Request): { ifMatch?: number[] } {
  const header = request.headers.get("If-Match");
  if (header === null || header.trim() === "*") return {};
  // A list may have empty elements ("3", , "4"), but not only those.
  const tags = header
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean)
    .map((tag) => ENTITY_TAG.exec(tag)?.[1]);
  if (tags.length === 0 || tags.some((tag) => tag === undefined)) throw new ApiError(400, IF_MATCH_MESSAGE);
  const versions = tags.filter((tag): tag is string => /^\d{1,10}$/.test(tag ?? "")).map(Number);
  return { ifMatch: versions.filter((version) => version <= MAX_VERSION) };
}
