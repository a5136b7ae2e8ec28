// Pages that show a person's data must not be kept by a shared cache or shown again by a shared
// computer's back button; pages for visitors are left to the caches.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { createSession } from "~/models/session.server";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute } from "../support/routes";

const PERSONAL_PAGES = ["/userHome", "/userControlPanel", "/userControlPanel/walks", "/trails", "/strechesForWalking"];
const ADMIN_PAGES = [
  "/adminHome",
  "/adminAnalytics",
  "/adminControlPanel",
  "/adminControlPanel?option=videos",
  "/adminControlPanel?option=feedback",
];
const PUBLIC_PAGES = ["/", "/about", "/privacy", "/authorization"];

let userSession = "";
let adminSession = "";
let userId = "";

beforeAll(async () => {
  await seedDatabase(prisma);
  const name = `private${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234" });
  userSession = (await createSession(user.id)).id;
  userId = user.id;
  const admin = await createUser({ username: `${name}a`, email: `${name}a@example.test`, password: "pass1234" });
  await prisma.user.update({ where: { id: admin.id }, data: { role: "Admin" } });
  adminSession = (await createSession(admin.id)).id;
});

function expectPrivate(response: Response, path: string) {
  expect(response.status, path).toBe(200);
  expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
  expect(response.headers.get("Vary") ?? "", path).toMatch(/\bcookie\b/i);
}

describe("pages with a person's data", () => {
  test("every page rendered for a signed-in person answers private, no-store and varies by Cookie", async () => {
    for (const path of [...PERSONAL_PAGES, "/about", "/privacy"])
      expectPrivate(await callRoute(path, { sessionId: userSession }), path);
    for (const path of ADMIN_PAGES) expectPrivate(await callRoute(path, { sessionId: adminSession }), path);
  });

  test("their data requests (client-side navigation) answer the same", async () => {
    for (const path of ["/userControlPanel.data", "/userControlPanel/walks.data", "/about.data"]) {
      expectPrivate(await callRoute(path, { sessionId: userSession }), path);
    }
    expectPrivate(await callRoute("/adminAnalytics.data", { sessionId: adminSession }), "/adminAnalytics.data");
  });

  test("a visitor's public pages are left to the caches, but still vary by Cookie", async () => {
    for (const path of PUBLIC_PAGES) {
      const response = await callRoute(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control") ?? "", path).not.toMatch(/private|no-store/);
      expect(response.headers.get("Vary") ?? "", path).toMatch(/\bcookie\b/i);
    }
  });
});

describe("pages whose address is a secret", () => {
  test("a reset link's, a sign-in link's and an email confirmation's page are kept by no cache, valid or not, page or data, shown or answered", async () => {
    const hash = (token: string) => createHash("sha256").update(token).digest("hex");
    const expiresAt = new Date(Date.now() + 600_000);
    await prisma.passwordResetToken.create({
      data: { tokenHash: hash("reset-token-kept-by-no-one"), userId, expiresAt },
    });
    await prisma.signInLinkToken.create({ data: { tokenHash: hash("link-token-kept-by-no-one"), userId, expiresAt } });
    await prisma.emailChangeToken.create({
      data: { tokenHash: hash("email-token-kept-by-no-one"), userId, newEmail: "kept.new@example.test", expiresAt },
    });
    const pages = [
      "/reset/reset-token-kept-by-no-one",
      "/signin-link/link-token-kept-by-no-one",
      "/confirm-email/email-token-kept-by-no-one",
      "/reset/made-up",
      "/signin-link/made-up",
      "/confirm-email/made-up",
    ];
    for (const path of [...pages, ...pages.map((page) => `${page}.data`)]) {
      const response = await callRoute(path);
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.get("Cache-Control"), path).toMatch(/(^|, )no-store\b/);
      // Nor sent on to other sites in a Referer header.
      if (!path.endsWith(".data"))
        expect(await response.text(), path).toMatch(/<meta name="referrer" content="same-origin"\/?>/);
    }
    const refused = await callRoute("/reset/made-up", {
      method: "POST",
      body: new URLSearchParams({ password: "x", confirmPassword: "y" }),
    });
    expect(refused.headers.get("Cache-Control")).toMatch(/(^|, )no-store\b/);
    const unconfirmed = await callRoute("/confirm-email/made-up", {
      method: "POST",
      body: new URLSearchParams({ intent: "confirm" }),
    });
    expect(unconfirmed.status).toBe(410);
    expect(unconfirmed.headers.get("Cache-Control")).toMatch(/(^|, )no-store\b/);
  });
});
