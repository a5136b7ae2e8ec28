import { addressBucket } from "~/http/address-bucket.server";
import { clientAddress } from "~/http/client-address.server";
import { log } from "~/utils/logger.server";
import {
  clearRateLimit,
  counterKey,
  hitRateLimit,
  rateLimitPolicies,
  refundRateLimit,
  scaledMax,
  signInPolicy,
  type HitResult,
  quotaMessage,
  type QuotaKind,
  type RateLimitAction,
  type Window,
} from "~/utils/rate-limit-counter.server";

/**
 * The bucket of the client that sent the request: its address as the request gate determined it (never
 * a header the client chose), IPv6 clients by their /64.
 */
export function rateLimitClient(request: Request) {
  return addressBucket(clientAddress(request));
}

function accountName(account: string) {
  return account.trim().toLowerCase();
}

type Scope = "client" | "account";
export type RateLimitVerdict =
  { allowed: true; counted?: string[] } | { allowed: false; scope: Scope; retryAfterSeconds: number };

/** A refusal waits until the window that refused closes: whole seconds, rounded up, as Retry-After says. */
function refusal(action: string, scope: Scope, hit: HitResult, now: Date): RateLimitVerdict & { allowed: false } {
  log("warn", "rate limit exceeded", { action, scope });
  return {
    allowed: false,
    scope,
    retryAfterSeconds: Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Counts one attempt of an action for this client and (when known) this account. */
export async function checkRateLimit(
  request: Request,
  action: RateLimitAction,
  account?: string | null,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const policy = rateLimitPolicies[action];
  const checks: [Scope, string, Window][] = [
    ["client", counterKey(action, "client", rateLimitClient(request)), policy.client],
  ];
  if (account) checks.push(["account", counterKey(action, "account", accountName(account)), policy.account]);
  for (const [scope, key, window] of checks) {
    const hit = await hitRateLimit(key, scaledMax(window.max), window.windowMs, now);
    if (!hit.allowed) return refusal(action, scope, hit, now);
  }
  return { allowed: true, counted: checks.map(([, key]) => key) };
}

export type QuotaVerdict =
  { allowed: true; refund(): Promise<void> } | { allowed: false; retryAfterSeconds: number; message: string };

/**
 * Counts one write of `kind` by this account and this client; over either quota, the sentence to show.
 * A write that was then refused for another reason (a wrong current password) gives its count back.
 */
export async function checkQuota(request: Request, kind: QuotaKind, accountId: string): Promise<QuotaVerdict> {
  const verdict = await checkRateLimit(request, kind, accountId);
  if (!verdict.allowed)
    return {
      allowed: false,
      retryAfterSeconds: verdict.retryAfterSeconds,
      message: quotaMessage(kind, verdict.scope, verdict.retryAfterSeconds),
    };
  const counted = verdict.counted ?? [];
  return { allowed: true, refund: async () => void (await Promise.all(counted.map((key) => refundRateLimit(key)))) };
}

/** A profile change counts against the profile quota, and a new email also against the email quota. */
export async function profileQuota(
  request: Request,
  user: { id: string; email: string },
  newEmail: string | null | undefined,
): Promise<QuotaVerdict> {
  const profile = await checkQuota(request, "profileChange", user.id);
  if (!profile.allowed) return profile;
  if (!newEmail || newEmail.trim().toLowerCase() === user.email.toLowerCase()) return profile;
  const email = await checkQuota(request, "emailChange", user.id);
  if (!email.allowed) {
    await profile.refund();
    return email;
  }
  return { allowed: true, refund: async () => void (await Promise.all([profile.refund(), email.refund()])) };
}

type SignInTicket = { compare: false } | { compare: true; underAttack: boolean; succeeded: () => Promise<void> };

/**
 * Opens one sign-in attempt on an email: whether its password may be compared at all. Every counter is
 * taken up front, so a burst of parallel attempts cannot all slip under a limit before the first failure
 * is written. Past a limit of this client's (attempts, which cost a bcrypt hash each; or failures, per
 * address and per address and account) nothing is compared (`compare: false`), and the attempt gives
 * back what it took; the caller mails a link instead. An attempt that succeeds (`succeeded`) gives its
 * failure hits back and clears this client's failures on this account. What stays counted is exactly
 * the failures, and the attempts.
 *
 * `underAttack`: the account has had `signInPolicy.account.linkAfter` failures (or attempts still
 * running) within the hour, from anywhere, before this one. It never delays or refuses this attempt;
 * it only decides whether a right password from an unknown device earns a session or a link.
 */
export async function beginSignIn(request: Request, email: string, now = new Date()): Promise<SignInTicket> {
  const client = rateLimitClient(request);
  const account = accountName(email);
  const clientKey = counterKey("signIn", "client", client);
  const pairKey = counterKey("signIn", "client-account", client, account);
  const accountKey = counterKey("signIn", "account", account);
  // Attempts of any outcome, which successes do not give back: each costs a bcrypt hash.
  const attempts = await checkRateLimit(request, "signInAttempt", `${client}|${account}`, now);
  if (!attempts.allowed) return { compare: false };
  const limits: [Scope, string, Window][] = [
    ["client", clientKey, signInPolicy.client],
    ["account", pairKey, signInPolicy.clientAccount],
  ];
  const taken: string[] = [];
  for (const [scope, key, window] of limits) {
    const hit = await hitRateLimit(key, scaledMax(window.max), window.windowMs, now);
    taken.push(key);
    if (!hit.allowed) {
      log("warn", "rate limit exceeded", { action: "signIn", scope });
      // Nothing is compared: neither a failure nor a hash to count.
      for (const key of [...taken, ...(attempts.counted ?? [])]) await refundRateLimit(key);
      return { compare: false };
    }
  }
  const accountHit = await hitRateLimit(accountKey, Number.MAX_SAFE_INTEGER, signInPolicy.account.windowMs, now);
  return {
    compare: true,
    underAttack: accountHit.count - 1 >= signInPolicy.account.linkAfter,
    succeeded: async () => {
      await refundRateLimit(clientKey);
      await refundRateLimit(accountKey);
      await clearRateLimit(pairKey);
    },
  };
}

/**
 * A route's `headers`: a page whose action was refused by a limit carries the action's Retry-After on the
 * rendered document (Remix drops action headers from documents unless a route passes them on).
 */
export function passRetryAfter({ actionHeaders }: { actionHeaders: Headers }): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** Retry-After for a refusal that waits (a limit's verdict, or a model's refusal by a limit); none otherwise. */
export function retryAfterHeaders(verdict: { allowed?: boolean; retryAfterSeconds?: number }) {
  return verdict.allowed || verdict.retryAfterSeconds === undefined
    ? undefined
    : { "Retry-After": String(verdict.retryAfterSeconds) };
}
