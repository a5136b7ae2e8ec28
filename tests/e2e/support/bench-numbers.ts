/**
 * The bench numbers each spec makes benches with, one range per spec and JavaScript setting, none
 * overlapping another (tests/unit/bench-numbers.test.ts): specs run side by side on one app, and a
 * number two of them picked at once was refused to one of them (409, "already exists").
 */
export const BENCH_NUMBERS = {
  "accessibility: keyboard": { js: [700, 749], noJs: [750, 799] },
  "bench-videos": { js: [800, 849], noJs: [850, 899] },
  "admin-trails": { js: [900, 929], noJs: [930, 959] },
  "admin-stale-edits": { js: [960, 979], noJs: [980, 999] },
  "admin-campus: a far trail at 390 px": { js: [1100, 1100], noJs: [1101, 1101] },
  "admin-campus: a far trail at 1280 px": { js: [1102, 1102], noJs: [1103, 1103] },
  "accessibility: noticed bench": { js: [7000, 7999], noJs: [8000, 8999] },
  "no-sideways-scroll": { js: [9000, 9449], noJs: [9450, 9899] },
} as const satisfies Record<string, { js: readonly [number, number]; noJs: readonly [number, number] }>;

/** A number from the spec's range for the project's JavaScript setting, picked at random within it. */
export function benchNumberFor(spec: keyof typeof BENCH_NUMBERS, javaScriptEnabled: boolean) {
  const [from, to] = BENCH_NUMBERS[spec][javaScriptEnabled ? "js" : "noJs"];
  return from + Math.floor(Math.random() * (to - from + 1));
}
