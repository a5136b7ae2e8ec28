import { describe, expect, test } from "vitest";
import { FRAME_ORIGIN, haversineMetres, type LonLat } from "~/lib/geo";
import { frameOriginFor, pathData } from "~/lib/map-frame";

// The server-drawn map's numbers stay small wherever the campus is: its frame's origin follows what it draws.
const SAMPLE: LonLat[] = [
  [-84.0053, 33.9804],
  [-84.0021, 33.9832],
];
// A riverside loop in Portland, Oregon, some 3,500 km from the sample campus.
const PORTLAND: LonLat[] = [
  [-122.6801, 45.5202],
  [-122.6782, 45.5219],
  [-122.6764, 45.5203],
];

const largest = (d: string) => Math.max(...(d.match(/-?\d+(\.\d+)?/g) ?? []).map((n) => Math.abs(Number(n))));

describe("the frame's origin", () => {
  test("the sample campus keeps FRAME_ORIGIN, so its drawings are what they were", () => {
    expect(frameOriginFor(SAMPLE)).toEqual(FRAME_ORIGIN);
    expect(pathData(SAMPLE, frameOriginFor(SAMPLE))).toBe(pathData(SAMPLE));
  });

  test("a campus 3,500 km away gets an origin within 80 km of it, and numbers under 50,000 instead of millions", () => {
    const origin = frameOriginFor(PORTLAND);
    expect(haversineMetres(origin, PORTLAND[0])).toBeLessThan(80_000);
    expect(largest(pathData(PORTLAND, origin))).toBeLessThan(50_000);
    expect(largest(pathData(PORTLAND))).toBeGreaterThan(1_000_000);
  });

  test("nothing to draw: FRAME_ORIGIN", () => {
    expect(frameOriginFor([])).toEqual(FRAME_ORIGIN);
  });
});
