import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { refusalReply } from "~/http/form-submission.server";
import { adminAreaUrl, type AdminOption } from "~/lib/navigation";
import type { Refusal } from "~/models/refusal";
import type { SessionUser } from "~/models/session.server";
import { parseSearchQuery } from "~/schemas/text";
import { ADMIN_LIST_PAGE, LIST_COUNT_CAP, readListPage, type PageSize } from "~/schemas/page";
import type { AreaReply } from "./area";

/** One admin area on the server: what its page loads, and what its forms' submissions do. */
export type AreaServer = {
  load(url: URL, admin: SessionUser): Promise<{ searchError: string | null }>;
  act(request: Request, formData: FormData, admin: SessionUser): Promise<Response | ReturnType<typeof reply>>;
};

/** A refused submission, answered with the reply the area's page shows and the refusal's status. */
function reply(intent: string, result: SubmissionResult<string[]>, status: number) {
  return data<AreaReply>({ intent, result }, { status });
}

type AnySubmission = Pick<Submission<unknown, string[], unknown>, "reply" | "payload">;
type RefusedSubmission = AnySubmission & { error?: Record<string, string[] | null> | null };

/** A model's refusal of a submission: its message at the fields it concerns, or above the form. */
export function refused(intent: string, submission: AnySubmission, refusal: Refusal) {
  return reply(intent, refusalReply(submission, refusal), refusal.status);
}

const NOT_UNDERSTOOD = "The request was not understood. Please try again.";

/**
 * A submission the area's schema refused. Each message about a field the admin typed in shows at that
 * field; a refused hidden field (an id, the intent) means the form was tampered with, and is said above it.
 */
export function invalid(submission: RefusedSubmission, typedFields: readonly string[] = []) {
  const intent = typeof submission.payload.intent === "string" ? submission.payload.intent : "";
  const tampered = Object.keys(submission.error ?? {}).some((name) => name !== "" && !typedFields.includes(name));
  return reply(intent, submission.reply(tampered ? { formErrors: [NOT_UNDERSTOOD] } : undefined), 400);
}

/** The confirmation a URL asks for (?confirm=<kind>), when it is one the area knows. */
export function confirmationIn<Kind extends string>(url: URL, kinds: readonly Kind[]): Kind | null {
  const kind = url.searchParams.get("confirm");
  return (kinds as readonly string[]).includes(kind ?? "") ? (kind as Kind) : null;
}

/**
 * Where a paginated list stands, all of it in the URL: its search (`q`), the page (`cursor`, from the
 * Older link) and the page size (`limit`, kept only when not the list's default, `size`). Every link and
 * form of the area carries it, so a change or a confirmation comes back to the same page of the same search.
 */
export function listPlace(url: URL, q: string, size: PageSize = ADMIN_LIST_PAGE) {
  const { cursor, limit } = readListPage(url.searchParams, size);
  return { place: { q, cursor, limit: limit === size.defaultSize ? null : String(limit) }, take: limit };
}

/** Where a searched list stands: its `q` (empty, with the reason, when the search is refused) and its place. */
export function searchedListPlace(url: URL, size: PageSize = ADMIN_LIST_PAGE) {
  const { q, error: searchError } = parseSearchQuery(url.searchParams.get("q"));
  return { q, searchError, ...listPlace(url, q, size) };
}

/**
 * The links between an area's pages (GET links, so they work without JavaScript), landing on the list:
 * Older after this page when the model says more follow, Newest back to the first page when this is a
 * later one. And the number of matching rows, counted in SQL up to LIST_COUNT_CAP (`more`: beyond it).
 */
export function listPages(
  option: AdminOption,
  place: { cursor: string | null } & Record<string, string | null>,
  next: string | null,
  count: number,
  anchor: string,
) {
  return {
    older: next ? `${adminAreaUrl(option, { ...place, cursor: next })}#${anchor}` : null,
    newest: place.cursor ? `${adminAreaUrl(option, { ...place, cursor: null })}#${anchor}` : null,
    count: Math.min(count, LIST_COUNT_CAP),
    more: count > LIST_COUNT_CAP,
  };
}
