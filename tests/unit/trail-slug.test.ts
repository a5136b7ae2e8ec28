import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { slugFromName, uniqueSlug } from "~/lib/trail-slug";

describe("a trail's address from its name", () => {
  test("words in lower case joined by hyphens, accents dropped", () => {
    expect(slugFromName("Riverside Loop")).toBe("riverside-loop");
    expect(slugFromName("  Café   Crème — Path #2 ")).toBe("cafe-creme-path-2");
    expect(slugFromName("Ōhia Trail")).toBe("ohia-trail");
  });

  test("a name with no letters or digits it can write is 'trail'", () => {
    expect(slugFromName("步道")).toBe("trail");
    expect(slugFromName("!!!")).toBe("trail");
  });

  test("any name gives 1 to 80 characters of a-z, 0-9 and inner single hyphens", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        expect(slugFromName(name)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(slugFromName(name).length).toBeLessThanOrEqual(80);
      }),
    );
  });

  test("a taken address gets -2, then -3", () => {
    expect(uniqueSlug("loop", new Set())).toBe("loop");
    expect(uniqueSlug("loop", new Set(["loop"]))).toBe("loop-2");
    expect(uniqueSlug("loop", new Set(["loop", "loop-2"]))).toBe("loop-3");
  });
});
