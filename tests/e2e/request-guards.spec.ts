import { expect, test, unique } from "./support/fixtures";

test.describe("request guards", () => {
  // Remix itself refuses an action whose Origin is another host before any app code runs; under
  // remix-serve that refusal is an empty 500. What matters: no account, no session, no redirect.
  test("a form posted from another site is refused and changes nothing", async ({ request, db }) => {
    const email = `${unique("csrf")}@example.test`;
    const response = await request.post("/authorization?formType=signup", {
      headers: { Origin: "https://evil.example" },
      form: {
        intent: "signup",
        username: unique("csrf"),
        email,
        password: "pass1234",
        confirmPassword: "pass1234",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.headers()["set-cookie"] ?? "").not.toContain("__session");
    expect(response.headers()["location"]).toBeUndefined();
    if (db) expect((await db.query(`SELECT 1 FROM "User" WHERE email = $1`, [email])).rowCount).toBe(0);
    // No account was made: signing in with those credentials from our own page fails.
    const signIn = await request.post("/authorization?formType=signin", {
      form: { intent: "signin", email, password: "pass1234" },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(401);
  });

  test("an API write from another site is refused; the same write from our own pages' origin is not", async ({ request, baseURL }) => {
    const foreign = await request.post("/api/user/signin", {
      headers: { Origin: "https://evil.example" },
      data: { email: "nobody@example.test", password: "wrong" },
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toMatchObject({ message: "Requests from other sites are not allowed." });
    const own = await request.post("/api/user/signin", {
      headers: { Origin: baseURL! },
      data: { email: "nobody@example.test", password: "wrong" },
    });
    expect(own.status()).not.toBe(403);
  });

  test("an oversized form submission is refused with 413 before it is read", async ({ request }) => {
    const response = await request.post("/authorization?formType=signin", {
      form: { intent: "signin", email: "a@example.test", password: "x".repeat(80_000) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("Request too large");
  });
});
