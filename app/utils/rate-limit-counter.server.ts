import { createHash } from "node:crypto";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";

// The counters behind every rate limit, in a table shared by all instances. The request-level limits
// (per client, sign-in) are in app/http/rate-limit.server.ts; the models count what only they can see
// (wrong current passwords, reset mails per address) here directly.

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

export type Window = { max: number; windowMs: number };
type Policy = { client: Window; account: Window };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
  // Quotas on what a signed-in account writes: numbers no real person meets, so one account,
  // or one machine working through many, cannot grow the tables the others read from.
  walk: { client: { max: 100, windowMs: DAY }, account: { max: 30, windowMs: DAY } },
  reaction: { client: { max: 600, windowMs: HOUR }, account: { max: 300, windowMs: HOUR } },
  view: { client: { max: 1_000, windowMs: HOUR }, account: { max: 500, windowMs: HOUR } },
  profileChange: { client: { max: 60, windowMs: HOUR }, account: { max: 20, windowMs: HOUR } },
  emailChange: { client: { max: 20, windowMs: DAY }, account: { max: 5, windowMs: DAY } },
  report: { client: { max: 30, windowMs: DAY }, account: { max: 10, windowMs: DAY } },
  // Every sign-in is a bcrypt hash on our CPU, a successful one too. Counted per client and per client
  // and account, never per account alone: a stranger's attempts can never use up the owner's.
  signInAttempt: { client: { max: 300, windowMs: HOUR }, account: { max: 30, windowMs: HOUR } },
  // Sign-in links (decision 040): at most a few mails an hour to one account, so whoever holds the
  // password cannot flood the owner's inbox; and tries of a link's button per client, like any form.
  signInLink: { client: { max: 30, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  // Email confirmation: mails to one address (a link, or word that someone tried it) a few an hour, from
  // however many accounts; and tries of the confirm button per client.
  emailConfirm: { client: { max: 30, windowMs: HOUR }, account: { max: 3, windowMs: HOUR } },
} satisfies Record<string, Policy>;

/** What a person reads when a quota stops them: what the limit is, and when they can go on. */
export const quotaMessages = {
  walk: "You have logged 30 walks today, the most one account can log in a day. Please log more tomorrow.",
  reaction: "You have changed your reactions very many times this hour. Please try again later.",
  view: "You have started very many videos this hour. Please try again later.",
  profileChange: "You have changed your profile 20 times this hour, the most we accept. Please try again later.",
  emailChange: "You have changed your email 5 times today, the most we accept. Please try again tomorrow.",
  report: "You have sent 10 reports today, the most we accept. Please try again tomorrow.",
  signInAttempt: "Too many sign-ins from here this hour. Please wait a while and try again.",
} satisfies Partial<Record<keyof typeof rateLimitPolicies, string>>;

export type QuotaKind = keyof typeof quotaMessages;

export type RateLimitAction = keyof typeof rateLimitPolicies;

/**
 * Sign-in counts failures, and only a client's own failures can refuse it: one client may fail 30 times
 * in all, or 10 times on one account. Failures on an account from everyone together never refuse and
 * never slow anyone down (either would let a stranger lock the owner out or make them wait). From
 * `linkAfter` failures within the hour, the right password from a device without the account's device
 * cookie earns a one-time sign-in link by mail instead of a session (decision 040), while the owner's
 * own devices sign in at once. `linkAfter` is a fixed number and is not scaled by RATE_LIMIT_FACTOR:
 * it refuses nothing, it only decides which way a right password goes.
 */
export const signInPolicy = {
  client: { max: 30, windowMs: 15 * MINUTE },
  clientAccount: { max: 10, windowMs: 15 * MINUTE },
  account: { linkAfter: 20, windowMs: HOUR },
};

export function scaledMax(max: number, factor = env.RATE_LIMIT_FACTOR) {
  return Math.max(1, Math.round(max * factor));
}

/** A counter's key; long ones (emails may take 254 characters) are hashed to fit the column whole. */
export function counterKey(...parts: string[]) {
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
export async function refundRateLimit(key: string, now = new Date()) {
  await prisma.$executeRaw`
    UPDATE "RateLimit" SET "count" = GREATEST("count" - 1, 0) WHERE "key" = ${key} AND "resetAt" > ${now}`;
}

/** Forgets a counter altogether. */
export async function clearRateLimit(key: string) {
  await prisma.rateLimit.deleteMany({ where: { key } });
}

/** Forgets counters whose window has closed: they count nothing any more. Returns how many. */
export async function sweepClosedRateLimits(now = new Date()) {
  return (await prisma.rateLimit.deleteMany({ where: { resetAt: { lte: now } } })).count;
}
