import { createHash } from "node:crypto";
import { addressBucket } from "~/utils/address-bucket.server";
import { clientAddress } from "~/utils/client-address.server";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

type Window = { max: number; windowMs: number };
type Policy = { client: Window; account: Window };

const MINUTE = 60_000;

/**
 * Limits per client and per account (email or user id) for actions where every attempt counts. The
 * account limit stops a spread-out flood aimed at one person; the client limit stops one machine from
 * working through many accounts. RATE_LIMIT_FACTOR scales every maximum (tests act far more often than
 * people do).
 */
export const rateLimitPolicies = {
  signUp: { client: { max: 10, windowMs: 60 * MINUTE }, account: { max: 5, windowMs: 60 * MINUTE } },
  resetRequest: { client: { max: 10, windowMs: 60 * MINUTE }, account: { max: 3, windowMs: 60 * MINUTE } },
  feedback: { client: { max: 20, windowMs: 60 * MINUTE }, account: { max: 10, windowMs: 60 * MINUTE } },
} satisfies Record<string, Policy>;

export type RateLimitAction = keyof typeof rateLimitPolicies;

/**
 * Sign-in counts failures, and only a client's own failures can refuse it: one client may fail 30 times
 * in all, or 10 times on one account. Failures on an account from everyone together never refuse (that
 * would let a stranger lock the owner out); past `slowAfter` they make every further attempt on that
 * email wait, first 250 ms, doubling per failure, at most 5 s, so guessing from many clients slows down
 * while the owner, who knows the password, still gets in.
 */
export const signInPolicy = {
  client: { max: 30, windowMs: 15 * MINUTE },
  clientAccount: { max: 10, windowMs: 15 * MINUTE },
  account: { slowAfter: 10, windowMs: 15 * MINUTE, firstDelayMs: 250, maxDelayMs: 5_000 },
};

export function scaledMax(max: number, factor = env.RATE_LIMIT_FACTOR) {
  return Math.max(1, Math.round(max * factor));
}

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

/** A counter's key; long ones (emails may take 254 characters) are hashed to fit the column whole. */
function counterKey(...parts: string[]) {
  const key = parts.join(":");
  return key.length <= 200 ? key : `${parts[0]}:${parts[1]}:sha256:${createHash("sha256").update(key).digest("hex")}`;
}

export type HitResult = { allowed: boolean; count: number; resetAt: Date };

/**
 * Counts one hit in a fixed window, atomically in the database: a single INSERT … ON CONFLICT, so
 * concurrent requests (also from several app instances) each get their own count.
 */
export async function hitRateLimit(key: string, max: number, windowMs: number, now = new Date()): Promise<HitResult> {
  const resetAt = new Date(now.getTime() + windowMs);
  const rows = await prisma.$queryRaw<{ count: number; resetAt: Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetAt})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN ${resetAt} ELSE "RateLimit"."resetAt" END
    RETURNING "count", "resetAt"`;
  const row = rows[0];
  const count = Number(row.count);
  return { allowed: count <= max, count, resetAt: new Date(row.resetAt) };
}

/** Takes back one hit that turned out not to count (within the same window only). */
async function refundRateLimit(key: string, now = new Date()) {
  await prisma.$executeRaw`
    UPDATE "RateLimit" SET "count" = GREATEST("count" - 1, 0) WHERE "key" = ${key} AND "resetAt" > ${now}`;
}

export async function deleteExpiredRateLimits(now = new Date()) {
  return (await prisma.rateLimit.deleteMany({ where: { resetAt: { lte: now } } })).count;
}

// Old counters are dead weight; trimming now and then keeps the table small without a scheduler.
async function trimNowAndThen(now: Date) {
  if (Math.random() < 0.02) await deleteExpiredRateLimits(now).catch(() => {});
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

function refusal(action: string, scope: string, hit: HitResult, now: Date): RateLimitVerdict & { allowed: false } {
  log("warn", "rate limit exceeded", { action, scope });
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000)) };
}

/** Counts one attempt of an action for this client and (when known) this account. */
export async function checkRateLimit(
  request: Request,
  action: RateLimitAction,
  account?: string | null,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const policy: Policy = rateLimitPolicies[action];
  const checks: [string, string, Window][] = [["client", counterKey(action, "client", rateLimitClient(request)), policy.client]];
  if (account) checks.push(["account", counterKey(action, "account", accountName(account)), policy.account]);
  for (const [scope, key, window] of checks) {
    const hit = await hitRateLimit(key, scaledMax(window.max), window.windowMs, now);
    if (!hit.allowed) return refusal(action, scope, hit, now);
  }
  await trimNowAndThen(now);
  return { allowed: true };
}

/**
 * How long an attempt on an account waits, given the failures (and attempts still running) on that
 * account before it: nothing up to the threshold, then 250 ms doubling per failure, capped.
 */
export function signInDelayMs(previousFailures: number, threshold = scaledMax(signInPolicy.account.slowAfter)) {
  const { firstDelayMs, maxDelayMs } = signInPolicy.account;
  if (previousFailures < threshold) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(previousFailures - threshold, 31));
}

export type SignInTicket =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; delayMs: number; succeeded: () => Promise<void> };

/**
 * Opens one sign-in attempt on an email. Every counter is taken up front, so a burst of parallel
 * attempts cannot all slip under a limit before the first failure is written; an attempt that is
 * refused gives its hits back, and one that succeeds (`succeeded`) gives them back too and clears this
 * client's failures on this account. What stays counted is exactly the failures.
 */
export async function beginSignIn(request: Request, email: string, now = new Date()): Promise<SignInTicket> {
  const client = rateLimitClient(request);
  const account = accountName(email);
  const clientKey = counterKey("signIn", "client", client);
  const pairKey = counterKey("signIn", "client-account", client, account);
  const accountKey = counterKey("signIn", "account", account);
  const limits: [string, string, Window][] = [
    ["client", clientKey, signInPolicy.client],
    ["client-account", pairKey, signInPolicy.clientAccount],
  ];
  const taken: string[] = [];
  for (const [scope, key, window] of limits) {
    const hit = await hitRateLimit(key, scaledMax(window.max), window.windowMs, now);
    taken.push(key);
    if (!hit.allowed) {
      for (const key of taken) await refundRateLimit(key);
      return refusal("signIn", scope, hit, now);
    }
  }
  const accountHit = await hitRateLimit(accountKey, Number.MAX_SAFE_INTEGER, signInPolicy.account.windowMs, now);
  await trimNowAndThen(now);
  return {
    allowed: true,
    delayMs: signInDelayMs(accountHit.count - 1),
    succeeded: async () => {
      await refundRateLimit(clientKey);
      await refundRateLimit(accountKey);
      await prisma.rateLimit.deleteMany({ where: { key: pairKey } });
    },
  };
}

export function retryAfterHeaders(verdict: RateLimitVerdict) {
  return verdict.allowed ? undefined : { "Retry-After": String(verdict.retryAfterSeconds) };
}
