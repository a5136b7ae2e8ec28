// The public trail pages ("Know before you go"), with scripts on and off, at phone and desk widths.
import { expect, test } from "./support/fixtures";

for (const width of [390, 1280]) {
  test(`a visitor opens the Gold Trail's page from the landing page and reads its directions at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await page.getByRole("link", { name: "Gold Trail" }).click();
    await expect(page).toHaveURL(/\/trails\/gold$/);
    await expect(page.getByRole("heading", { level: 1, name: "Gold Trail" })).toBeVisible();
    await expect(page.getByRole("img", { name: /Map of the Gold Trail with \d+ benches/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Directions" })).toBeVisible();
    const steps = page
      .getByRole("list")
      .filter({ has: page.getByText(/to the finish\.$/) })
      .getByRole("listitem");
    await expect(steps.first()).toHaveText(/^From the start, head [a-z-]+ \d+ m \([\d,]+ ft, \d+ min\) to Bench \d+/);
    await expect(steps.last()).toHaveText(/to the finish\.$/);
    const benches = Number(await page.locator("dt:text-is('Benches') + dd").textContent());
    await expect(steps).toHaveCount(benches + 1);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
  });
}

test("the first bench in the directions opens its bench page: a position fix without GPS", async ({ page }) => {
  await page.goto("/trails/gold");
  await page.getByRole("heading", { name: "Directions" }).locator("xpath=..").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/benches\/[0-9a-f]+$/);
  await expect(page.getByText(/You are at Bench 1 of \d+ on the/)).toBeVisible();
  await expect(page.getByText("This is the first bench on the trail")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Exercise videos" })).toBeVisible();
});
