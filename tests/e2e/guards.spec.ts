import { expect, signUp, test } from "./support/fixtures";

// Every route of SPEC §2 that is not for everyone. Add a row when a route lands; the tests follow.
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

// The server decides: a guard answers the document request with its redirect or its 403 before any
// script of the page could run, so JavaScript cannot change what these see, and they run once (@server).
test.describe("route guards @server", () => {
  test("a visitor opening any of them is sent to sign in, keeping the destination", async ({ page }) => {
    for (const path of [...signedInPaths, ...adminPaths]) {
      await page.goto(path);
      const url = new URL(page.url());
      expect(url.pathname, path).toBe("/authorization");
      expect(url.searchParams.get("formType"), path).toBe("signin");
      expect(url.searchParams.get("redirectTo"), path).toBe(path);
      await expect(page.getByRole("heading", { level: 1, name: "Sign In" }), path).toBeVisible();
    }
  });

  test("a signed-in User gets 403 on every admin route and can open the signed-in routes", async ({ page }) => {
    await signUp(page);
    for (const path of adminPaths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    }
    for (const path of signedInPaths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
    }
  });
});
