import { log } from "~/utils/logger.server";

// Work a request starts but does not wait for (a mail after the answer). Every job is registered, so
// a graceful shutdown can let them finish before the database closes, and tests can wait for them.
// The registry is one per process, not per copy of this module: tests run the built server beside the
// source modules, and either copy must see the jobs the other started.
declare global {
  var __walkingTrailsBackgroundJobs: Set<Promise<void>> | undefined;
}
const running = (globalThis.__walkingTrailsBackgroundJobs ??= new Set<Promise<void>>());

/**
 * Runs `job` after the current request has answered. A failure is logged by the job's name only: the
 * job itself decides what more it may safely log (never an address or a token).
 */
export function runAfterAnswer(name: string, job: () => Promise<unknown>) {
  const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(job)
    .then(
      () => undefined,
      (error: unknown) =>
        log("error", "background job failed", { job: name, error: error instanceof Error ? error.name : typeof error }),
    )
    .finally(() => running.delete(done));
  running.add(done);
}

export function pendingBackgroundJobs() {
  return running.size;
}

/** Waits until no job is running (jobs may start others), or until `timeoutMs`; true when all finished. */
export async function settleBackgroundJobs(timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (running.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, left).unref())]);
  }
  return true;
}
