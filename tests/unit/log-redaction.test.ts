import { readdirSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { redactPath, TOKEN_ROUTE_PREFIXES } from "~/utils/logger.server";

// Tokens as the app issues them (hex, base64url): long enough that finding one by chance is impossible.
const token = fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/);
const prefix = fc.constantFrom(...TOKEN_ROUTE_PREFIXES);

/** Ways a client can spell the same path so that a router still reaches the token route. */
const spelling = fc.record({
  upper: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
  trailingSlash: fc.boolean(),
  doubleSlash: fc.boolean(),
  dotSegments: fc.boolean(),
  query: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  encodeTimes: fc.nat(3),
  encodeSlash: fc.boolean(),
  dataSuffix: fc.boolean(),
});

type Spelling = typeof spelling extends fc.Arbitrary<infer T> ? T : never;

function spell(prefix: string, secret: string, how: Spelling) {
  const cased = [...prefix].map((c, i) => (how.upper[i % 64] ? c.toUpperCase() : c)).join("");
  let path = `${how.dotSegments ? "/x/.." : ""}/${cased}${how.doubleSlash ? "//" : "/"}${secret}${how.dataSuffix ? ".data" : ""}${how.trailingSlash ? "/" : ""}`;
  if (how.encodeSlash) path = path.replace(`/${secret}`, `%2F${secret}`);
  // One letter percent-encoded, then the whole path encoded again (`r` → `%72` → `%2572`).
  if (how.encodeTimes > 0) path = path.replace(/[A-Za-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  for (let i = 1; i < how.encodeTimes; i++) path = path.replace(/%/g, "%25");
  return how.query === undefined ? path : `${path}?${how.query}`;
}

describe("tokens never reach the log", () => {
  test("a token in a path is redacted, whatever its case, slashes or query", () => {
    for (const path of [
      "/reset/abcdef0123456789/",
      "/RESET/abcdef0123456789",
      "/reset/abcdef0123456789?x=1",
      "/Api/Auth/Reset-Password/abcdef0123456789/",
    ]) {
      expect(redactPath(path)).not.toContain("abcdef0123456789");
    }
  });

  test("a sign-in link's token is redacted, however it is spelled", () => {
    for (const path of [
      "/signin-link/abcdef0123456789",
      "/SignIn-Link/abcdef0123456789/",
      "/signin-link/abcdef0123456789.data?index",
      "//signin-link//abcdef0123456789",
    ]) {
      expect(redactPath(path)).toBe("/signin-link/[redacted]");
    }
    expect(redactPath("/signin-link")).toBe("/signin-link");
  });

  test("however a token route is spelled (case, slashes, dot segments, encoding, query), its token is not in the logged path", () => {
    fc.assert(
      fc.property(prefix, token, spelling, (route, secret, how) => {
        const logged = redactPath(spell(route, secret, how));
        expect(logged.toLowerCase()).not.toContain(secret.toLowerCase());
        expect(logged).toBe(`/${route}/[redacted]`);
      }),
      { numRuns: 500 },
    );
  });

  test("other paths are logged as they came, without their query", () => {
    expect(redactPath("/trails")).toBe("/trails");
    expect(redactPath("/send-reset-link")).toBe("/send-reset-link");
    expect(redactPath("/reset")).toBe("/reset");
    expect(redactPath("/videos/abc?q=secret-search")).toBe("/videos/abc");
  });

  test("every route file that takes a token is in the table of token routes", () => {
    const tokenRoutes = readdirSync("app/routes", { recursive: true })
      .map(String)
      .filter((file) => /\$token/i.test(file));
    expect(tokenRoutes.length).toBeGreaterThan(0);
    for (const file of tokenRoutes) {
      // `api.auth.reset-password.$token.ts` → `/api/auth/reset-password/<token>`
      const path = `/${file
        .replace(/\.(tsx?|jsx?)$/, "")
        .replace(/\//g, ".")
        .replace(/\[\.\]/g, ".")
        .split(".")
        .map((part) => (part === "$token" ? "0123456789abcdef0123" : part))
        .join("/")}`.replace(/\/route$/, "");
      expect(redactPath(path), file).not.toContain("0123456789abcdef0123");
    }
  });
});
