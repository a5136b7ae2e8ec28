import { expectAccessible } from "./support/axe";
import { EACH_WIDTH_ONCE, expect, expectAnswerAt, signInAsAdmin, test } from "./support/fixtures";
import { gpxFile } from "./support/trail-path";

// docs/operations.md, "Setting up a new campus", step by step on an app started with SAMPLE_DATA=false (one
// per JavaScript setting, support/apps.ts): the empty start, the campus's name and clock, a trail from a
// GPX file some 3,500 km from the sample campus, a bench and a notice, then the pages a walker opens.

// Portland, Oregon, in walking order ([longitude, latitude], as GPX and GeoJSON give them).
const RIVERSIDE: [number, number][] = [
  [-122.6765, 45.5231],
  [-122.6752, 45.5238],
  [-122.6739, 45.5233],
  [-122.6745, 45.5224],
];

test.describe("setting up a new campus, as the operator's guide says", { tag: "@no-js" }, () => {
  for (const { width, tag } of EACH_WIDTH_ONCE) {
    test(
      `at ${width} px: an empty start, the campus's name and time zone, a trail from a GPX file, a bench and a notice, then the walker's pages`,
      { tag },
      async ({ page, browser, javaScriptEnabled }) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: 844 });

        // 1. The empty start: the landing page offers the videos, names no trail and draws none.
        await page.goto("/");
        const hero = page.locator("section[aria-labelledby=hero-heading]");
        await expect(hero).toContainText("Watch short exercise videos and learn evidence-based habits");
        await expect(hero.getByRole("link", { name: /Trail/ })).toHaveCount(0);
        await expect(hero.getByRole("img")).toHaveCount(0);
        await expect(page.getByRole("contentinfo")).toContainText("A wellness project for Our campus.");
        await expectAccessible(page, javaScriptEnabled);

        // The administrator, and a map with nothing on it yet.
        await signInAsAdmin(page);
        await page.goto("/trails");
        await expect(page.getByText("No trails have been mapped yet.")).toBeVisible();
        await page.goto("/adminControlPanel?option=trail");
        await expect(page.getByText("There are no trails yet. Add the first one below.")).toBeVisible();
        await expectAccessible(page, javaScriptEnabled);

        // 2. The campus's name and clock.
        await page.goto("/adminControlPanel?option=campus");
        const campus = page.getByRole("form", { name: "Campus settings" });
        await campus.getByLabel("Campus name").fill("Riverside College");
        await campus.getByLabel("Time zone").fill("America/Los_Angeles");
        await campus.getByRole("button", { name: "Save campus settings" }).click();
        await expectAnswerAt(page, "campus-settings", "Campus settings saved.", { javaScriptEnabled });
        await expect(page.getByRole("contentinfo")).toContainText("A wellness project for Riverside College.");

        // 3. A trail from a GPX file, anywhere on an empty campus: previewed, then added.
        await page.goto("/adminControlPanel?option=trail");
        // Open on an empty campus; folded once there are trails.
        const fold = page.locator("details", { has: page.locator("summary", { hasText: "Add a trail" }) });
        if ((await fold.getAttribute("open")) === null) await fold.locator("summary").click();
        const adding = page.locator("form#add-trail-form");
        await adding.getByLabel("Name", { exact: true }).fill("Riverside Loop");
        await adding.getByRole("radio", { name: "Teal" }).check();
        await adding
          .getByLabel(/^The path from a GPX or GeoJSON file/)
          .setInputFiles(gpxFile("riverside.gpx", RIVERSIDE));
        await adding.getByRole("button", { name: "Preview the new trail" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "New trail: Riverside Loop" })).toBeVisible();
        await expect(page.getByText(/The new trail: 4 points/)).toBeVisible();
        await page.getByRole("button", { name: "Add the trail" }).click();
        await expectAnswerAt(page, "trail-details", "The Riverside Loop was added with 4 points.", {
          javaScriptEnabled,
        });

        // 4. A bench on it, and a notice with an end on the campus's clock.
        await page.goto("/adminControlPanel?option=bench");
        const bench = page.getByRole("form", { name: "Create a bench" });
        await bench.getByLabel("Bench number").fill("1");
        await bench.getByLabel("Location").fill("By the river");
        await bench.getByLabel("Latitude").fill(String(RIVERSIDE[1][1]));
        await bench.getByLabel("Longitude").fill(String(RIVERSIDE[1][0]));
        await bench.getByLabel("Trail (optional)").selectOption({ label: "Riverside Loop" });
        await bench.getByRole("button", { name: "Create Bench" }).click();
        await expectAnswerAt(page, "edit-bench", "Bench #1 created.", { javaScriptEnabled });

        await page.goto("/adminControlPanel?option=notices");
        const notice = page.getByRole("form", { name: "Post a notice" });
        await notice.getByLabel("Trail or bench").selectOption({ label: "Riverside Loop" });
        await notice.getByLabel("Kind").selectOption({ label: "Caution" });
        await notice.getByLabel(/^Message walkers read/).fill("Muddy after the rain");
        await notice.getByLabel("Ends (optional)").fill("2030-01-15T17:00");
        await notice.getByRole("button", { name: "Post notice" }).click();
        const card = page.locator("li[data-notice-id]").filter({ hasText: "Muddy after the rain" });
        await expect(card).toContainText("Tue, Jan 15, 2030, 5:00 PM PST");

        // 5. What a walker sees: the landing page names and draws the new trail; its page, its bench's page.
        const visitor = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 844 } });
        try {
          const walker = await visitor.newPage();
          await walker.goto(new URL("/", page.url()).toString());
          const landing = walker.locator("section[aria-labelledby=hero-heading]");
          await expect(landing).toContainText("Explore one marked trail across campus, stop at benches");
          await expect(
            landing.getByRole("img", { name: "Map of the campus's one trail (Riverside Loop) with one bench." }),
          ).toBeVisible();
          expect(
            await landing.getByRole("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          ).toBeGreaterThan(0);
          await expect(walker).toHaveTitle("Campus trails and wellness videos | Riverside College | Walking Trails");
          await landing.getByRole("link", { name: "Riverside Loop" }).click();
          await expect(walker.getByRole("heading", { level: 1, name: "Riverside Loop" })).toBeVisible();
          const banner = walker.getByRole("region", { name: "Notices" });
          await expect(banner).toContainText("Muddy after the rain");
          await expect(banner).toContainText("Until Tue, Jan 15, 2030, 5:00 PM PST");
          await expectAccessible(walker, javaScriptEnabled);
          await walker
            .getByRole("main")
            .getByRole("listitem")
            .getByRole("link", { name: "Bench 1", exact: true })
            .click();
          await expect(walker.getByText("You are at Bench 1 of 1 on the Riverside Loop")).toBeVisible();
        } finally {
          await visitor.close();
        }

        // The QR sheet to print has the bench.
        await page.goto("/adminControlPanel/qr-codes");
        await expect(page.getByRole("main")).toContainText("Bench 1");
      },
    );
  }
});
