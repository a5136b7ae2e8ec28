import { deliverPasswordReset } from "~/models/password-reset.server";
import { userMessages } from "~/schemas/user";
import { checkRateLimit, retryAfterHeaders, type RateLimitVerdict } from "~/http/rate-limit.server";
import { runAfterAnswer } from "~/utils/background.server";
import { isDatabaseUnavailable } from "~/utils/database.server";
import { rateLimitMessage } from "~/utils/rate-limit-counter.server";

type ResetRequestAnswer =
  | { ok: true }
  | { ok: false; reason: "rate-limited"; verdict: RateLimitVerdict & { allowed: false } }
  | { ok: false; reason: "unavailable" };

/**
 * The one way a reset is asked for: the sign-in page's reset mode, the standalone page and the API all
 * call this with an address their schema accepted. What the asker learns, and how long it takes, is the
 * same for every address: the client's own rate limit is counted, the delivery is queued, and the
 * answer goes back. Whether the address has an account, whether it has had too many mails, and whether
 * the mail could be sent are settled after the answer (`deliverPasswordReset`), out of the asker's sight.
 */
export async function requestPasswordReset(request: Request, email: string): Promise<ResetRequestAnswer> {
  let verdict: RateLimitVerdict;
  try {
    verdict = await checkRateLimit(request, "resetRequest");
  } catch (error) {
    // The request cannot even be counted: say so, rather than promise a mail that cannot follow.
    if ((error instanceof Response && error.status === 503) || isDatabaseUnavailable(error))
      return { ok: false, reason: "unavailable" };
    throw error;
  }
  if (!verdict.allowed) return { ok: false, reason: "rate-limited", verdict };
  runAfterAnswer("password reset mail", () => deliverPasswordReset(email));
  return { ok: true };
}

/** How the pages and the API answer a request that was not accepted. */
export function resetRequestRefusal(answer: Exclude<ResetRequestAnswer, { ok: true }>) {
  return answer.reason === "rate-limited"
    ? {
        status: 429,
        message: rateLimitMessage(answer.verdict.retryAfterSeconds),
        headers: retryAfterHeaders(answer.verdict),
      }
    : { status: 503, message: userMessages.resetLinkError, headers: undefined };
}
