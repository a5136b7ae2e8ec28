// Know before you go (docs/features.md): the facts on the public pages, the bench page as a position fix that
// offers a walk, and the printable QR code sheet, with scripts on and off.
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { createUserViaSignup, expect, fillSignIn, signInAsAdmin, test } from "./support/fixtures";

for (const width of [390, 1280]) {
  test(`the Gold Trail's page answers the questions asked before leaving, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/trails/gold");
    const fact = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
    await expect(fact("Length")).toHaveText(/^\d+\.\d\d mi \([\d,]+ m\)$/);
    await expect(fact("Walking time")).toHaveText(/^about .+ at 3 mph$/);
    await expect(fact("Surface")).toHaveText("Paved");
    await expect(fact("Step-free")).toHaveText("Yes");
    await expect(fact("Steepest grade")).toHaveText("4%");
    await expect(fact("Shade")).toHaveText("Partly shaded");
    await expect(fact("Lighting")).toHaveText("Lit along its whole length");
    await expect(fact("Restrooms and water")).toHaveText("Student Center, beside Bench 3");
    await expect(fact("Benches")).toHaveText(/^\d+$/);
    // Each step to a bench says what kind of seat waits there.
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: /to Bench 3, a seat with a backrest and armrests in partial shade/ }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test("the Gray Trail's page says how many steps there are and where", async ({ page }) => {
  await page.goto("/trails/gray");
  await expect(page.locator('dt:text-is("Step-free") + dd')).toHaveText(
    "No: 6 steps at the parking deck stairwell, by Bench 5",
  );
});

test(
  "a visitor at a bench signs in from its page and is offered to walk on from there",
  { tag: "@no-js" },
  async ({ page, browser }) => {
    const user = await createUserViaSignup(browser, "benchwalker");
    await page.goto("/trails/gold");
    await page
      .getByRole("list")
      .filter({ hasText: "to the finish" })
      .getByRole("link", { name: "Bench 3", exact: true })
      .click();
    await expect(page).toHaveURL(/\/benches\/[0-9a-f]+$/);
    const benchUrl = page.url();
    await expect(page.getByText(/You are at Bench \d+ of \d+ on the Gold Trail/)).toBeVisible();
    const fact = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
    await expect(fact("Backrest")).toHaveText("Yes");
    await expect(fact("Armrests")).toHaveText("Yes");
    await expect(fact("Seat height")).toHaveText("46 cm (18 in)");
    await expect(fact("Room for a wheelchair beside it")).toHaveText("Yes");

    await expect(page.getByRole("link", { name: /Start or continue a walk/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Sign in to start a walk from here" }).click();
    await expect(page).toHaveURL(/\/authorization\?formType=signin&redirectTo=/);
    await fillSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(benchUrl);
    await page.getByRole("link", { name: "Start or continue a walk on the Gold Trail from here" }).click();
    await expect(page).toHaveURL(/\/trails\?trail=gold&benches=1#bench-[0-9a-f]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goBack();
    await page.getByRole("link", { name: "Log a walk on the Gold Trail" }).click();
    await expect(page).toHaveURL(/\/userControlPanel\/walks\?trail=[0-9a-f]+#log-walk$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Walks" })).toBeVisible();
    // The form to log a walk opens with the bench's trail chosen.
    await expect(page.locator("#log-walk").getByLabel("Trail")).toHaveValue("673e9addbf9ebe061ef810bf", {
      timeout: 15_000,
    });
  },
);

test("an old ?trail= link opens the trail's page for a visitor", async ({ page }) => {
  await page.goto("/trails?trail=green");
  await expect(page).toHaveURL(/\/trails\/green$/);
  await expect(page.getByRole("heading", { level: 1, name: "Green Trail" })).toBeVisible();
});

test("the printed QR codes decode to each bench's page, and the first opens it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/adminControlPanel?option=bench");
  await page.getByRole("link", { name: "Print bench QR codes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bench QR codes" })).toBeVisible();
  const codes = page.getByRole("img", { name: /^QR code that opens / });
  const count = await codes.count();
  expect(count).toBeGreaterThanOrEqual(9);
  const decoded: string[] = [];
  for (let index = 0; index < count; index++) {
    const code = codes.nth(index);
    const png = PNG.sync.read(await code.screenshot());
    const result = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(result, `code ${index + 1} decodes`).not.toBeNull();
    // What the code says is what is printed under it, and what its label names.
    await expect(code).toHaveAccessibleName(`QR code that opens ${result!.data}`);
    await expect(code.locator("xpath=..")).toContainText(result!.data);
    decoded.push(result!.data);
  }
  expect(new Set(decoded).size).toBe(count);
  for (const url of decoded) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/benches\/[0-9a-f]{24}$/);
  await page.context().clearCookies();
  await page.goto(decoded[0]);
  await expect(page.getByRole("heading", { level: 1, name: /^Bench \d+$/ })).toBeVisible();
  await expect(
    page.getByText(/You are at Bench \d+ of \d+ on the|This bench is not on a marked trail/).first(),
  ).toBeVisible();
});
