// Pages that show a person's data must not be kept by a shared cache or shown again by a shared
// computer's back button; pages for visitors are left to the caches.
import { beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { createSession } from "~/models/session.server";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute } from "../support/routes";

const PERSONAL_PAGES = ["/userHome", "/userControlPanel", "/userControlPanel/walks", "/trails", "/strechesForWalking"];
const ADMIN_PAGES = ["/adminHome", "/adminAnalytics", "/adminControlPanel", "/adminControlPanel?option=videos", "/adminControlPanel?option=feedback"];
const PUBLIC_PAGES = ["/", "/about", "/privacy", "/authorization"];

let userSession = "";
let adminSession = "";

beforeAll(async () => {
  await seedDatabase(prisma);
  const name = `private${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234" });
  userSession = (await createSession(user.id)).id;
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
    for (const path of [...PERSONAL_PAGES, "/about", "/privacy"]) expectPrivate(await callRoute(path, { sessionId: userSession }), path);
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
