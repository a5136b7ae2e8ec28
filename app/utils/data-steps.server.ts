import type { PrismaClient } from "~/generated/prisma/client";
import { USERNAME_KEYS_VERSION } from "~/lib/username-key";
import { recomputeUsernameKeys } from "~/utils/username-keys.server";

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

// Any constant other than the migrations' lock: instances starting together take turns, so the one that
// comes second finds each step's marker row and skips the step instead of applying it again.
const STEP_LOCK_KEY = 72_707_370;

/** Runs `apply` once per database, in one transaction together with its marker row in SeedStep. */
export async function runStepOnce(prisma: PrismaClient, name: string, apply: (tx: Tx) => Promise<void>) {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${STEP_LOCK_KEY})`);
      const done = await tx.seedStep.findUnique({ where: { name } });
      if (done) return false;
      await apply(tx);
      await tx.seedStep.create({ data: { name } });
      return true;
    },
    // First start on a slow or busy machine: Prisma's 5 s default would abort a healthy step.
    { maxWait: 30_000, timeout: 120_000 },
  );
}

/**
 * Changes to existing rows that SQL cannot make (they need the app's own code), applied right after the
 * migrations at every start, whatever SEED says: a database that is never seeded is still upgraded. Each
 * step's name carries the version of what it computes, so a new version runs again, once.
 */
export async function applyDataSteps(prisma: PrismaClient): Promise<string[]> {
  const steps: [string, (tx: Tx) => Promise<void>][] = [
    [`username-keys:${USERNAME_KEYS_VERSION}`, recomputeUsernameKeys],
  ];
  const applied: string[] = [];
  for (const [name, apply] of steps) {
    if (await runStepOnce(prisma, name, apply)) applied.push(name);
  }
  return applied;
}
