import type { APIRequestContext } from "@playwright/test";
import { EACH_WIDTH_ONCE, admin, expect, expectAnswerAt, fieldError, signInAsAdmin, test } from "./support/fixtures";
import { benchNumberFor } from "./support/bench-numbers";

// Everything that changes the campus's settings on an edits app (support/apps.ts), in one file run in
// order: the Campus area renames the place every page names, and a trail far from the sample campus is
// added while the campus's centre points at it for a moment. Side by side, one's save met the other's
// change (a stale version, or a centre cleared under it).
test.describe.configure({ mode: "serial" });

const SAMPLE_NAME = "Sample Campus";

test.describe("admin campus area", { tag: "@no-js" }, () => {
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

// A trail some 3,000 km from the sample campus (San Diego, beside the sample in Georgia) in a browser,
// with scripts and without, at a phone's and a laptop's width: its page, its bench's page and the
// signed-in map with its trail choice. It makes the trail and its bench through the API and deletes them
// again, on an edits app (support/apps.ts). San Diego stays far from the Oregon point another spec there
// expects to be refused.
const LOOP: [number, number][] = [
  [-117.1611, 32.7157],
  [-117.1592, 32.7171],
  [-117.1575, 32.7156],
];

async function adminApi(request: APIRequestContext) {
  const signin = await request.post("/api/user/signin", { data: { email: admin.email, password: admin.password } });
  expect(signin.status()).toBe(200);
  return { Authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };
}

test.describe("a trail far from the sample campus", { tag: "@no-js" }, () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: its page, its bench and the signed-in map's choice`, async ({
      page,
      request,
      javaScriptEnabled,
    }) => {
      test.setTimeout(90_000);
      const headers = await adminApi(request);
      const name = `Harbor Loop ${width} ${javaScriptEnabled ? "js" : "no js"}`;
      // Each run's trail a kilometre from the others', so no bench of one lies on another.
      const east = width === 390 ? 0 : 0.01;
      const loop = LOOP.map(([lon, lat]): [number, number] => [lon + east, lat]);
      // The campus's centre says where it is for a moment, so the far path is taken; then it is cleared.
      expect((await request.patch("/api/campus", { headers, data: { center: loop[0] } })).status()).toBe(200);
      const created = await request.post("/api/trails", {
        headers,
        data: { name, path: { type: "LineString", coordinates: loop } },
      });
      expect((await request.patch("/api/campus", { headers, data: { center: null } })).status()).toBe(200);
      expect(created.status()).toBe(201);
      const trail = (await created.json()) as { _id: string; slug: string };
      const benchNumber = benchNumberFor(
        width === 390 ? "admin-campus: a far trail at 390 px" : "admin-campus: a far trail at 1280 px",
        javaScriptEnabled,
      );
      const bench = await request.post("/api/bench/bench", {
        headers,
        data: { bench_number: benchNumber, location: "By the harbor", latitude: loop[1][1], longitude: loop[1][0] },
      });
      expect(bench.status()).toBe(201);
      const benchId = ((await bench.json()) as { _id: string })._id;

      try {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(`/trails/${trail.slug}`);
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
        await expect(page.getByRole("img", { name: `Map of the ${name} with 1 benches` })).toBeVisible();
        await expect(page.getByText(`to Bench ${benchNumber}`)).toBeVisible();
        await page.goto(`/benches/${benchId}`);
        await expect(page.getByText(`You are at Bench 1 of 1 on the ${name}`)).toBeVisible();

        await signInAsAdmin(page);
        await page.goto(`/trails?trail=${trail.slug}`);
        const choice = page.getByRole("navigation", { name: "Trails" }).getByRole("link", { name });
        await expect(choice).toHaveAttribute("aria-current", "true");
        // The server-drawn map frames the far trail: its line is inside the map, not off in a corner.
        const map = page.locator('[data-map="svg"]');
        const line = map.locator("g[data-trail] use").last();
        const [mapBox, lineBox] = [await map.boundingBox(), await line.boundingBox()];
        expect(lineBox!.width).toBeGreaterThan(mapBox!.width / 4);
        expect(lineBox!.x).toBeGreaterThanOrEqual(mapBox!.x);
        expect(lineBox!.x + lineBox!.width).toBeLessThanOrEqual(mapBox!.x + mapBox!.width);
      } finally {
        await request.delete(`/api/bench/bench/${benchId}`, { headers });
        expect((await request.delete(`/api/trails/${trail._id}`, { headers })).status()).toBe(204);
      }
    });
  }
});
