import { expect, test } from "vitest";
import { BENCH_NUMBERS, benchNumberFor } from "../e2e/support/bench-numbers";

test("no two end-to-end specs, nor a spec's two JavaScript settings, make benches with the same number", () => {
  const ranges = Object.entries(BENCH_NUMBERS).flatMap(([spec, { js, noJs }]) => [
    { owner: `${spec} (js)`, from: js[0], to: js[1] },
    { owner: `${spec} (no js)`, from: noJs[0], to: noJs[1] },
  ]);
  const overlaps = ranges.flatMap((a, i) =>
    ranges
      .slice(i + 1)
      .filter((b) => a.from <= b.to && b.from <= a.to)
      .map((b) => `${a.owner} and ${b.owner}`),
  );
  expect(overlaps).toEqual([]);
  for (const { from, to } of ranges) expect(from).toBeLessThanOrEqual(to);
});

test("a number picked for a spec lies in its setting's range", () => {
  for (let i = 0; i < 200; i++) {
    const picked = benchNumberFor("bench-videos", false);
    expect(picked).toBeGreaterThanOrEqual(850);
    expect(picked).toBeLessThanOrEqual(899);
  }
});
