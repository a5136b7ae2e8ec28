import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

type Window = { max: number; windowMs: number };
type Policy = { client: Window; account: Window };

const MINUTE = 60_000;

/**
 * Limits per client address and per account (email or user id). The account limit is what stops a
 * spread-out guessing attack on one person; the client limit stops one machine from trying many accounts.
 * RATE_LIMIT_FACTOR scales every maximum (tests sign in far more often than people do).
 */
export const rateLimitPolicies = {
  signIn: { client: { max: 30, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
  signUp: { client: { max: 10, windowMs: 60 * MINUTE }, account: { max: 5, windowMs: 60 * MINUTE } },
  resetRequest: { client: { max: 10, windowMs: 60 * MINUTE }, account: { max: 3, windowMs: 60 * MINUTE } },
  feedback: { client: { max: 20, windowMs: 60 * MINUTE }, account: { max: 10, windowMs: 60 * MINUTE } },
} satisfies Record<string, Policy>;

export type RateLimitAction = keyof typeof rateLimitPolicies;

export function scaledMax(max: number, factor = env.RATE_LIMIT_FACTOR) {
  return Math.max(1, Math.round(max * factor));
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

export async function deleteExpiredRateLimits(now = new Date()) {
  return (await prisma.rateLimit.deleteMany({ where: { resetAt: { lte: now } } })).count;
}

/**
 * The client's address: the first X-Forwarded-For hop (the app runs behind one proxy that sets it).
 * Without the header every direct client shares one bucket; the per-account limit still applies.
 */
export function clientAddress(request: Request) {
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("X-Real-IP")?.trim() || "direct";
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt of an action for this client and (when known) this account. */
export async function checkRateLimit(
  request: Request,
  action: RateLimitAction,
  account?: string | null,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const policy: Policy = rateLimitPolicies[action];
  const checks: [string, Window][] = [[`${action}:client:${clientAddress(request)}`, policy.client]];
  if (account) checks.push([`${action}:account:${account.trim().toLowerCase()}`, policy.account]);
  for (const [key, window] of checks) {
    const hit = await hitRateLimit(key.slice(0, 200), scaledMax(window.max), window.windowMs, now);
    if (!hit.allowed) {
      log("warn", "rate limit exceeded", { action, key: key.split(":").slice(0, 2).join(":") });
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000)) };
    }
  }
  // Old counters are dead weight; trimming now and then keeps the table small without a scheduler.
  if (Math.random() < 0.02) await deleteExpiredRateLimits(now).catch(() => {});
  return { allowed: true };
}

export function retryAfterHeaders(verdict: RateLimitVerdict) {
  return verdict.allowed ? undefined : { "Retry-After": String(verdict.retryAfterSeconds) };
}
