import { describe, expect, test } from "vitest";
import { BENCH_MARKER_FILL, MAP_BACKGROUND } from "~/lib/geo";
import {
  contrastRatio,
  nextPaletteColor,
  PALETTE_KEYS,
  TRAIL_PALETTE,
  trailColorLabel,
  trailStrokeColor,
} from "~/lib/trail-colors";

describe("the palette a new trail is drawn in", () => {
  test("every colour is at least 3:1 against the map's background and a white tile (WCAG 1.4.11)", () => {
    for (const { key, hex } of TRAIL_PALETTE) {
      expect(contrastRatio(hex, MAP_BACKGROUND), key).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(hex, "#ffffff"), key).toBeGreaterThanOrEqual(3);
    }
  });

  test("the contrast ratio is WCAG's: black on white 21, a colour on itself 1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#1d4ed8", "#1d4ed8")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  test("no two colours, nor a colour and the bench markers, are alike (60 or more apart in RGB)", () => {
    const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    const apart = (a: string, b: string) => Math.hypot(...rgb(a).map((value, index) => value - rgb(b)[index]));
    const hexes = [...TRAIL_PALETTE.map((color) => color.hex), BENCH_MARKER_FILL];
    for (const [index, a] of hexes.entries())
      for (const b of hexes.slice(index + 1)) expect(apart(a, b), `${a} ${b}`).toBeGreaterThanOrEqual(60);
  });

  test("each key draws its colour; the sample trails keep theirs; an unknown one is blue", () => {
    for (const { key, hex } of TRAIL_PALETTE) expect(trailStrokeColor(key)).toBe(hex);
    expect(trailStrokeColor("Gold")).toBe("#ffd700");
    expect(trailStrokeColor("chartreuse")).toBe("#0000ff");
    expect(trailColorLabel("teal")).toBe("Teal");
    expect(trailColorLabel("gold")).toBe("Gold");
  });

  test("a new trail takes the first colour no trail has, the first of all when every one is taken", () => {
    expect(nextPaletteColor(["gold", "green", "gray"])).toBe("blue");
    expect(nextPaletteColor(["Blue", "purple"])).toBe("teal");
    expect(nextPaletteColor(PALETTE_KEYS)).toBe("blue");
  });
});
