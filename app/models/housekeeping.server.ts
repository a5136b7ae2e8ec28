import { repeatInBackground } from "~/utils/shutdown.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { sweepClosedRateLimits } from "~/utils/rate-limit-counter.server";
import { sweepSpentResetTokens } from "~/models/password-reset.server";
import { sweepSpentSignInLinks } from "~/models/sign-in-link.server";
import { sweepSpentEmailChanges } from "~/models/email-change.server";
import { sweepExpiredSessions } from "~/models/session.server";
import { sweepExpiredTrailPathDrafts } from "~/models/trail-path-draft.server";

type SweepCounts = {
  sessions: number;
  resetTokens: number;
  signInLinks: number;
  emailChanges: number;
  rateLimits: number;
  trailPathDrafts: number;
};

/**
 * One pass over what has stopped meaning anything: ended sessions, spent reset tokens, sign-in links and
 * email change links, closed rate-limit windows, uploaded trail paths nobody applied or cancelled within
 * the hour. Rows nobody will read again would otherwise grow without bound (every sign-in leaves one).
 * Safe to run on every instance at once: each delete only removes what is already dead.
 */
export async function sweepExpired(now = new Date()): Promise<SweepCounts> {
  const [sessions, resetTokens, signInLinks, emailChanges, rateLimits, trailPathDrafts] = await Promise.all([
    sweepExpiredSessions(now),
    sweepSpentResetTokens(now),
    sweepSpentSignInLinks(now),
    sweepSpentEmailChanges(now),
    sweepClosedRateLimits(now),
    sweepExpiredTrailPathDrafts(now),
  ]);
  const counts = { sessions, resetTokens, signInLinks, emailChanges, rateLimits, trailPathDrafts };
  if (sessions + resetTokens + signInLinks + emailChanges + rateLimits + trailPathDrafts > 0)
    log("info", "housekeeping swept expired rows", counts);
  return counts;
}

declare global {
  var __walkingTrailsHousekeeping: NodeJS.Timeout | undefined;
}

/**
 * Sweeps once shortly after start-up, then every HOUSEKEEPING_INTERVAL_SECONDS (0: never), as a
 * background job so a graceful stop waits for a sweep under way. Once per process.
 */
export function startHousekeeping(intervalMs = env.HOUSEKEEPING_INTERVAL_SECONDS * 1000) {
  if (intervalMs <= 0 || globalThis.__walkingTrailsHousekeeping) return;
  globalThis.__walkingTrailsHousekeeping = repeatInBackground("housekeeping sweep", sweepExpired, intervalMs);
}

/** Stops the schedule (tests; a graceful stop needs nothing, the timer does not hold the process). */
export function stopHousekeeping() {
  clearInterval(globalThis.__walkingTrailsHousekeeping);
  globalThis.__walkingTrailsHousekeeping = undefined;
}
