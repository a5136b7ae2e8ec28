import { pbkdf2Sync } from "node:crypto";

/**
 * The machine's pace: the milliseconds one core takes for a fixed amount of hashing (native code, so the
 * figure does not depend on the JIT), the median of three. Machines of one kind differ by more than a
 * factor of two, so the suite prints this at its start and its end, to tell a slower machine from a
 * slower suite (docs/testing.md).
 */
export function machinePaceMs() {
  const times = [0, 1, 2].map(() => {
    const started = process.hrtime.bigint();
    pbkdf2Sync("pace", "salt", 1_000_000, 32, "sha256");
    return Number(process.hrtime.bigint() - started) / 1e6;
  });
  return Math.round(times.sort((a, b) => a - b)[1]);
}
