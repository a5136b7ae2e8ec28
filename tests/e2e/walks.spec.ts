import { readFileSync } from "node:fs";
import type { Page, Request } from "@playwright/test";
import { METRES_PER_MILE, type LonLat } from "../../app/lib/geo";
import { snapToTrail, trailLine } from "../../app/lib/trail-walk";
import { axeOn, expectNoFrames } from "./support/axe";
import { expect, fieldError, signInAsAdmin, signUp, test } from "./support/fixtures";

type Feature = { properties: { name: string }; geometry: { coordinates: LonLat[] } };
const gold = trailLine(
  (JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features as Feature[]).find(
    (feature) => feature.properties.name === "Gold Trail",
  )!.geometry.coordinates,
);

/** The point `metres` along the Gold Trail from its first point. */
function alongGold(metres: number): LonLat {
  let index = gold.cumulative.findIndex((value) => value >= metres);
  if (index <= 0) index = 1;
  const [start, end] = [gold.coordinates[index - 1], gold.coordinates[index]];
  const t = (metres - gold.cumulative[index - 1]) / (gold.cumulative[index] - gold.cumulative[index - 1]);
  return [start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1])];
}

/** A place about 70 m from `point`, in whichever direction lies farthest from the trail. */
function awayFromTrail(point: LonLat): LonLat {
  const candidates: LonLat[] = [
    [point[0], point[1] + 70 / 111_320],
    [point[0], point[1] - 70 / 111_320],
    [point[0] + 70 / 92_300, point[1]],
    [point[0] - 70 / 92_300, point[1]],
  ];
  return candidates.sort((a, b) => snapToTrail(gold, b)!.offTrail - snapToTrail(gold, a)!.offTrail)[0];
}

