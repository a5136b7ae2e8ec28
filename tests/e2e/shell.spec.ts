import { expect, test } from "./support/fixtures";

test.describe("public shell", () => {
  test("landing page: a full-width hero with the trail map preview, sign-in button and the five feature cards", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Walking Trails" })).toBeVisible();
    // The preview ships its size (no layout shift), describes itself, and shares the width with the text.
    const preview = page.getByRole("img", {
      name: /^Map of the campus's three trails \(Gold Trail, Green Trail, and Gray Trail\)/,
    });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute("width", "726");
    await expect(preview).toHaveAttribute("height", "615");
    expect(
      await preview.evaluate((image: HTMLImageElement) => [image.complete, image.naturalWidth, image.naturalHeight]),
    ).toEqual([true, 726, 615]);
    // The text and the picture span the page's column, edge to edge with the feature cards below.
    const viewport = await page.evaluate(() => document.documentElement.clientWidth);
    const image = (await preview.boundingBox())!;
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    const cards = (await page.getByRole("region", { name: "What you'll find" }).getByRole("list").boundingBox())!;
    expect(Math.abs(heading.x - cards.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(image.x + image.width - (cards.x + cards.width))).toBeLessThanOrEqual(1);
    expect(image.width).toBeGreaterThanOrEqual(0.4 * viewport);
    expect(heading.x + heading.width).toBeLessThanOrEqual(image.x);
    expect(Math.abs(image.height / image.width - 615 / 726)).toBeLessThan(0.01);
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute("href", "/authorization");
    for (const title of [
      "Body Weight Exercises",
      "Proper Walking Techniques",
      "Stretches For Walking",
      "Nutrition and Hydration",
      "Injury Prevention",
    ]) {
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      await expect(card.getByRole("link")).toHaveAttribute("href", "/authorization");
    }
  });

  test("public navigation bar links to Home, About, Privacy and Login", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "About", "Privacy", "Login"]);
    await expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/authorization?formType=signin");
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "About Walking Trails" })).toBeVisible();
  });

  test("footer carries Spring 2025 and links to About and Privacy", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Spring 2025");
    await footer.getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "User Consent" })).toBeVisible();
    await expect(page.getByText("Effective date: March 19, 2025.")).toBeVisible();
    await expect(page.getByText("date and time of your access")).toBeVisible();
  });

  test("below the large breakpoint the menu is a panel titled Menu that opens and closes", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.locator("summary", { hasText: "Menu" });
    await toggle.click();
    const panel = page.getByRole("navigation", { name: "Menu" });
    await expect(panel.getByRole("heading", { name: "Menu" })).toBeVisible();
    await expect(panel.getByRole("link")).toHaveText(["Home", "About", "Privacy", "Login"]);
    await page.locator("summary", { hasText: "Close" }).click();
    await expect(panel).toBeHidden();
    await toggle.click();
    await panel.getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeHidden();
  });
});
