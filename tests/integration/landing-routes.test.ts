// The landing page and the greeting on the user's home, through the built app's own request handler.
import { beforeAll, describe, expect, test } from "vitest";
import { createSession, NEW_ACCOUNT_GREETING_MS } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { truncateAll } from "../support/database-template";
import { callRoute, pageText } from "../support/routes";

env.RATE_LIMIT_FACTOR = 1000;

let walker = "";
let boss = "";

beforeAll(async () => {
  await truncateAll(database);
  walker = (await createUser({ username: "walker", email: "walker@example.test", password: "walker-pw" })).id;
  boss = (await createUser({ username: "boss", email: "boss@example.test", password: "boss-pw", role: "Admin" })).id;
});

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

/** The session id in a sign-in or sign-up answer's cookie. */
async function sessionOf(response: Response) {
  const { sessionCookie } = await import("~/http/session-cookie.server");
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  return (await sessionCookie.parse(cookie!.split(";")[0])) as string;
}

describe("/", () => {
  test("a visitor gets the landing page: the hero with its map preview, sized and described, and no scripts", async () => {
    const response = await callRoute("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    const image = /<img\b[^>]*trail-preview[^>]*>/.exec(html)?.[0] ?? "";
    expect(image).toMatch(/src="\/build\/_assets\/trail-preview-[A-Z0-9]+\.svg"/i);
    expect(image).toContain('width="726"');
    expect(image).toContain('height="615"');
    expect(image).toMatch(/alt="Map of the Gold, Green and Gray trails[^"]+"/);
    expect(html).not.toMatch(/<script\b[^>]*src=/);
  });

  test("a signed-in User or Admin is sent to their own home, by the server", async () => {
    for (const [userId, home] of [
      [walker, "/userHome"],
      [boss, "/adminHome"],
    ]) {
      const response = await callRoute("/", { sessionId: (await createSession(userId)).id });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(home);
    }
  });
});

describe("the greeting on /userHome", () => {
  test('a new account is greeted "Welcome" for the visit sign-up began (reloads too); a later sign-in says "Welcome back"', async () => {
    const signedUp = await callRoute(
      "/authorization?formType=signup",
      form({
        intent: "signup",
        username: "newcomer",
        email: "newcomer@example.test",
        password: "newcomer-pw",
        confirmPassword: "newcomer-pw",
      }),
    );
    expect(signedUp.headers.get("Location")).toBe("/userHome");
    const first = await sessionOf(signedUp);
    const heading = async (sessionId: string) =>
      /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await (await callRoute("/userHome", { sessionId })).text())?.[1];
    expect(await heading(first)).toBe("Welcome, newcomer");
    expect(await heading(first)).toBe("Welcome, newcomer");

    const signedIn = await callRoute(
      "/authorization?formType=signin",
      form({ intent: "signin", email: "newcomer@example.test", password: "newcomer-pw" }),
    );
    expect(await heading(await sessionOf(signedIn))).toBe("Welcome back, newcomer");

    // The sign-up visit left open past a day no longer counts as the first.
    await prisma.session.update({
      where: { id: first },
      data: { createdAt: new Date(Date.now() - NEW_ACCOUNT_GREETING_MS - 1000) },
    });
    expect(await heading(first)).toBe("Welcome back, newcomer");
    expect(await pageText(await callRoute("/userHome", { sessionId: (await createSession(walker)).id }))).toContain(
      "Welcome back, walker",
    );
  });

  test("an account made through the API is new in the session it was given", async () => {
    const response = await callRoute("/api/user/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        username: "apinew",
        email: "apinew@example.test",
        password: "apinew-pw",
        confirmPassword: "apinew-pw",
      }),
    });
    expect(response.status).toBe(201);
    const { token } = (await response.json()) as { token: string };
    expect(await pageText(await callRoute("/userHome", { sessionId: token }))).toContain("Welcome, apinew");
  });
});
