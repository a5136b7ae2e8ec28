import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { tryAgainIn, waitPhrase } from "~/lib/wait";

/** The seconds a phrase names, read back as a person would. */
function secondsIn(phrase: string) {
  const units: Record<string, number> = { second: 1, minute: 60, hour: 3600 };
  return [...phrase.matchAll(/(\d+) (second|minute|hour)s?/g)].reduce(
    (sum, [, count, unit]) => sum + Number(count) * units[unit],
    0,
  );
}

describe("the wait a refusal names", () => {
  test("reads as a person says it", () => {
    expect(waitPhrase(1)).toBe("1 second");
    expect(waitPhrase(45)).toBe("45 seconds");
    expect(waitPhrase(60)).toBe("1 minute");
    expect(waitPhrase(61)).toBe("2 minutes");
    expect(waitPhrase(52 * 60)).toBe("52 minutes");
    expect(waitPhrase(3600)).toBe("1 hour");
    expect(waitPhrase(3601)).toBe("1 hour and 1 minute");
    expect(waitPhrase(23 * 3600 + 5 * 60)).toBe("23 hours and 5 minutes");
    expect(tryAgainIn(3121)).toBe("Please try again in 53 minutes.");
  });

  test("is never shorter than the Retry-After it comes with, and less than a minute longer", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 * 24 * 3600 }), (seconds) => {
        const named = secondsIn(waitPhrase(seconds));
        expect(named).toBeGreaterThanOrEqual(seconds);
        expect(named - seconds).toBeLessThan(60);
      }),
    );
  });
});
