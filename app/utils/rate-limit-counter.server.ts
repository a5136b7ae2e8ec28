import { createHash } from "node:crypto";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { tryAgainIn } from "~/lib/wait";

// The counters behind every rate limit, in a table shared by all instances. The request-level limits
// (per client, sign-in) are in app/http/rate-limit.server.ts; the models count what only they can see
// (wrong current passwords, reset mails per address) here directly.

/** A refusal by an attempt limit (sign-up, reset requests, feedback, link presses), with its real wait. */
export function rateLimitMessage(retryAfterSeconds: number) {
  return `Too many attempts. ${tryAgainIn(retryAfterSeconds)}`;
}

export type Window = { max: number; windowMs: number };
type Policy = { client: Window; account: Window };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Limits per client address and per account (email or user id) for actions where every attempt counts.
 * The account limit is what one person may do; the address limit stops one machine from working
 * through many accounts. A campus, a carrier or an office reaches us as one address (NAT), so each
 * address ceiling is sized for a lecture hall of some 300 people each doing what one person does in the
 * window, and still stops a script: a few hundred sign-ups an hour at most (docs/operations.md, "Behind
 * a campus NAT"). RATE_LIMIT_FACTOR scales every maximum (tests act far more often than people do).
 */
export const rateLimitPolicies = {
  signUp: { client: { max: 300, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  resetRequest: { client: { max: 300, windowMs: HOUR }, account: { max: 3, windowMs: HOUR } },
  feedback: { client: { max: 300, windowMs: HOUR }, account: { max: 10, windowMs: HOUR } },
  // Quotas on what a signed-in account writes: numbers no real person meets, so one account, or one
  // machine working through many, cannot grow the tables the others read from.
  walk: { client: { max: 1_000, windowMs: DAY }, account: { max: 30, windowMs: DAY } },
  reaction: { client: { max: 3_000, windowMs: HOUR }, account: { max: 300, windowMs: HOUR } },
  view: { client: { max: 5_000, windowMs: HOUR }, account: { max: 500, windowMs: HOUR } },
  profileChange: { client: { max: 600, windowMs: HOUR }, account: { max: 20, windowMs: HOUR } },
  emailChange: { client: { max: 300, windowMs: DAY }, account: { max: 5, windowMs: DAY } },
  report: { client: { max: 300, windowMs: DAY }, account: { max: 10, windowMs: DAY } },
  // Every sign-in whose password is compared is a bcrypt hash on our CPU, a successful one too: at most
  // 600 an hour from one address (a minute of one core), and 30 per address and account. Past either,
  // nothing is compared: the attempt becomes a mailed sign-in link (signInAttempt in app/http/auth.server.ts).
  signInAttempt: { client: { max: 600, windowMs: HOUR }, account: { max: 30, windowMs: HOUR } },
  // Sign-in links (decision 040): at most a few mails an hour to one account, so whoever holds the
  // password (or shares a busy address) cannot flood the owner's inbox; and tries of a link's button
  // per client, like any form.
  signInLink: { client: { max: 300, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  // Email confirmation: mails to one address (a link, or word that someone tried it) a few an hour, from
  // however many accounts; and tries of the confirm button per client, like any form.
  emailConfirm: { client: { max: 300, windowMs: HOUR }, account: { max: 3, windowMs: HOUR } },
} satisfies Record<string, Policy>;

type Scope = "client" | "account";

/**
 * What a person reads when a quota stops them: whose limit it is (their own account's, or everyone's at
 * their address together) and the real wait, the same as the answer's Retry-After.
 */
const quotaSentences = {
  feedback: {
    account: "You have sent 10 feedback messages this hour, the most we accept.",
    client:
      "Very many feedback messages have been sent from your network this hour, the most we accept from one address.",
  },
  walk: {
    account: "You have logged 30 walks within a day, the most one account can log in a day.",
    client: "Very many walks have been logged from your network within a day, the most we accept from one address.",
  },
  reaction: {
    account: "You have changed your reactions very many times this hour.",
    client:
      "Reactions have been changed very many times from your network this hour, the most we accept from one address.",
  },
  view: {
    account: "You have started very many videos this hour.",
    client: "Very many videos have been started from your network this hour, the most we accept from one address.",
  },
  profileChange: {
    account: "You have changed your profile 20 times this hour, the most we accept.",
    client:
      "Profiles have been changed very many times from your network this hour, the most we accept from one address.",
  },
  emailChange: {
    account: "You have changed your email 5 times within a day, the most we accept.",
    client:
      "Emails have been changed very many times from your network within a day, the most we accept from one address.",
  },
  report: {
    account: "You have sent 10 reports within a day, the most we accept.",
    client: "Very many reports have been sent from your network within a day, the most we accept from one address.",
  },
} satisfies Partial<Record<keyof typeof rateLimitPolicies, Record<Scope, string>>>;

export function quotaMessage(kind: QuotaKind, scope: Scope, retryAfterSeconds: number) {
  return `${quotaSentences[kind][scope]} ${tryAgainIn(retryAfterSeconds)}`;
}

export type QuotaKind = keyof typeof quotaSentences;

export type RateLimitAction = keyof typeof rateLimitPolicies;

/**
 * Sign-in counts failures, per client address (100 in 15 minutes, for a class behind one address that
 * mistypes) and per address and account (10). Past either, the password is no longer compared from there:
 * the attempt becomes a sign-in link mailed to the account, so a right password is never refused and a
 * guesser learns nothing more. Failures on an account from everyone together never refuse and never slow
 * anyone down (either would let a stranger lock the owner out or make them wait). From `linkAfter`
 * failures within the hour, the right password from a device without the account's device cookie earns
 * a one-time sign-in link by mail instead of a session (decision 040), while the owner's own devices sign
 * in at once. `linkAfter` is not scaled by RATE_LIMIT_FACTOR: it refuses nothing, it only decides which
 * way a right password goes.
 */
export const signInPolicy = {
  client: { max: 100, windowMs: 15 * MINUTE },
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
