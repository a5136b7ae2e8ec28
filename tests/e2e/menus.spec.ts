import type { Locator, Page } from "@playwright/test";
import { expect, signInAsAdmin, test } from "./support/fixtures";

const main = (page: Page) => page.getByRole("navigation", { name: "Main" });

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

test.describe("the phone menu", { tag: "@no-js" }, () => {
  test("tapping the dimmed page beside it closes it, with or without JavaScript", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    const menu = page.getByRole("navigation", { name: "Menu" });
    await page.locator("summary", { hasText: "Menu" }).click();
    await expect(menu).toBeVisible();
    // Left of the 320 px panel, in the middle of the screen: only the dimmed page is there.
    await page.mouse.click(20, 500);
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("header menus", { tag: "@no-js" }, () => {
  test("only one dropdown is open at a time, and an open one covers no other", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    const exercises = main(page).locator("summary", { hasText: "Exercises" });
    const controls = main(page).locator("summary", { hasText: "Admin Controls" });
    const exerciseLink = main(page).getByRole("link", { name: "Body Weight Exercises" });
    const controlsLink = main(page).getByRole("link", { name: "Admin Control Panel" });

    await exercises.click();
    await expect(exerciseLink).toBeVisible();
    // The open list stays clear of every other item in the bar.
    const list = await box(main(page).locator("details[open] ul"));
    for (const item of await main(page).locator(":scope > ul > li").all()) {
      expect(overlaps(list, await box(item))).toBe(false);
    }
    // A click on the other dropdown reaches it (nothing lies over it) and leaves only that one open.
    await controls.click();
    await expect(controlsLink).toBeVisible();
    await expect(exerciseLink).toBeHidden();
    await expect(main(page).locator("details[open]")).toHaveCount(1);

    await exercises.click();
    await expect(exerciseLink).toBeVisible();
    await expect(controlsLink).toBeHidden();
    await expect(main(page).locator("details[open]")).toHaveCount(1);
  });
});
