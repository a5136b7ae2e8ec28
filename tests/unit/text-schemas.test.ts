import * as fc from "fast-check";
import { describe, expect, test } from "vitest";
import type * as z from "zod";
import { benchCreateSchema, benchVideoSchema } from "~/schemas/bench";
import { parseSearchQuery } from "~/schemas/text";
import { feedbackSchema, profileUpdateSchema, signUpSchema } from "~/schemas/user-forms";
import { usernameSchema } from "~/schemas/user";
import { videoInputSchema } from "~/schemas/video";

// Characters no text shown to other people may hold: controls, bidirectional controls, other format
// characters, separators that break lines invisibly.
const C0 = [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f];
const C1 = [0x80, 0x85, 0x9b, 0x9f];
const BIDI = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
const FORMAT = [0x00ad, 0x200b, 0x2060, 0xfeff, 0xfff9, 0xe0041];
const SEPARATORS = [0x2028, 0x2029];
const refusedEverywhere = [...C0, ...C1, ...BIDI, ...FORMAT, ...SEPARATORS].map((code) => String.fromCodePoint(code));
const joiners = ["\u200c", "\u200d"];
const lineBreaks = ["\n", "\r\n", "\t"];

const hostile = fc.constantFrom(...refusedEverywhere);
const visible = fc
  .string({ minLength: 1, maxLength: 20 })
  .filter((s) => /^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(s) && s.trim() === s);
/** A visible string with one refused character put somewhere inside it. */
const withHostile = fc.tuple(visible, hostile, visible).map(([a, bad, b]) => `${a}${bad}${b}`);

const validBench = { bench_number: 7, location: "By the gym", latitude: 33.98, longitude: -84.005 };
const validVideo = {
  title: "Calf raises",
  url: "https://youtu.be/i6TzP2COtow",
  category: "exercise",
  subCategory: "Stretching",
};
const validSignUp = { username: "walker", email: "walker@example.test", password: "abcd", confirmPassword: "abcd" };

// Every text field another person sees, with a valid object around it.
const fields: [string, z.ZodType, (text: string) => unknown, boolean][] = [
  ["username (sign-up)", signUpSchema, (text) => ({ ...validSignUp, username: text }), false],
  ["username (profile)", profileUpdateSchema, (text) => ({ username: text }), false],
  ["feedback text", feedbackSchema, (text) => ({ username: "a", email: "a@b.co", feedback: text }), true],
  ["video title", videoInputSchema, (text) => ({ ...validVideo, title: text }), false],
  ["video category", videoInputSchema, (text) => ({ ...validVideo, category: text }), false],
  ["video description", videoInputSchema, (text) => ({ ...validVideo, description: text }), true],
  ["bench location", benchCreateSchema, (text) => ({ ...validBench, location: text }), false],
  ["bench video title", benchVideoSchema, (text) => ({ title: text, url: "https://youtu.be/i6TzP2COtow" }), false],
];

describe("text shown to other people", () => {
  test.each(fields)("%s refuses control, bidi and format characters with a clear message", (_name, schema, wrap) => {
    fc.assert(
      fc.property(withHostile, (text) => {
        const parsed = schema.safeParse(wrap(text));
        expect(parsed.success).toBe(false);
        expect(parsed.error!.issues.map((issue) => issue.message).join(" ")).toMatch(
          /cannot contain control or invisible formatting characters\.$/,
        );
      }),
    );
    expect(schema.safeParse(wrap("Plain, visible text: é ü 東京 🚶")).success).toBe(true);
  });

  test.each(fields.filter(([, , , multiline]) => multiline))(
    "%s keeps line breaks, tabs and emoji joiners",
    (_name, schema, wrap) => {
      for (const kept of [...lineBreaks, ...joiners])
        expect(schema.safeParse(wrap(`first${kept}second`)).success, JSON.stringify(kept)).toBe(true);
      expect(schema.safeParse(wrap("🚶‍♀️ on the trail")).success).toBe(true);
    },
  );

  test.each(fields.filter(([, , , multiline]) => !multiline))(
    "%s (one line) refuses line breaks, tabs and joiners",
    (_name, schema, wrap) => {
      for (const refused of [...lineBreaks, ...joiners])
        expect(schema.safeParse(wrap(`first${refused}second`)).success, JSON.stringify(refused)).toBe(false);
    },
  );

  test("usernames are stored in NFKC form and the limit applies to what is stored", () => {
    expect(usernameSchema.parse(" Ａｎａ ")).toBe("Ana");
    expect(usernameSchema.parse("A\u0301na")).toBe("\u00c1na");
    // U+FDFA is one character that NFKC spells out in 18.
    const expanding = "\ufdfa".repeat(3);
    expect(usernameSchema.safeParse(expanding).error?.issues[0].message).toBe(
      "Username must be at most 50 characters.",
    );
    expect(usernameSchema.safeParse("a\u202eb").error?.issues[0].message).toBe(
      "Username cannot contain control or invisible formatting characters.",
    );
  });
});

describe("search boxes", () => {
  test("a search with a control or format character is refused with a message, never run", () => {
    fc.assert(
      fc.property(withHostile, (text) => {
        expect(parseSearchQuery(text)).toEqual({
          q: "",
          error: "Search text cannot contain control or invisible formatting characters.",
        });
      }),
    );
    expect(parseSearchQuery(" walker ")).toEqual({ q: "walker", error: null });
    expect(parseSearchQuery(null)).toEqual({ q: "", error: null });
    expect(parseSearchQuery("x".repeat(201)).error).toBe("Search text can be at most 200 characters.");
  });
});
