// What the server answers before any page runs: the route guards' redirects and 403s, the gate's refusals
// of cross-site and oversized forms, the security headers on every kind of answer, the health check. No
// browser can change these (they were end-to-end tests tagged @server until docs/testing.md's move), so
// they run in-process: guards through the build's own request handler, the rest through the same express
// stack server.ts builds (tests/support/page-stack.ts), where the front door and the static files are.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { seedDatabase } from "~/utils/seed.server";
import { truncateAll } from "../support/database-template";
import { startPageStack, type PageStack } from "../support/page-stack";
import { callRoute, sessionCookieFor } from "../support/routes";

// Every route that is not for everyone. Add a row when a route lands; the tests follow.
const signedInPaths = [
  "/userHome",
  "/userControlPanel",
  "/trails",
  "/bodyWeightExercises",
  "/strechesForWalking",
  "/properWalkingTechniques",
  "/nutritionandHydration",
  "/injuryPrevention",
];
const adminPaths = ["/adminHome", "/adminControlPanel", "/adminAnalytics"];

let stack: PageStack;
let userSession = "";

beforeAll(async () => {
  env.RATE_LIMIT_FACTOR = 1000;
  await truncateAll(database);
  await seedDatabase(prisma);
  const user = await createUser({ username: "guarded", email: "guarded@example.test", password: "guarded-pw" });
  userSession = (await createSession(user.id)).id;
  stack = await startPageStack();
});

afterAll(async () => {
  await stack?.close();
});

const h1 = (html: string) =>
  /<h1\b[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    .replace(/<!-- -->|<[^>]+>/g, "")
    .trim();

/** A request through the whole stack (gate, page cache, static files, Remix), as a browser or a script sends it. */
function fetchStack(path: string, init: RequestInit = {}) {
  return fetch(stack.url + path, { redirect: "manual", ...init });
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: env.APP_URL },
  body: new URLSearchParams(fields),
});

