import { database } from "~/utils/db.server";
import { isDraining } from "~/utils/shutdown.server";

function withTimeout<T>(promise: Promise<T>, ms: number) {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}

export async function checkHealth() {
  if (isDraining()) return { status: "draining" as const, database: "unknown" as const };
  try {
    await withTimeout(database.ping(), 1_000);
    return { status: "ok" as const, database: "up" as const };
  } catch {
    return { status: "unavailable" as const, database: "down" as const };
  }
}
