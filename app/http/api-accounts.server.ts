import { requestPasswordReset, resetRequestRefusal } from "~/http/password-reset.server";
import { resetRequestSchema } from "~/schemas/user-forms";
import { userMessages } from "~/schemas/user";
import { apiJson, ApiError, errorBody } from "~/http/api-answers.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiUser } from "~/http/api-auth.server";
import { checkRateLimit, retryAfterHeaders } from "~/http/rate-limit.server";
import { rateLimitMessage, type RateLimitAction } from "~/utils/rate-limit-counter.server";
import { noteApiAdmin } from "~/http/admin-audit.server";

// Pieces several account API routes share; the rules themselves live in the models.

/** The reset calls answer with plain text, which the old web client displays as is (docs/api.md). */
export function textResponse(text: string, status = 200) {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** The 429 answer, with the seconds to wait in Retry-After and the same wait in its sentence. */
function tooManyAttempts(retryAfterSeconds: number) {
  return apiJson(errorBody(rateLimitMessage(retryAfterSeconds)), {
    status: 429,
    headers: retryAfterHeaders({ allowed: false, retryAfterSeconds }),
  });
}

/** Counts one attempt; over the limit, the 429 answer to return instead. */
export async function rateLimited(
  request: Request,
  kind: RateLimitAction,
  account?: string | null,
): Promise<Response | null> {
  const verdict = await checkRateLimit(request, kind, account);
  return verdict.allowed ? null : tooManyAttempts(verdict.retryAfterSeconds);
}

/**
 * POST /api/auth/send-reset-link and /api/send-reset-link: the same 200 answer, in the same time,
 * whether or not the address has an account, so the call cannot be used to find out who is registered.
 */
export async function sendResetLink({ request }: { request: Request }) {
  const { email } = await readBody(request, resetRequestSchema);
  const answer = await requestPasswordReset(request, email);
  if (answer.ok) return textResponse(userMessages.resetLinkSent);
  const refusal = resetRequestRefusal(answer);
  if (answer.reason === "rate-limited")
    return apiJson(errorBody(refusal.message), { status: refusal.status, headers: refusal.headers });
  return textResponse(refusal.message, refusal.status);
}

/** People act on their own account; administrators on anyone's. Others get 403. */
export async function requireSelfOrAdmin(request: Request, userIdParam: string | undefined, refusal: string) {
  const auth = await requireApiUser(request);
  const userId = requireId(userIdParam, "User");
  const self = auth.user.id === userId;
  if (!self && auth.user.role !== "Admin") throw new ApiError(403, refusal);
  if (!self) noteApiAdmin(request, auth.user.id);
  return { auth, userId, self };
}
