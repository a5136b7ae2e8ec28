import { expect, expectAnswerAt, fieldError, signInAsAdmin, test } from "./support/fixtures";

// Adding, renaming and deleting a trail (decision 078). It makes its own trail (a name of its own for each
// width and JavaScript setting) and deletes it again, on an edits app (support/apps.ts), so the specs that
// compare pages with the seeded trails never see it.

// Beside the sample campus's trails, within the area where points are taken.
const POINTS = [
  [33.9821, -84.0041],
  [33.9826, -84.0035],
  [33.9821, -84.0029],
];

test.describe("add, rename and delete a trail", { tag: "@no-js" }, () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: a refused addition keeps what was typed; typed points are previewed, added, renamed and deleted`, async ({
      page,
      javaScriptEnabled,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 844 });
      await signInAsAdmin(page);
      const name = `Riverside Loop ${width} ${javaScriptEnabled ? "js" : "no js"}`;
      const slug = name.toLowerCase().replaceAll(" ", "-");

      await page.goto("/adminControlPanel?option=trail");
      await page.locator("summary", { hasText: "Add a trail" }).click();
      const adding = page.getByRole("region", { name: "Add a trail" });
      await adding.getByLabel("Name").fill(name);
      await adding.getByRole("radio", { name: "Teal" }).check();
      // No path yet: refused at the file field, the name kept (on the upload route's page without scripts too).
      await adding.getByRole("button", { name: "Preview the new trail" }).click();
      // The same form, in the area with scripts and on the upload route's page without.
      const form = page.locator("form#add-trail-form");
      await expect(fieldError(form, "Choose a GPX or GeoJSON file, or type the path's points.")).toBeVisible();
      await expect(form.getByLabel("Name", { exact: true })).toHaveValue(name);
      await expect(form.getByRole("radio", { name: "Teal" })).toBeChecked();

      await form
        .getByLabel(/^Or type its points/)
        .fill(POINTS.map(([latitude, longitude]) => `${latitude}, ${longitude}`).join("\n"));
      await form.getByRole("button", { name: "Preview the new trail" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `New trail: ${name}` })).toBeVisible();
      await expect(page.getByText(/The new trail: 3 points/)).toBeVisible();
      await page.getByRole("button", { name: "Add the trail" }).click();
      await expectAnswerAt(page, "trail-details", `The ${name} was added with 3 points.`, { javaScriptEnabled });
      const details = page.getByRole("form", { name: "Name and colour" });
      await expect(details.getByRole("link", { name: `/trails/${slug}` })).toBeVisible();

      // Its public page and the signed-in map's trail choice have it.
      await page.goto(`/trails/${slug}`);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await page.goto(`/trails?trail=${slug}`);
      await expect(page.getByRole("navigation", { name: "Trails" }).getByText(name)).toBeVisible();

      // Renamed and recoloured: the address stays.
      await page.goBack();
      await page.goBack();
      // Closed until opened, unless the page answers it (the area stays short on a phone).
      if (!(await details.isVisible())) await page.locator("summary").filter({ hasText: "Name and colour" }).click();
      await expect(details).toBeVisible();
      await details.getByLabel("Name").fill(`${name} East`);
      await details.getByRole("radio", { name: "Olive" }).check();
      await details.getByRole("button", { name: "Save name and colour" }).click();
      await expectAnswerAt(page, "trail-details", `The ${name} East was saved.`, { javaScriptEnabled });
      await expect(details.getByRole("radio", { name: "Olive" })).toBeChecked();

      // Deleted after its confirmation: a modal with scripts, a step in the page without.
      await page.getByRole("link", { name: `Delete the ${name} East` }).click();
      const confirm = page.getByRole("dialog", { name: "Delete trail" });
      await expect(confirm).toContainText(`Are you sure you want to delete the ${name} East?`);
      await confirm.getByRole("button", { name: "Delete the trail" }).click();
      await expectAnswerAt(
        page,
        "add-trail",
        `The ${name} East was deleted. Its benches stay, without a trail; walks and reports keep its name.`,
        { javaScriptEnabled },
      );
      expect((await page.request.get(`/trails/${slug}`)).status()).toBe(404);
    });
  }
});
