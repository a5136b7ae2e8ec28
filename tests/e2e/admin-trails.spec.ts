import type { Page } from "@playwright/test";
import { appUrl, expect, expectAnswerAt, fieldError, signInAsAdmin, test } from "./support/fixtures";
import { benchNumberFor } from "./support/bench-numbers";

// The trail map specs compare pages with the seeded trails and benches: this spec changes them, so it runs
// on an edits app of its own (support/apps.ts). Every change is still undone in the same test, and each
// test edits its own trail and bench numbers (the js and no-js projects apart as before, though on apps of
// their own now), so trail-path-upload.spec.ts can replace a path beside them.

const rows = (page: Page) => page.locator("table tbody tr");
/** The table's caption says how many points the trail has: the table shows ten of them a page. */
const expectPoints = (page: Page, count: number) =>
  expect(page.locator("table caption")).toContainText(` of ${count})`);
const input = (page: Page, field: "Latitude" | "Longitude", number: number) =>
  page.getByLabel(`${field} of coordinate #${number}`, { exact: true });

async function expectFlash(page: Page, message: string) {
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();
}

async function confirmDialog(page: Page, prompt: string) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(prompt);
  return dialog;
}

async function decline(page: Page, dialog: ReturnType<Page["getByRole"]>, javaScriptEnabled: boolean) {
  await dialog.getByRole(javaScriptEnabled ? "button" : "link", { name: "Close", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  // Declining leaves the confirmation URL, so reloading does not ask again.
  await expect(page).not.toHaveURL(/confirm=/);
}

test.describe("admin trail area", { tag: "@no-js" }, () => {
  test("choose a trail, save, insert, delete (declined and confirmed), and refuse bad coordinates", async ({
    page,
    javaScriptEnabled,
    db,
  }) => {
    // One long walk through the area (about 20 page loads); the shared 2-core machines need the time.
    test.setTimeout(120_000);
    const trailName = javaScriptEnabled ? "Gray Trail" : "Gold Trail";
    await signInAsAdmin(page);
    await page.goto("/adminControlPanel?option=trail");

    const select = page.getByRole("combobox", { name: "Trail", exact: true });
    await select.selectOption({ label: trailName });
    await page.getByRole("button", { name: "Show trail" }).click();
    await expect(page.getByRole("heading", { name: trailName, level: 3 })).toBeVisible();
    await expect(page).toHaveURL(/trail=[a-f0-9]{24}/);
    const trailId = new URL(page.url()).searchParams.get("trail")!;
    await expect(
      page
        .getByRole("region", { name: `Map of the ${trailName}` })
        .or(page.getByRole("img", { name: `Map of the ${trailName}` })),
    ).toBeVisible();

    const count = (
      (await (await page.request.get(`/api/trails/${trailId}`)).json()) as { path: { coordinates: unknown[] } }
    ).path.coordinates.length;
    expect(count).toBeGreaterThan(20);
    // Ten points a page.
    await expect(rows(page)).toHaveCount(10);
    await expectPoints(page, count);
    const pointsInDb = async () =>
      db
        ? (
            await db.query<{ position: number; latitude: number; longitude: number }>(
              `SELECT position, latitude, longitude FROM "TrailPoint" WHERE "trailId" = $1 ORDER BY position`,
              [trailId],
            )
          ).rows
        : null;

    // Save a coordinate (latitude in the Latitude column), then save the original back.
    const originalLat = await input(page, "Latitude", 2).inputValue();
    const originalLon = await input(page, "Longitude", 2).inputValue();
    expect(Number(originalLat)).toBeGreaterThan(33);
    expect(Number(originalLon)).toBeLessThan(-83);
    // A nudge of 0.000001° (about 0.1 m): visible in the table and the database, not in the trail's length.
    const nudged = String(Number((Number(originalLat) + 0.000001).toFixed(7)));
    await input(page, "Latitude", 2).fill(nudged);
    await page.getByRole("button", { name: "Save coordinate #2", exact: true }).click();
    await expectFlash(page, "Coordinate #2 saved.");
    await page.reload();
    await expect(input(page, "Latitude", 2)).toHaveValue(nudged);
    await expect(input(page, "Longitude", 2)).toHaveValue(originalLon);
    if (db)
      expect((await pointsInDb())![1]).toMatchObject({ latitude: Number(nudged), longitude: Number(originalLon) });
    await input(page, "Latitude", 2).fill(originalLat);
    await page.getByRole("button", { name: "Save coordinate #2", exact: true }).click();
    await expectFlash(page, "Coordinate #2 saved.");
    await expect(input(page, "Latitude", 2)).toHaveValue(originalLat);

    // Insert Below #1 with the values typed in row 1: a new #2; row 1 keeps its saved values. The new
    // point is a copy of #1 nudged by 0.000001°, so the trail's drawn length hardly changes meanwhile.
    const firstLat = await input(page, "Latitude", 1).inputValue();
    const firstLon = await input(page, "Longitude", 1).inputValue();
    const insertedLat = String(Number((Number(firstLat) + 0.000001).toFixed(7)));
    await input(page, "Latitude", 1).fill(insertedLat);
    await input(page, "Longitude", 1).fill(firstLon);
    await page.getByRole("button", { name: "Insert below coordinate #1", exact: true }).click();
    await expectFlash(page, "Coordinate #2 inserted.");
    await expectPoints(page, count + 1);
    await expect(input(page, "Latitude", 1)).toHaveValue(firstLat);
    await expect(input(page, "Latitude", 2)).toHaveValue(insertedLat);
    await expect(input(page, "Longitude", 2)).toHaveValue(firstLon);
    await expect(input(page, "Latitude", 3)).toHaveValue(originalLat);
    if (db) expect((await pointsInDb())!.map((point) => point.position)).toEqual([...Array(count + 1).keys()]);

    // Delete it: declined first (kept), then confirmed (gone).
    await page.getByRole("link", { name: "Delete coordinate #2", exact: true }).click();
    let dialog = await confirmDialog(page, "Are you sure you want to delete coordinate #2?");
    await decline(page, dialog, javaScriptEnabled);
    await page.reload();
    await expectPoints(page, count + 1);
    await expect(input(page, "Latitude", 2)).toHaveValue(insertedLat);
    await page.getByRole("link", { name: "Delete coordinate #2", exact: true }).click();
    dialog = await confirmDialog(page, "Are you sure you want to delete coordinate #2?");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expectFlash(page, "Coordinate #2 deleted.");
    await expectPoints(page, count);
    await expect(input(page, "Latitude", 2)).toHaveValue(originalLat);

    // Insert at End: both values required, near the campus only, decimals accepted. The point added is a
    // copy of the last one, nudged as above: on the table's last page, a GET link.
    const lastPage = Math.ceil(count / 10);
    const pages = page.getByRole("navigation", { name: "Pages of coordinates" });
    await pages.getByRole("link", { name: `Points ${(lastPage - 1) * 10 + 1}–${count}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${lastPage}(#|&|$)`));
    await expect(rows(page)).toHaveCount(count - (lastPage - 1) * 10);
    const lastLat = await input(page, "Latitude", count).inputValue();
    const lastLon = await input(page, "Longitude", count).inputValue();
    const endLat = String(Number((Number(lastLat) + 0.000001).toFixed(7)));
    const endForm = page.getByRole("form", { name: "Insert at End" });
    await endForm.getByLabel("Latitude", { exact: true }).fill("33.9822");
    await endForm.getByRole("button", { name: "Insert at End" }).click();
    await expect(endForm.getByText("Please provide both latitude and longitude").first()).toBeVisible();
    await expect(endForm.getByLabel("Latitude", { exact: true })).toHaveValue("33.9822");
    await endForm.getByLabel("Latitude", { exact: true }).fill("40.5");
    await endForm.getByLabel("Longitude", { exact: true }).fill("-84.0022");
    await endForm.getByRole("button", { name: "Insert at End" }).click();
    await expect(
      endForm
        .getByText(/^This point is [\d,]+ km from the campus; points must be within 5 km of its trails and benches\.$/)
        .first(),
    ).toBeVisible();
    await page.reload();
    await expectPoints(page, count);

    await endForm.getByLabel("Latitude", { exact: true }).fill(endLat);
    await endForm.getByLabel("Longitude", { exact: true }).fill(lastLon);
    await endForm.getByRole("button", { name: "Insert at End" }).click();
    // The answer lands on the page that shows the new point (a page of its own when the last was full).
    await expectFlash(page, `Coordinate #${count + 1} inserted.`);
    await expect(page).toHaveURL(new RegExp(`[?&]page=${Math.ceil((count + 1) / 10)}(#|$)`));
    await expectPoints(page, count + 1);
    await expect(input(page, "Latitude", count + 1)).toHaveValue(endLat);
    await expect(input(page, "Longitude", count + 1)).toHaveValue(lastLon);
    await page.getByRole("link", { name: `Delete coordinate #${count + 1}`, exact: true }).click();
    dialog = await confirmDialog(page, `Are you sure you want to delete coordinate #${count + 1}?`);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expectFlash(page, `Coordinate #${count + 1} deleted.`);
    await expect(input(page, "Latitude", count)).toHaveValue(lastLat);
    await pages.getByRole("link", { name: "Points 1–10", exact: true }).click();
    await expectPoints(page, count);
    await expect(input(page, "Latitude", 2)).toHaveValue(originalLat);
    if (db) expect(await pointsInDb()).toHaveLength(count);
  });
});

test.describe("admin bench area", { tag: "@no-js" }, () => {
  test("create (duplicate refused), select, update, add and delete a video, delete the bench", async ({
    page,
    javaScriptEnabled,
    db,
  }) => {
    test.setTimeout(120_000);
    const number = benchNumberFor("admin-trails", javaScriptEnabled);
    const location = `Test bench ${number} by the pond`;
    const benchInDb = async () =>
      db
        ? (await db.query(`SELECT location, latitude, longitude FROM "Bench" WHERE "benchNumber" = $1`, [number])).rows
        : null;
    await signInAsAdmin(page);
    await page.goto("/adminControlPanel?option=bench");

    const create = page.getByRole("form", { name: "Create a bench" });
    const fillBench = async () => {
      await create.getByLabel("Bench number").fill(String(number));
      await create.getByLabel("Location").fill(location);
      await create.getByLabel("Latitude").fill("33.982");
      await create.getByLabel("Longitude").fill("-84.007");
    };
    await fillBench();
    // Over 100 m from every trail, and set on the trail the path-upload spec leaves alone in this mode
    // (trail-path-upload.spec.ts): its preview counts the benches of the trail it changes.
    await create
      .getByLabel("Trail (optional)")
      .selectOption({ label: javaScriptEnabled ? "Green Trail" : "Gold Trail" });
    await create.getByRole("button", { name: "Create Bench" }).click();
    // The new bench opens in its edit form, where the result stands.
    await expectAnswerAt(page, "edit-bench", `Bench #${number} created.`, { javaScriptEnabled });
    await expect(page.getByRole("heading", { name: `Edit bench #${number}` })).toBeVisible();
    if (db) expect(await benchInDb()).toEqual([{ location, latitude: 33.982, longitude: -84.007 }]);

    await fillBench();
    await create.getByRole("button", { name: "Create Bench" }).click();
    await expect(fieldError(create, `Bench #${number} already exists.`)).toBeVisible();
    await expect(create.getByLabel("Location")).toHaveValue(location);

    // Select it from the list (sorted by number).
    await page.goto("/adminControlPanel?option=bench");
    const choice = page.getByRole("combobox", { name: "Bench", exact: true });
    const labels = await choice.locator("option:not([disabled])").allTextContents();
    const numbers = labels.map((label) => Number(label.match(/^#(\d+)/)![1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    await choice.selectOption({ label: `#${number} – ${location}` });
    await page.getByRole("button", { name: "Show bench" }).click();
    const edit = page.getByRole("form", { name: `Edit bench #${number}` });
    await expect(edit.getByLabel("Location")).toHaveValue(location);

    // On a phone: a refused save shows at its field, which stays on screen (without JavaScript the page
    // lands on the form; with it the browser refuses before sending); the next save's result replaces it
    // beside the Update button.
    await page.setViewportSize({ width: 390, height: 844 });
    await edit.getByLabel("Location").fill(`${location}, north side`);
    await edit.getByLabel("Latitude").fill("99");
    await edit.getByRole("button", { name: "Update" }).click();
    const latitudeError = fieldError(edit, "Latitude must be between -90 and 90.");
    await expect(latitudeError).toBeVisible();
    await expect(edit.getByLabel("Latitude")).toBeInViewport();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/#edit-bench-error$/);
    // A place 3,000 km from the campus (Portland, Oregon) is refused by the server, saying how far.
    await edit.getByLabel("Latitude").fill("45.52");
    await edit.getByLabel("Longitude").fill("-122.68");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(
      fieldError(
        edit,
        /^This point is 3,\d{3} km from the campus; points must be within 5 km of its trails and benches\.$/,
      ),
    ).toBeVisible();
    await expect(edit.getByLabel("Latitude")).toHaveValue("45.52");
    await edit.getByLabel("Longitude").fill("-84.007");
    await edit.getByLabel("Latitude").fill("33.9821");
    await edit.getByRole("button", { name: "Update" }).click();
    await expectAnswerAt(page, "edit-bench", `Bench #${number} updated.`, { javaScriptEnabled });
    await expect(latitudeError).toHaveCount(0);
    await page.reload();
    await expect(edit.getByLabel("Location")).toHaveValue(`${location}, north side`);
    await expect(edit.getByLabel("Latitude")).toHaveValue("33.9821");
    if (db)
      expect(await benchInDb()).toEqual([
        { location: `${location}, north side`, latitude: 33.9821, longitude: -84.007 },
      ]);

    // On a desktop: a refused link shows at its field, then the added video's result beside the button.
    await page.setViewportSize({ width: 1280, height: 800 });
    const addVideo = page.getByRole("form", { name: "Add a video" });
    await addVideo.getByLabel("Title").fill("Calf stretch");
    await addVideo.getByLabel("Video link").fill("http://youtu.be/CQYKNyeBOIY");
    await addVideo.getByRole("button", { name: "Add Video" }).click();
    await expect(addVideo.getByLabel("Video link")).toHaveAttribute("aria-invalid", "true");
    await expect(addVideo.getByLabel("Video link")).toBeInViewport();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/#add-bench-video-error$/);
    await addVideo.getByLabel("Video link").fill("https://youtu.be/CQYKNyeBOIY");
    await addVideo.getByRole("button", { name: "Add Video" }).click();
    await expectAnswerAt(page, "add-bench-video", `Video "Calf stretch" added to bench #${number}.`, {
      javaScriptEnabled,
    });
    await expect(addVideo.getByLabel("Video link")).not.toHaveAttribute("aria-invalid", "true");
    const videos = page.getByRole("region", { name: `Videos of bench #${number}` });
    await expect(videos.getByRole("link", { name: "Calf stretch (opens in a new tab)" })).toHaveAttribute(
      "href",
      "https://www.youtube.com/embed/CQYKNyeBOIY",
    );

    await videos.getByRole("link", { name: "Delete video Calf stretch", exact: true }).click();
    let dialog = await confirmDialog(page, "Are you sure you want to delete this video?");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    // Its row is gone: the result names the video at the head of the bench's list.
    await expectAnswerAt(page, "bench-videos", `Video "Calf stretch" removed from bench #${number}.`, {
      javaScriptEnabled,
    });
    await expect(videos).toContainText("This bench has no videos yet.");

    await edit.getByRole("link", { name: "Delete", exact: true }).click();
    dialog = await confirmDialog(page, `Are you sure you want to delete bench #${number}?`);
    await decline(page, dialog, javaScriptEnabled);
    await page.reload();
    await expect(page.getByRole("heading", { name: `Edit bench #${number}` })).toBeVisible();
    if (db) expect(await benchInDb()).toHaveLength(1);

    await edit.getByRole("link", { name: "Delete", exact: true }).click();
    dialog = await confirmDialog(page, `Are you sure you want to delete bench #${number}?`);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expectAnswerAt(page, "bench-chooser", `Bench #${number} deleted.`, { javaScriptEnabled });
    await page.reload();
    await expect(
      page.getByRole("combobox", { name: "Bench", exact: true }).locator("option", { hasText: `#${number} ` }),
    ).toHaveCount(0);
    if (db) expect(await benchInDb()).toHaveLength(0);
  });
});

test.describe("trail and bench facts", { tag: "@no-js" }, () => {
  test("an admin corrects a trail's and a bench's facts with plain forms; the public pages follow", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    // Each project edits its own trail and bench, and puts them back through the API at the end.
    const [trailName, slug, benchNumber, benchLocation] = javaScriptEnabled
      ? ["Green Trail", "green", 12, "Along the wooded path on the far east loop"]
      : ["Gray Trail", "gray", 10, "Beside the athletic fields on the west end"];
    const origin: Record<string, string> = { Origin: appUrl() };
    await signInAsAdmin(page);
    await page.goto("/adminControlPanel?option=trail");
    await page.getByRole("combobox", { name: "Trail", exact: true }).selectOption({ label: trailName });
    await page.getByRole("button", { name: "Show trail" }).click();
    // With JavaScript the chooser navigates after the click returns: read the URL once it has moved.
    await page.waitForURL((url) => url.searchParams.has("trail"));
    const trailId = new URL(page.url()).searchParams.get("trail")!;
    const before = await (await page.request.get(`/api/trails/${trailId}`)).json();

    // The facts form is folded away until asked for.
    const facts = page.getByRole("form", { name: "Facts shown on the trail's page" });
    await page.locator("summary", { hasText: "Facts shown on the trail's page" }).click();
    await facts.getByLabel("Surface").selectOption({ label: "Boardwalk" });
    await facts.getByLabel("Steps (0 when step-free)").fill("a few");
    await facts.getByRole("button", { name: "Save facts" }).click();
    await expect(fieldError(facts, "Steps must be a whole number from 0 to 1000.")).toBeVisible();
    await expect(facts.getByLabel("Steps (0 when step-free)")).toHaveValue("a few");
    await expect(facts.getByLabel("Surface")).toHaveValue("boardwalk");
    await facts.getByLabel("Steps (0 when step-free)").fill("3");
    await facts.getByLabel("Where the steps are").fill("at the east gate");
    await facts.getByRole("button", { name: "Save facts" }).click();
    await expectAnswerAt(page, "trail-facts", `Facts of the ${trailName} saved.`, { javaScriptEnabled });

    await page.goto("/adminControlPanel?option=bench");
    await page
      .getByRole("combobox", { name: "Bench", exact: true })
      .selectOption({ label: `#${benchNumber} – ${benchLocation}` });
    await page.getByRole("button", { name: "Show bench" }).click();
    await page.waitForURL((url) => url.searchParams.has("bench"));
    const benchId = new URL(page.url()).searchParams.get("bench")!;
    const benchBefore = (await (await page.request.get("/api/bench/benches")).json()).find(
      (bench: { _id: string }) => bench._id === benchId,
    );
    const benchFacts = page.getByRole("form", { name: "Facts shown on the bench's page" });
    await benchFacts.getByLabel("Armrests").selectOption({ label: "Yes" });
    await benchFacts.getByLabel("Seat height in centimetres").fill("52");
    await benchFacts.getByRole("button", { name: "Save facts" }).click();
    await expectAnswerAt(page, "bench-facts", `Facts of bench #${benchNumber} saved.`, { javaScriptEnabled });
    await expect(benchFacts.getByLabel("Armrests")).toHaveValue("yes");

    try {
      await page.goto(`/trails/${slug}`);
      await expect(page.locator('dt:text-is("Surface") + dd')).toHaveText("Boardwalk");
      await expect(page.locator('dt:text-is("Step-free") + dd')).toHaveText("No: 3 steps at the east gate");
      await page.goto(`/benches/${benchId}`);
      await expect(page.locator('dt:text-is("Armrests") + dd')).toHaveText("Yes");
      await expect(page.locator('dt:text-is("Seat height") + dd')).toHaveText("52 cm (20 in)");
    } finally {
      const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
      Object.assign(origin, { "X-XSRF-TOKEN": xsrf });
      const { _id, name, color, version, path, benches, stepFree, ...trailFacts } = before;
      void [_id, name, color, version, path, benches, stepFree];
      expect((await page.request.patch(`/api/trails/${trailId}`, { data: trailFacts, headers: origin })).status()).toBe(
        200,
      );
      const { armrests, seatHeightCm } = benchBefore;
      expect(
        (
          await page.request.patch(`/api/bench/bench/${benchId}`, { data: { armrests, seatHeightCm }, headers: origin })
        ).status(),
      ).toBe(200);
    }
  });
});