/** axe runs as a script in the page; without scripts, tests/e2e/accessibility.spec.ts checks these pages' server HTML. */
async function axeViolations(page: Page, javaScriptEnabled = true) {
  if (!javaScriptEnabled) return [];
  await expectNoFrames(page);
  const results = await axeOn(page).analyze();
  expect(results.passes.length).toBeGreaterThan(10);
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

const walkedMetres = async (page: Page) => {
  const text = (await page.locator('[data-walk="walked"]').textContent()) ?? "";
  return Number(/\(([\d,]+) m\)/.exec(text)![1].replace(/,/g, ""));
};

/** Every number that looks like a campus latitude or longitude, with enough digits to place someone. */
const COORDINATE = /(^|[^\d])(-?8[34]\.\d{3,}|3[34]\.\d{3,})/;

test.describe("walks", () => {
  test.use({ permissions: ["geolocation"], geolocation: { latitude: 33.98, longitude: -84.005, accuracy: 10 } });

  test(
    "a walk along the Gold Trail: distance grows, the next bench changes, off trail is said, a reload keeps it, and Finish saves only the summary",
    { tag: "@no-js" },
    async ({ page, context, javaScriptEnabled }) => {
      await signUp(page);
      if (!javaScriptEnabled) {
        // Without scripts there is no location: the map and benches are there, and the Log a walk form instead.
        await page.goto("/trails?trail=gold");
        await expect(page.getByRole("button", { name: "Start walk" })).toHaveCount(0);
        // Nor a link to a walk that could not start here.
        await expect(page.getByRole("link", { name: "Start walk" })).toBeHidden();
        await page.getByRole("link", { name: "Log a walk on this trail" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "My Walks" })).toBeVisible();
        await expect(page.getByLabel("Trail")).toHaveValue("673e9addbf9ebe061ef810bf");
        return;
      }
      const requests: Request[] = [];
      page.on("request", (request) => requests.push(request));
      const goTo = async (metres: number) => {
        const [longitude, latitude] = alongGold(metres);
        await context.setGeolocation({ latitude, longitude, accuracy: 8 });
      };

      await goTo(180);
      await page.goto("/trails?trail=gold");
      // The page comes without scripts (decision 067): Start walk is a link whose answer brings the walk
      // companion and the interactive map, and starts the walk.
      const invitation = page.locator("[data-walk-invitation]");
      await expect(invitation.getByText("Your location stays on this device.")).toBeVisible();
      // Keyboard only: the controls are links and buttons with names.
      await invitation.getByRole("link", { name: "Start walk" }).focus();
      await page.keyboard.press("Enter");
      const panel = page.locator("[data-walk-panel]");
      const status = panel.getByRole("status");
      await expect(status).toHaveText("On the Gold Trail. Next bench ahead: Bench 1.");
      await expect(panel.locator('[data-walk="next-bench"]')).toContainText("Bench 1, 62 m ahead");
      // The next bench's videos play in place, through the same facade as the bench popups.
      await expect(
        panel.locator('[data-walk="next-bench"]').getByRole("button", { name: "Play video: Dynamic Warm-Up Series" }),
      ).toBeVisible();
      await expect(page.locator('[data-map="openlayers"]')).toHaveAttribute("data-walker", "true");

      for (const metres of [210, 240, 270, 300]) {
        await goTo(metres);
        await expect.poll(() => walkedMetres(page)).toBeGreaterThanOrEqual(metres - 180 - 2);
      }
      expect(await walkedMetres(page)).toBeLessThanOrEqual(122);
      // Bench 1 (242 m along) is behind now; the next one beside the trail is Bench 9.
      await expect(status).toHaveText("On the Gold Trail. Next bench ahead: Bench 9.");
      await expect(panel.getByRole("button", { name: "Recentre map" })).toHaveAttribute("aria-pressed", "true");

      const away = awayFromTrail(alongGold(300));
      await context.setGeolocation({ longitude: away[0], latitude: away[1], accuracy: 8 });
      await expect(status).toHaveText(/^Off the trail: \d+ m from the nearest point of the Gold Trail\.$/);
      const offBy = Number(/(\d+) m/.exec((await status.textContent())!)![1]);
      expect(offBy).toBeGreaterThan(25);
      const beforeReload = await walkedMetres(page);

      // A reload (or a dropped connection) loses nothing: the walk is kept in this browser.
      await page.reload();
      await expect(panel.getByRole("status")).toHaveText(/Off the trail|Waiting for your position/);
      expect(await walkedMetres(page)).toBe(beforeReload);
      await goTo(330);
      await expect(status).toHaveText("On the Gold Trail. Next bench ahead: Bench 9.");
      await goTo(360);
      await expect.poll(() => walkedMetres(page)).toBeGreaterThan(beforeReload + 25);
      expect(await axeViolations(page)).toEqual([]);

      const walked = await walkedMetres(page);
      await panel.getByRole("button", { name: "Finish walk" }).focus();
      await page.keyboard.press("Enter");
      await expect(panel.locator('[data-walk="summary"]')).toContainText("Gold Trail");
      // The day is written as on every other page ("Tue, Nov 24, 2026"), never as 2026-11-24.
      const summaryDay = (await panel.locator('[data-walk="summary"] dd').allTextContents()).find((text) =>
        /\d{4}/.test(text),
      )!;
      expect(summaryDay).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await panel.getByRole("button", { name: "Save walk" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "My Walks" })).toBeVisible();
      await expect(page.getByText("Walk saved.")).toBeVisible();
      const row = page.locator("tr[data-walk-id]");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Gold Trail");
      await expect(row).toContainText(summaryDay);
      await expect(row).toContainText(`${(walked / METRES_PER_MILE).toFixed(2)} mi`);

      // Positions never left the browser: no address and no body carried a coordinate, and the one write
      // was the summary and nothing else.
      for (const request of requests) {
        const body = request.postData() ?? "";
        expect(decodeURIComponent(request.url()), request.url()).not.toMatch(COORDINATE);
        expect(body, request.url()).not.toMatch(COORDINATE);
        expect(body.toLowerCase(), request.url()).not.toMatch(/latitude|longitude|accuracy/);
      }
      const writes = requests.filter((request) => request.method() !== "GET");
      expect(writes).toHaveLength(1);
      const fields = new URLSearchParams(writes[0].postData()!);
      expect([...fields.keys()].sort()).toEqual(["date", "distanceMiles", "durationMinutes", "intent", "trailId"]);
      expect(fields.get("trailId")).toBe("673e9addbf9ebe061ef810bf");
      expect(Number(fields.get("distanceMiles"))).toBeCloseTo(walked / METRES_PER_MILE, 2);
    },
  );

  test(
    "a trail map opened from another page reloads itself to ask for the location",
    { tag: "@no-js" },
    async ({ page, context, javaScriptEnabled }) => {
      await signUp(page);
      if (!javaScriptEnabled) {
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Trails" }).first().click();
        await expect(page.getByRole("heading", { level: 1, name: "Trail Map" })).toBeVisible();
        await expect(page.getByRole("button", { name: "Start walk" })).toHaveCount(0);
        return;
      }
      const [longitude, latitude] = alongGold(180);
      await context.setGeolocation({ latitude, longitude, accuracy: 8 });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Trails" }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Trail Map" })).toBeVisible();
      await page.getByRole("link", { name: "Gold Trail", exact: true }).click();
      // As a person would: Start once the Gold Trail is shown, not while the page still shows the one before.
      await expect(page.getByRole("link", { name: "Gold Trail", exact: true })).toHaveAttribute("aria-current", "true");
      await page.getByRole("button", { name: "Start walk" }).click();
      await expect(page.locator("[data-walk-panel]").getByRole("status")).toHaveText(
        "On the Gold Trail. Next bench ahead: Bench 1.",
      );
    },
  );

  test("the date field keeps the gold focus ring when the keyboard reaches its calendar button", async ({ page }) => {
    await signUp(page);
    await page.goto("/userControlPanel/walks");
    const date = page.locator("#log-walk").getByLabel("Date");
    await date.focus();
    // Month, day and year, then the calendar button: all inside the one field.
    for (let press = 0; press < 3; press++) await page.keyboard.press("Tab");
    await expect(date).toBeFocused();
    const ring = await date.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
    });
    const gold = await page.evaluate(() => {
      const probe = document.createElement("span");
      probe.style.color = "var(--color-gold-500)";
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    expect(ring).toEqual({ style: "solid", width: "3px", color: gold });
  });

  test(
    "log a walk with the form, see it in My walks with the totals and chart, and delete it after confirming",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled }) => {
      await signUp(page);
      await page.goto("/userControlPanel");
      await page.getByRole("link", { name: "My Walks" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "My Walks" })).toBeVisible();
      await expect(page.getByText("No walks yet.")).toBeVisible();
      expect(await axeViolations(page, javaScriptEnabled)).toEqual([]);

      const form = page.locator("#log-walk");
      // A date in the future is refused beside the field, keeping what was typed.
      await form.getByLabel("Trail").selectOption({ label: "Gold Trail" });
      await form.getByLabel("Date").fill("2999-01-01");
      await form.getByLabel("Duration in minutes (optional)").fill("30");
      await form.getByRole("button", { name: "Save walk" }).click();
      await expect(fieldError(form, "The date of a walk cannot be in the future.")).toBeVisible();
      await expect(form.getByLabel("Duration in minutes (optional)")).toHaveValue("30");

      const today = await form.getByLabel("Date").getAttribute("max");
      await form.getByLabel("Date").fill(today!);
      await form.getByLabel("Laps").fill("2");
      await form.getByRole("button", { name: "Save walk" }).click();
      await expect(page.getByText("Walk saved.")).toBeVisible();
      const twoLaps = ((2 * gold.length) / METRES_PER_MILE).toFixed(2);
      const row = page.locator("tr[data-walk-id]");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Gold Trail");
      await expect(row).toContainText(`${twoLaps} mi`);
      await expect(row).toContainText("30 min");
      await expect(page.locator('[data-totals="week"]')).toContainText(`${twoLaps} mi`);
      await expect(page.locator('[data-totals="month"]')).toContainText(`${twoLaps} mi`);
      // The chart's last bar is this week's miles.
      const chart = page.locator('[data-chart="walk-weeks-chart"]');
      await expect(chart.locator("[data-label]")).toHaveCount(8);
      await expect(chart.locator("[data-label]").last()).toContainText(twoLaps);
      expect(await axeViolations(page, javaScriptEnabled)).toEqual([]);

      await row.getByRole("link", { name: /^Delete/ }).click();
      const dialog = page.getByRole("dialog", { name: "Delete walk" });
      await expect(dialog.getByText("Are you sure you want to delete this walk?")).toBeVisible();
      await dialog.getByRole("button", { name: "Delete walk" }).click();
      await expect(page.getByText("Walk deleted.")).toBeVisible();
      await expect(page.locator("tr[data-walk-id]")).toHaveCount(0);
      await expect(page.locator('[data-totals="week"]')).toContainText("0.00 mi");
    },
  );
});

test.describe("walk analytics", () => {
  test("the admin sees walks per trail and week, small groups as '< 5', and the page passes axe", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/adminAnalytics");
    const section = page.getByRole("region", { name: "Walks" });
    await expect(section.getByRole("heading", { name: "Walks" })).toBeVisible();
    await expect(section.locator('[data-chart="walk-chart"] [data-label]')).toHaveCount(8);
    const table = section.locator('table[data-table="walks"]');
    await expect(table.locator("tbody tr")).toHaveCount(3);
    await expect(table.locator("thead th")).toHaveCount(10);
    // Every cell is a count of at least 5 people's walks, 0, or '< 5': never a small number of walks.
    for (const value of await table
      .locator("td")
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-walks")))) {
      expect(value === "< 5" || Number(value) === 0 || Number(value) >= 5, String(value)).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});
