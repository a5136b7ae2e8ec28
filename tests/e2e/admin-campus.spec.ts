import { EACH_WIDTH_ONCE, expect, expectAnswerAt, fieldError, signInAsAdmin, test } from "./support/fixtures";

// The Campus area changes the name every page shows, so it runs on an edits app of its own
// (support/apps.ts), and puts the sample's name back before it ends.

const SAMPLE_NAME = "Sample Campus";

test.describe("admin campus area", { tag: "@no-js" }, () => {
  // One after the other: both widths save the one settings row, each from the version it opened.
  test.describe.configure({ mode: "serial" });
  for (const { width, tag } of EACH_WIDTH_ONCE) {
    test(
      `at ${width} px: rename the campus, see it in the footer and title, and have a bad time zone refused at its field`,
      { tag },
      async ({ page, javaScriptEnabled }) => {
        await page.setViewportSize({ width, height: 844 });
        await signInAsAdmin(page);
        await page.goto("/adminControlPanel?option=campus");
        const form = page.getByRole("form", { name: "Campus settings" });
        await expect(form.getByLabel("Campus name")).toHaveValue(SAMPLE_NAME);
        const name = `Riverside College ${width} ${javaScriptEnabled ? "js" : "no-js"}`;

        // A bad time zone: refused at its field, with what was typed kept; nothing saved.
        await form.getByLabel("Campus name").fill(name);
        await form.getByLabel("Time zone").fill("Mars/Olympus");
        await form.getByRole("button", { name: "Save campus settings" }).click();
        await expect(
          fieldError(form, 'Unknown time zone "Mars/Olympus". Use a name like America/Chicago.'),
        ).toBeVisible();
        await expect(form.getByLabel("Time zone")).toHaveValue("Mars/Olympus");
        await expect(form.getByLabel("Campus name")).toHaveValue(name);
        await expect(form.getByLabel("Time zone")).toBeInViewport();

        // Saved: the message beside the button, the footer and the title name the place.
        await form.getByLabel("Time zone").fill("America/New_York");
        await form.getByRole("button", { name: "Save campus settings" }).click();
        await expectAnswerAt(page, "campus-settings", "Campus settings saved.", { javaScriptEnabled });
        await expect(page.getByRole("contentinfo")).toContainText(`A wellness project for ${name}.`);
        await page.goto("/about");
        await expect(page).toHaveTitle(`About | ${name} | Walking Trails`);

        // Put the sample's name back for the specs beside this one.
        await page.goto("/adminControlPanel?option=campus");
        await form.getByLabel("Campus name").fill(SAMPLE_NAME);
        await form.getByRole("button", { name: "Save campus settings" }).click();
        await expectAnswerAt(page, "campus-settings", "Campus settings saved.", { javaScriptEnabled });
        await expect(page.getByRole("contentinfo")).toContainText(`A wellness project for ${SAMPLE_NAME}.`);
      },
    );
  }
});
