import { expect, test, unique } from "./support/fixtures";

test.describe("request guards @server", () => {
  test("a form posted from another site is refused with a clear 403 and changes nothing", async ({ request, db }) => {
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
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("This form was sent from another site, so it was not accepted.");
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
