import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { pathLengthMetres, type LonLat } from "../../app/lib/geo";
import { benchesAlongTrail, snapToTrail, trailLine } from "../../app/lib/trail-walk";
import { expect, signInAsAdmin, test } from "./support/fixtures";
import { gpxFile, uploadPathFile, openPathUpload } from "./support/trail-path";

// Replacing a trail's path from a file (decision 055). It replaces a seeded trail's whole path and
// puts it back, so it runs on an edits app (support/apps.ts), where no spec compares pages with the seed,
// on a trail no other spec there edits: admin-trails.spec.ts edits the Gray Trail's coordinates and the
// Green Trail's facts with JavaScript, the Gold Trail's and the Gray Trail's without. Its two tests share
// the trail, so they run one after the other.
test.describe.configure({ mode: "serial" });

const TRAILS = {
  js: { name: "Gold Trail", id: "673e9addbf9ebe061ef810bf", slug: "gold" },
  "no-js": { name: "Green Trail", id: "673e9addbf9ebe061ef810c1", slug: "green" },
} as const;

const seedBenches = JSON.parse(readFileSync("prisma/seed-data/benches.json", "utf8")) as {
  benchNumber: number;
  latitude: number;
  longitude: number;
  trail: string;
}[];

async function savedPath(page: Page, trailId: string) {
  const answer = await page.request.get(`/api/trails/${trailId}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { path: { coordinates: LonLat[] } }).path.coordinates;
}

const lengthText = (metres: number) =>
  `${Math.round(metres).toLocaleString("en-US")} m (${(metres / 1000).toFixed(2)} km)`;

async function expectMessage(page: Page, message: string) {
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();
}

test.describe("replace a trail's path from a file", { tag: "@no-js" }, () => {
  test("on a phone: a GPX upload is previewed, Cancel changes nothing, Apply replaces the path; the trail's own download puts it back", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    const trail = TRAILS[javaScriptEnabled ? "js" : "no-js"];
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page);
    const original = await savedPath(page, trail.id);
    // What a trail page's "Download GPX" gives: at the end it goes back up, the round trip an admin would make.
    const download = await page.request.get(`/trails/${trail.slug}/download/gpx`);
    expect(download.status()).toBe(200);
    const originalFile = {
      name: `${trail.slug}-trail.gpx`,
      mimeType: "application/gpx+xml",
      buffer: await download.body(),
    };

    // A re-survey that follows the first stretch, then leaves it: some of the trail's benches end up far from it.
    const [lon, lat] = original[5];
    const changed: LonLat[] = [...original.slice(0, 6), [lon + 0.0006, lat + 0.0004]];
    const before = trailLine(original);
    const after = trailLine(changed);
    const benches = seedBenches.map((bench) => ({
      ...bench,
      id: String(bench.benchNumber),
      trailId: bench.trail === trail.name ? trail.id : null,
    }));
    const farBenches = benchesAlongTrail(before, trail.id, benches)
      .filter(({ bench }) => snapToTrail(after, [bench.longitude, bench.latitude])!.offTrail > 30)
      .map(({ bench }) => bench.benchNumber);
    expect(farBenches.length).toBeGreaterThan(0);

    const area = `/adminControlPanel?option=trail&trail=${trail.id}`;
    await page.goto(area);
    // Folded in the Trail area (short on a phone, decision 020) until asked for.
    await expect(page.getByRole("region", { name: "Replace the path from a file" })).toBeHidden();
    await openPathUpload(page);
    const upload = page.getByRole("region", { name: "Replace the path from a file" });
    await expect(upload.getByLabel(/^GPX or GeoJSON file/)).toHaveAttribute("accept", ".gpx,.geojson,.json");
    await uploadPathFile(page, gpxFile("resurveyed.gpx", changed));

    // The preview: both paths drawn, the figures before and after, the benches left behind.
    await expect(page).toHaveURL(/\/adminControlPanel\/trail-path\/[a-f0-9]{24}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`New path for the ${trail.name}`);
    await expect(page.getByText("From resurveyed.gpx (GPX), uploaded by")).toBeVisible();
    await expect(page.locator('[data-figure="points-now"]')).toHaveText(String(original.length));
    await expect(page.locator('[data-figure="points-uploaded"]')).toHaveText(String(changed.length));
    await expect(page.locator('[data-figure="length-now"]')).toHaveText(lengthText(pathLengthMetres(original)));
    await expect(page.locator('[data-figure="length-uploaded"]')).toHaveText(lengthText(pathLengthMetres(changed)));
    await expect(
      page.getByRole("img", {
        name: `Map of the ${trail.name}: its current path and the uploaded one drawn over each other.`,
        exact: false,
      }),
    ).toBeVisible();
    await expect(page.getByText("Now: solid dark grey line")).toBeVisible();
    await expect(page.getByText("Uploaded: dashed blue line")).toBeVisible();
    const far = page.getByRole("region", { name: "Benches more than 30 m from the new path" }).getByRole("listitem");
    await expect(far).toHaveCount(farBenches.length);
    for (const number of farBenches)
      await expect(
        far.filter({ hasText: new RegExp(`^Bench ${number} \\(.+\\): [\\d,]+ m from the new path`) }),
      ).toHaveCount(1);
    // Nothing has changed yet.
    expect(await savedPath(page, trail.id)).toEqual(original);

    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?option=trail&trail=${trail.id}#trail-path-upload$`));
    await expectMessage(page, `The upload was cancelled: the path of the ${trail.name} is unchanged.`);
    expect(await savedPath(page, trail.id)).toEqual(original);

    // Again, and Apply.
    await uploadPathFile(page, gpxFile("resurveyed.gpx", changed));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`New path for the ${trail.name}`);
    await page.getByRole("button", { name: "Apply the new path" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?option=trail&trail=${trail.id}#trail-path-upload$`));
    await expectMessage(page, `The path of the ${trail.name} was replaced: ${changed.length} points.`);
    await expect(
      page.getByText(`Coordinates of the ${trail.name} in path order (${changed.length} points)`),
    ).toBeVisible();
    expect(await savedPath(page, trail.id)).toEqual(changed);
    await page.goto(`/trails/${trail.slug}`);
    await expect(page.getByText(lengthText(pathLengthMetres(changed)).split(" (")[0]).first()).toBeVisible();

    // The download taken at the start goes back up as it is.
    await page.goto(area);
    await uploadPathFile(page, originalFile);
    await expect(page.locator('[data-figure="points-uploaded"]')).toHaveText(String(original.length));
    await page.getByRole("button", { name: "Apply the new path" }).click();
    await expectMessage(page, `The path of the ${trail.name} was replaced: ${original.length} points.`);
    expect(await savedPath(page, trail.id)).toEqual(original);
  });

  test("on a laptop: a file that is not GPX is refused with the reason, and the form is there for the next file", async ({
    page,
    javaScriptEnabled,
  }) => {
    const trail = TRAILS[javaScriptEnabled ? "js" : "no-js"];
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    const original = await savedPath(page, trail.id);
    await page.goto(`/adminControlPanel?option=trail&trail=${trail.id}`);

    await uploadPathFile(page, {
      name: "notes.gpx",
      mimeType: "application/gpx+xml",
      buffer: Buffer.from("<gpx><trk><trkseg>"),
    });
    await expect(page).toHaveURL(new RegExp(`/adminControlPanel/trail-path\\?trail=${trail.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Replace the path of the ${trail.name}`);
    const summary = page.getByRole("group", { name: "There is a problem" });
    await expect(summary).toContainText("The file is not a GPX or GeoJSON file we can read.");

    // The next file, from this page: its preview, then Cancel.
    await uploadPathFile(page, gpxFile("short.gpx", original.slice(0, 3)));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`New path for the ${trail.name}`);
    await expect(page.locator('[data-figure="points-uploaded"]')).toHaveText("3");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expectMessage(page, `The upload was cancelled: the path of the ${trail.name} is unchanged.`);
    expect(await savedPath(page, trail.id)).toEqual(original);
  });
});
