import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";

const FALLBACK = "/fallback-page";
const ORIGIN = "https://app.example";
const OTHER_ORIGIN = "http://other.test:8080";

// Pieces that have opened redirects somewhere: scheme-relative starts, backslashes, characters browsers
// drop, schemes, encoded slashes (once and twice), dot segments, userinfo and lookalike separators.
const trickyPieces = [
  "/",
  "//",
  "\\",
  "\\\\",
  "/\\",
  "/\t/",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u001f",
  "\u007f",
  "\u00a0",
  "https:",
  "http:",
  "javascript:",
  "data:",
  "ftp:",
  "blob:",
  "HTTPS://",
  "%2f",
  "%2F",
  "%5c",
  "%5C",
  "%09",
  "%0a",
  "%252f",
  "%255c",
  "%25",
  "%",
  "%2e",
  "%2e%2e",
  "/./",
  "/../",
  ".",
  "..",
  "@",
  ":",
  "?",
  "#",
  ";",
  "evil.com",
  "app.example",
  "localhost",
  "[::1]",
  "127.0.0.1",
  "\uff0f",
  "\u2215",
  "\u3002",
  "é",
  "a",
];
const tricky = fc
  .array(fc.oneof(fc.constantFrom(...trickyPieces), fc.string({ maxLength: 3 })), { maxLength: 12 })
  .map((parts) => parts.join(""));
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  tricky,
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webPath(),
);

/** Every reading a later step might make: the path percent-decoded again and again (bytewise, independently of the code under test). */
function decodedPaths(result: string) {
  const forms = [new URL(result, ORIGIN).pathname, result];
  for (let current = result, next = unescape(current); next !== current; current = next, next = unescape(current))
    forms.push(next);
  return forms;
}

function expectOnSite(result: string) {
  if (result === FALLBACK) return;
  expect(result.startsWith("/")).toBe(true);
  expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
  // Resolved against another base it stays there too: the result is origin-relative, never absolute.
  expect(new URL(result, OTHER_ORIGIN).origin).toBe(OTHER_ORIGIN);
  // Printable ASCII only: no control character, no backslash, nothing a Location header could choke on.
  expect(result).toMatch(/^[\u0021-\u007e]+$/);
  expect(result).not.toContain("\\");
  expect(() => new Headers({ Location: result })).not.toThrow();
  for (const path of decodedPaths(result)) expect(path.replace(/[\t\n\r]/g, "")).not.toMatch(/^\/[/\\]/);
  // Normalised once is normalised for good.
  expect(safeRedirect(result, FALLBACK)).toBe(result);
}

describe("safeRedirect", () => {
  test("for any string the result is the fallback or a path on our origin, and nothing throws", () => {
    fc.assert(
      fc.property(anyText, (candidate) => {
        expectOnSite(safeRedirect(candidate, FALLBACK));
      }),
      { numRuns: 3000 },
    );
  });

  test("for any value at all (not only strings) the answer is a path or the fallback", () => {
    fc.assert(
      fc.property(fc.anything(), (candidate) => {
        expectOnSite(safeRedirect(candidate, FALLBACK));
      }),
    );
  });

  test.each([
    "//evil.com",
    "///evil.com",
    "\\\\evil.com",
    "/\\evil.com",
    "\\/evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r\n/evil.com",
    " //evil.com",
    "\u0000//evil.com",
    "/%2F%2Fevil.com",
    "/%2f/evil.com",
    "/%5Cevil.com",
    "/%5cevil.com",
    "/%252F%252Fevil.com",
    "/%09/evil.com",
    "/.//evil.com",
    "/..//evil.com",
    "/%2e%2e//evil.com",
    "/.%2F/evil.com",
    "https://evil.com/",
    "HTTPS://evil.com",
    "http:evil.com",
    "https://app.example@evil.com/",
    "javascript:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "",
    "  ",
    "\t\n",
  ])("%j falls back", (candidate) => {
    expect(safeRedirect(candidate, FALLBACK)).toBe(FALLBACK);
  });

  test("non-strings, and strings too long to be ours, fall back", () => {
    for (const candidate of [undefined, null, 42, {}, ["/trails"], new File([], "x")])
      expect(safeRedirect(candidate, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirect(`/${"a".repeat(5000)}`, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirect(undefined)).toBe("/");
  });

  test.each([
    ["/trails?x=1#y", "/trails?x=1#y"],
    ["/userControlPanel?feedback=open", "/userControlPanel?feedback=open"],
    ["/nutritionandHydration#video-0123456789abcdef01234567", "/nutritionandHydration#video-0123456789abcdef01234567"],
    ["/trails?trail=gold", "/trails?trail=gold"],
    ["  /trails  ", "/trails"],
    ["/tra\tils", "/trails"],
    ["/a/./b/../c", "/a/c"],
    ["/search?q=a\\b", "/search?q=a%5Cb"],
    ["/café", "/caf%C3%A9"],
    ["/a%2Fb", "/a%2Fb"],
  ])("%j on our site becomes %j", (candidate, expected) => {
    expect(safeRedirect(candidate, FALLBACK)).toBe(expected);
  });
});
