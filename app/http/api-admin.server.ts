import type * as z from "zod";
import { ApiError, apiPage } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readQuery, requireId } from "~/http/api-input.server";
import { requireApiAdmin } from "~/http/api-auth.server";
import { currentTagOf, readIfMatch } from "~/http/api-versions.server";
import type { Refusal } from "~/models/refusal";

// What the admin-only API routes share: the check comes first, before anything of the request is read.

type PageQuery = z.ZodType<{ cursor?: string; limit: number }>;

/**
 * An admin list at `path`, a page at a time: `?cursor=` and `?limit=` read by `query`, and `list` giving
 * the page's rows as JSON and the model's cursor after them.
 */
export function adminPageRoute(
  path: string,
  query: PageQuery,
  list: (page: { cursor?: string; take: number }) => Promise<{ rows: unknown[]; next: string | null }>,
) {
  return apiRoute({
    GET: async ({ request }) => {
      await requireApiAdmin(request);
      const { cursor, limit } = readQuery(request, query);
      const { rows, next } = await list({ cursor, take: limit });
      return apiPage(rows, { path, next, limit });
    },
  });
}

/** An admin's edit or deletion of one versioned record: its id from the path, and the version it is based on. */
export async function readAdminEdit(request: Request, id: string | undefined, noun: string) {
  await requireApiAdmin(request);
  return { id: requireId(id, noun), base: readIfMatch(request) };
}

type Failure = { ok: false; reason: string } | { ok: false; reason: string; current: { version: number } };

/**
 * A model's answer to such an edit when it was done; its refusal otherwise, thrown as the API's error by the
 * model's table, with the record's current ETag when it still exists.
 */
export function editedOrRefused<Result extends { ok: true } | Failure>(
  result: Result,
  refusals: Record<Extract<Result, { ok: false }>["reason"], Refusal>,
): Extract<Result, { ok: true }> {
  if (result.ok) return result as Extract<Result, { ok: true }>;
  const failure = result as Extract<Result, { ok: false }>;
  throw ApiError.refused(refusals[failure.reason as keyof typeof refusals], currentTagOf(failure));
}
