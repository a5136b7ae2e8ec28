// Usernames that differ only by look-alike characters (UTS #39 confusables) are one name: on the sign-up
// page, in the API's sign-up, in profile changes (page and API, an administrator's too), and in the
// database itself when two requests race. Through the built app's own request handler.
import { beforeEach, describe, expect, test } from "vitest";
import { createSession } from "~/models/session.server";
import { createUser, registerUser } from "~/models/user.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { truncateAll } from "../support/database-template";
import { callRoute, fieldValue, pageText } from "../support/routes";

env.RATE_LIMIT_FACTOR = 1000;

const TAKEN = "This username is already taken.";

// Each disguises "PayPal": Cyrillic а, a capital I for the l, a Greek capital Rho, fullwidth letters, capitals.
const disguises = ["P\u0430yP\u0430l", "PayPaI", "\u03a1ayPal", "\uff30\uff41\uff59\uff30\uff41\uff4c", "PAYPAL"];

const makeUser = (username: string, role: "User" | "Admin" = "User") =>
  createUser({
    username,
    email: `${
      username
        .normalize("NFKD")
        .replace(/[^a-z0-9]/gi, "")
        .toLowerCase() || "u"
    }-${role}@example.test`,
    password: "pw-long-enough",
    role,
  });

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

const json = (method: string, body: unknown, token?: string) => ({
  method,
  headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

beforeEach(async () => {
  await truncateAll(database);
});

describe("sign-up", () => {
  test("the page refuses a look-alike of an existing name with the message, keeps what was typed and creates nothing", async () => {
    await makeUser("PayPal");
    for (const [index, username] of disguises.entries()) {
      const email = `disguise${index}@example.test`;
      const response = await callRoute(
        "/authorization?formType=signup",
        form({ intent: "signup", username, email, password: "newcomer-pw", confirmPassword: "newcomer-pw" }),
      );
      expect(response.status, username).toBe(409);
      const html = await response.text();
      expect(html, username).toContain(TAKEN);
      expect(fieldValue(html, "username"), username).toBe(username);
      expect(fieldValue(html, "email")).toBe(email);
    }
    expect(await prisma.user.count()).toBe(1);
  });

  test("the API answers 409 with the message at the username; a name that only looks similar to no one is welcome", async () => {
    await makeUser("admin");
    for (const username of [
      "\u0430dmin",
      "adrnin",
      "ADMIN",
      "\uff41\uff44\uff4d\uff49\uff4e",
      "\u0410DMIN",
      "admi\u0144",
      "admin\u0301",
    ]) {
      const response = await callRoute(
        "/api/user/signup",
        json("POST", { username, email: "someone@example.test", password: "abcd-pw", confirmPassword: "abcd-pw" }),
      );
      expect(response.status, username).toBe(409);
      expect(await response.json(), username).toMatchObject({ message: TAKEN, fieldErrors: { username: [TAKEN] } });
    }
    const welcome = await callRoute(
      "/api/user/signup",
      json("POST", {
        username: "admina",
        email: "admina@example.test",
        password: "abcd-pw",
        confirmPassword: "abcd-pw",
      }),
    );
    expect(welcome.status).toBe(201);
    expect(await prisma.user.count()).toBe(2);
  });

  test("racing sign-ups of look-alikes of one name: exactly one wins, the others get the message", async () => {
    const names = ["paypal", ...disguises];
    const results = await Promise.all(
      names.map((username, index) =>
        registerUser({ username, email: `race${index}@example.test`, password: "abcd-pw" }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const refused of results.filter((result) => !result.ok))
      expect(refused).toEqual({ ok: false, conflicts: [{ field: "username", message: TAKEN }] });
    expect(await prisma.user.count()).toBe(1);
  });

  test("the database refuses a look-alike that only the second key catches, whoever skips the check", async () => {
    await makeUser("PayPal");
    // "PayPaI" case-folds to "paypai": only usernameShapeKey ("paypal") is equal, and its unique index stands in the way.
    await expect(
      createUser({ username: "PayPaI", email: "capital-i@example.test", password: "abcd-pw" }),
    ).rejects.toMatchObject({ code: "P2002" });
    await expect(
      createUser({ username: "\u0397\u0395LL\u039f", email: "greek@example.test", password: "abcd-pw" }),
    ).resolves.toMatchObject({
      username: "\u0397\u0395LL\u039f",
    });
    await expect(
      createUser({ username: "hello", email: "latin@example.test", password: "abcd-pw" }),
    ).rejects.toMatchObject({ code: "P2002" });
    expect(await prisma.user.count()).toBe(2);
  });
});

describe("profile changes", () => {
  test("the profile page refuses renaming to a look-alike of another's name, keeping what was typed; one's own look-alike is fine", async () => {
    await makeUser("PayPal");
    const me = await makeUser("walker");
    const sessionId = (await createSession(me.id)).id;
    const refused = await callRoute("/userControlPanel", {
      ...form({ intent: "update", username: "PayPaI" }),
      sessionId,
    });
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain(TAKEN);
    expect(fieldValue(html, "username")).toBe("PayPaI");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: me.id }, select: { username: true } })).username).toBe(
      "walker",
    );

    const own = await callRoute("/userControlPanel", { ...form({ intent: "update", username: "wa1ker" }), sessionId });
    expect(own.status).toBe(302);
    expect(await pageText(await callRoute("/userControlPanel", { sessionId }))).toContain("wa1ker");
  });

  test("the API refuses it for the user and for an administrator editing someone else, with 409 and the message", async () => {
    await makeUser("PayPal");
    const me = await makeUser("walker");
    const admin = await makeUser("boss", "Admin");
    for (const token of [(await createSession(me.id)).id, (await createSession(admin.id)).id]) {
      const response = await callRoute(
        `/api/user/updateProfile/${me.id}`,
        json("PATCH", { username: "\u0420ayPal" }, token),
      );
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ message: TAKEN });
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: me.id }, select: { username: true } })).username).toBe(
      "walker",
    );
  });
});
