import { expect, expectAnswerAt, signInAsAdmin, test } from "./support/fixtures";

// One trail per project, so the two runs never make each other's forms stale.
const trailFor = (javaScriptEnabled: boolean) =>
  `/adminControlPanel?option=trail&trail=${javaScriptEnabled ? "673e9addbf9ebe061ef810c1" : "673e9addbf9ebe061ef810bf"}`;

test.describe("a submission's result stands beside the control that caused it", { tag: "@no-js" }, () => {
  test("trail coordinates: saved, then refused, each in its own row, which the page lands on", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(trailFor(javaScriptEnabled));
    const row3 = page.locator("tr#point-3");

    // Saving the values it already has changes nothing on the map, so this spec can share the seeded trail.
    await page.getByRole("button", { name: "Save coordinate #2", exact: true }).click();
    // In its row, on screen, focused or landed on; nothing at the top of the page repeats it.
    await expectAnswerAt(page, "point-2", "Coordinate #2 saved.", { javaScriptEnabled });

    await page.getByLabel("Latitude of coordinate #3", { exact: true }).fill("north");
    await page.getByRole("button", { name: "Save coordinate #3", exact: true }).click();
    const latitude = page.getByLabel("Latitude of coordinate #3", { exact: true });
    await expect(latitude).toHaveAttribute("aria-invalid", "true");
    await expect(row3.locator(".field-error")).toBeVisible();
    await expect(row3).toBeInViewport();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/#coordinate-2-error$/);
    // The earlier "saved" is gone: an old success never stands beside a new error.
    await expect(page.getByText("Coordinate #2 saved.")).toHaveCount(0);
  });
});