describe("route guards", () => {
  test("a visitor opening any of them is sent to sign in, keeping the destination", async () => {
    for (const path of [...signedInPaths, ...adminPaths]) {
      const response = await callRoute(path);
      expect(response.status, path).toBe(302);
      const target = new URL(response.headers.get("Location")!, "http://localhost");
      expect(target.pathname, path).toBe("/authorization");
      expect(target.searchParams.get("formType"), path).toBe("signin");
      expect(target.searchParams.get("redirectTo"), path).toBe(path);
      const page = await callRoute(target.pathname + target.search);
      expect(page.status, path).toBe(200);
      expect(h1(await page.text()), path).toBe("Sign In");
    }
  });

  test("a signed-in User gets 403 on every admin route and can open the signed-in routes", async () => {
    for (const path of adminPaths) {
      const response = await callRoute(path, { sessionId: userSession });
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).toMatch(/<h1\b[^>]*>Access denied<\/h1>/);
    }
    for (const path of signedInPaths)
      expect((await callRoute(path, { sessionId: userSession })).status, path).toBe(200);
  });

  test("the trail map sends visitors to sign in first; an old link to one trail opens its public page instead", async () => {
    const map = await callRoute("/trails?benches=1");
    expect(map.status).toBe(302);
    expect(map.headers.get("Location")).toBe("/authorization?formType=signin&redirectTo=%2Ftrails%3Fbenches%3D1");
    const old = await callRoute("/trails?trail=gold");
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toBe("/trails/gold");
  });

  test("sign-up makes a User, whatever role the form claims: its session gets 403 on the admin pages", async () => {
    // Through the whole stack: the gate gives the rate limits the client's address.
    const response = await fetchStack(
      "/authorization?formType=signup",
      form({
        intent: "signup",
        username: "rolehack",
        email: "rolehack@example.test",
        password: "rolehack-pw",
        confirmPassword: "rolehack-pw",
        role: "Admin",
        roleType: "Admin",
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/userHome");
    expect(
      await prisma.user.findUniqueOrThrow({ where: { email: "rolehack@example.test" }, select: { role: true } }),
    ).toEqual({ role: "User" });
    // The account signs in with what it chose, and is a User there too.
    const signIn = await fetchStack(
      "/authorization?formType=signin",
      form({ intent: "signin", email: "rolehack@example.test", password: "rolehack-pw" }),
    );
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("Location")).toBe("/userHome");
    const cookie = signIn.headers.get("Set-Cookie")!.split(";")[0];
    expect((await fetchStack("/adminHome", { headers: { Cookie: cookie } })).status).toBe(403);
  });

  test("an unknown address answers 404 with a helpful page", async () => {
    const response = await callRoute("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(h1(html)).toBe("Page not found");
    expect(html).toMatch(/<a\b[^>]*href="\/"[^>]*>Go to the home page<\/a>/);
  });
});

describe("requests from other sites, and oversized ones", () => {
  test("a form posted from another site is refused with a clear 403 and changes nothing", async () => {
    const email = "csrf@example.test";
    const fields = {
      intent: "signup",
      username: "csrfvictim",
      email,
      password: "pass1234",
      confirmPassword: "pass1234",
    };
    const response = await fetchStack("/authorization?formType=signup", {
      ...form(fields),
      headers: { ...form(fields).headers, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("This form was sent from another site, so it was not accepted.");
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("__session");
    expect(response.headers.get("Location")).toBeNull();
    expect(await prisma.user.count({ where: { email } })).toBe(0);
    // No account was made: signing in with those credentials from our own page fails.
    const signIn = await fetchStack(
      "/authorization?formType=signin",
      form({ intent: "signin", email, password: "pass1234" }),
    );
    expect(signIn.status).toBe(401);
  });

  test("an API write from another site is refused; the same write from our own pages' origin is not", async () => {
    const body = JSON.stringify({ email: "nobody@example.test", password: "wrong" });
    const foreign = await fetchStack("/api/user/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body,
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ message: "Requests from other sites are not allowed." });
    const own = await fetchStack("/api/user/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: env.APP_URL },
      body,
    });
    expect(own.status).not.toBe(403);
  });

  test("an oversized form submission is refused with 413 before it is read", async () => {
    const response = await fetchStack(
      "/authorization?formType=signin",
      form({ intent: "signin", email: "a@example.test", password: "x".repeat(80_000) }),
    );
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Request too large");
  });
});

describe("methods a page does not take", () => {
  test("POST to a page without a form, OPTIONS or PUT to a page: 405 with Allow and our page, and no error in the log", async () => {
    const level = env.LOG_LEVEL;
    env.LOG_LEVEL = "error";
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const cases = [
        { path: "/about", init: form({ x: "1" }), allow: "GET, HEAD" },
        { path: "/userHome", init: { method: "OPTIONS" }, allow: "GET, HEAD" },
        { path: "/userHome.data", init: { method: "OPTIONS" }, allow: "GET, HEAD" },
        { path: "/", init: form({}), allow: "GET, HEAD" },
        { path: "/no-such-page", init: form({}), allow: "GET, HEAD" },
        { path: "/authorization", init: { ...form({}), method: "PUT" }, allow: "GET, HEAD, POST" },
        { path: "/healthz", init: { ...form({}), method: "DELETE" }, allow: "GET, HEAD" },
      ];
      for (const { path, init, allow } of cases) {
        const response = await fetchStack(path, {
          ...init,
          headers: { ...(init as RequestInit).headers, Cookie: await sessionCookieFor(userSession) },
        });
        expect(response.status, path).toBe(405);
        expect(response.headers.get("Allow"), path).toBe(allow);
        const html = await response.text();
        expect(h1(html), path).toBe("Method not allowed");
        expect(html).toContain('href="/"');
      }
      // What a page does take still reaches it.
      expect(
        (
          await fetchStack(
            "/authorization?formType=signin",
            form({ intent: "signin", email: "a@example.test", password: "x" }),
          )
        ).status,
      ).toBe(401);
      expect((await fetchStack("/about", { method: "HEAD" })).status).toBe(200);
      expect(errors.mock.calls.filter(([line]) => String(line).includes('"level":"error"'))).toEqual([]);
    } finally {
      errors.mockRestore();
      env.LOG_LEVEL = level;
    }
  });
});

describe("security headers", () => {
  test("documents carry an enforced nonce-based CSP, and every inline script carries the nonce", async () => {
    // A page with scripts (the landing page has none): the sign-in page.
    const response = await fetchStack("/authorization");
    const csp = response.headers.get("Content-Security-Policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("Content-Security-Policy-Report-Only")).toBeNull();
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
    expect(response.headers.get("X-Powered-By")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const inlineScripts = (await response.text()).match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("each document rendered for a request gets a fresh nonce; a stored page without scripts allows none", async () => {
    const csp = async (path: string) => (await fetchStack(path)).headers.get("Content-Security-Policy")!;
    expect(await csp("/authorization")).not.toBe(await csp("/authorization"));
    // Rendered, marked cacheable, then served from the page cache: the same policy each time.
    for (let load = 0; load < 3; load++) {
      const about = await csp("/about");
      expect(about).toContain("script-src 'none'");
      expect(about).toContain("frame-ancestors 'none'");
    }
  });

  test("static files (the hashed bundles under /build and the files in public/), the health check and the API carry the baseline headers", async () => {
    const html = await (await fetchStack("/authorization")).text();
    const bundle = /<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/.exec(html)?.[1];
    const stylesheet = /<link[^>]+href="(\/build\/[^"]+\.css)"/.exec(html)?.[1];
    expect(bundle).toBeTruthy();
    expect(stylesheet).toBeTruthy();
    for (const path of [bundle!, stylesheet!, "/logo.svg", "/favicon.svg"]) {
      const response = await fetchStack(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Content-Security-Policy"), path).toBe(
        "default-src 'none';frame-ancestors 'none';base-uri 'none'",
      );
      expect(response.headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy"), path).toContain("camera=()");
      expect(response.headers.get("X-Powered-By"), path).toBeNull();
    }
    for (const path of ["/healthz", "/api/no-such-endpoint"]) {
      const response = await fetchStack(path);
      expect(response.headers.get("Content-Security-Policy"), path).toContain("default-src 'none'");
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
  });

  test("only the trail map's document may ask for the location, and only for our own origin; the CSP is the same", async () => {
    const cookie = await sessionCookieFor(userSession);
    const headersOf = async (path: string) => (await fetchStack(path, { headers: { Cookie: cookie } })).headers;
    const trails = await headersOf("/trails?trail=gold");
    expect(trails.get("Permissions-Policy")).toContain("geolocation=(self)");
    expect(trails.get("Permissions-Policy")).toContain("camera=()");
    const home = await headersOf("/userHome");
    expect(home.get("Permissions-Policy")).toContain("geolocation=()");
    // The same directives on both documents: only the nonce differs.
    const withoutNonce = (csp: string | null) => csp!.replace(/'nonce-[^']+'/, "'nonce'");
    expect(withoutNonce(trails.get("Content-Security-Policy"))).toBe(withoutNonce(home.get("Content-Security-Policy")));
    for (const path of ["/about", "/userControlPanel/walks", "/api/trails/trails", "/trails.data"]) {
      expect((await headersOf(path)).get("Permissions-Policy"), path).toContain("geolocation=()");
    }
  });
});

describe("the health check", () => {
  test("reports the database", async () => {
    const response = await fetchStack("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });
});
