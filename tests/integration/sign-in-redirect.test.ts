// Where the sign-in and sign-up forms send the browser afterwards, through the real route module.
import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { truncateAll } from "../support/database-template";
import { callRoute, fieldValue } from "../support/routes";

const SITE = "https://app.example";

// This file signs in far more often than a person would; the limits have their own tests.
env.RATE_LIMIT_FACTOR = 1000;

beforeEach(async () => {
  await truncateAll(database);
  await createUser({ username: "walker", email: "walker@example.test", password: "walker-pw" });
  await createUser({ username: "boss", email: "boss@example.test", password: "boss-pw", role: "Admin" });
});

function signIn(email: string, password: string, redirectTo: string) {
  return callRoute("/authorization?formType=signin", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", email, password, redirectTo }),
  });
}

/** The page a browser would open for this Location header, from our site. */
const landing = (response: Response) => new URL(response.headers.get("Location") ?? "", SITE);

const hostileTargets = [
  "/\t/evil.com",
  "\\\\evil.com",
  "/%5Cevil.com",
  "/%2F%2Fevil.com",
  "/.//evil.com",
  "//evil.com",
  "https://evil.com/",
  "javascript:alert(1)",
  "/\n/evil.com",
  "/\r\n/evil.com",
  "\u0000//evil.com",
];

describe("the redirect after signing in", () => {
  test.each(hostileTargets)("%j lands on the role's home page", async (redirectTo) => {
    const user = await signIn("walker@example.test", "walker-pw", redirectTo);
    expect(user.status).toBe(302);
    expect(user.headers.get("Location")).toBe("/userHome");
    const admin = await signIn("boss@example.test", "boss-pw", redirectTo);
    expect(admin.status).toBe(302);
    expect(admin.headers.get("Location")).toBe("/adminHome");
    expect(admin.headers.get("Set-Cookie")).toMatch(/__session=/);
  });

  test("a target on this site is honoured, with its query and fragment", async () => {
    const response = await signIn("walker@example.test", "walker-pw", "/trails?x=1#y");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/trails?x=1#y");
  });

  test("a line break in the target cannot add a header: it is dropped, as a browser would", async () => {
    const response = await signIn("walker@example.test", "walker-pw", "/userHome\r\nSet-Cookie: stolen=1");
    expect(response.headers.get("Location")).toBe("/userHomeSet-Cookie:%20stolen=1");
    expect(response.headers.get("Set-Cookie")).not.toContain("stolen");
  });

  test("whatever the target, the answer is a redirect to a page of this site, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 40 }), async (redirectTo) => {
        const response = await signIn("walker@example.test", "walker-pw", redirectTo);
        expect(response.status).toBe(302);
        expect(landing(response).origin).toBe(SITE);
        expect(response.headers.get("Location")).toMatch(/^\/(?![/\\])[\u0021-\u007e]*$/);
      }),
      { numRuns: 25 },
    );
    await prisma.session.deleteMany();
  });

  test("sign-up follows the same rule", async () => {
    const response = await callRoute("/authorization?formType=signup", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "signup",
        username: "newcomer",
        email: "newcomer@example.test",
        password: "abcd",
        confirmPassword: "abcd",
        redirectTo: "/%5Cevil.com",
      }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/userHome");
  });

  test("the sign-in page carries only a target it would honour into its form", async () => {
    const page = async (redirectTo: string) => {
      const response = await callRoute(`/authorization?${new URLSearchParams({ formType: "signin", redirectTo })}`);
      return fieldValue(await response.text(), "redirectTo") ?? "";
    };
    expect(await page("/\t/evil.com")).toBe("");
    expect(await page("/%5Cevil.com")).toBe("");
    expect(await page("/trails?trail=gold")).toBe("/trails?trail=gold");
  });
});
