import type { APIRequestContext } from "@playwright/test";
import { admin, expect, signInAsAdmin, test, preferInteractiveMap } from "./support/fixtures";
import { watchVideoHostRequests } from "./support/videos";
import { benchNumberFor } from "./support/bench-numbers";

// A bench's videos from Vimeo, a media server and another site, as the trail page shows them (the same
// component as the map's popups): Vimeo behind the facade with dnt=1, the file in <video preload="none">,
// the page as a link to a new tab, and nothing requested from any of them before play. Runs with the
// specs that edit benches, on an edits app (support/apps.ts), where no spec compares the page with the seed.

const FILE_URL = "https://media.example.edu/benches/calf-raises.webm";

async function adminHeaders(request: APIRequestContext) {
  const signin = await request.post("/api/user/signin", { data: { email: admin.email, password: admin.password } });
  return { Authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };
}

test.describe("bench videos beyond YouTube", { tag: "@no-js" }, () => {
  let benchId = "";
  let benchNumber = 0;
  const GREEN_TRAIL = "673e9addbf9ebe061ef810c1";
  const titles = { vimeo: "Bench Vimeo stretch", file: "Bench calf raises file", page: "Bench college page" };

  test.beforeEach(async ({ request }, testInfo) => {
    benchNumber = benchNumberFor("bench-videos", !testInfo.project.name.startsWith("no-js"));
    const headers = await adminHeaders(request);
    const created = await request.post("/api/bench/bench", {
      headers,
      // Set for the Green Trail, whose map page lists it: a trail's page holds only its own benches.
      data: {
        bench_number: benchNumber,
        location: "E2E bench with videos",
        latitude: 33.9812,
        longitude: -84.0051,
        trailId: GREEN_TRAIL,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    benchId = ((await created.json()) as { _id: string })._id;
    for (const [title, url] of [
      [titles.vimeo, "https://vimeo.com/76979871"],
      [titles.file, FILE_URL],
      [titles.page, "https://wellness.example.org/benches"],
    ]) {
      const added = await request.patch(`/api/bench/bench/${benchId}/add-video`, { headers, data: { title, url } });
      expect(added.status(), await added.text()).toBe(200);
    }
  });

  test.afterEach(async ({ request }) => {
    if (benchId) await request.delete(`/api/bench/bench/${benchId}`, { headers: await adminHeaders(request) });
  });

  test("Vimeo through the facade, the file natively, the page as a link; nothing loaded before play", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await signInAsAdmin(page);
    const requests = await watchVideoHostRequests(page);
    // With JavaScript, the page with scripts (the interactive map chosen, decision 067), where a video plays
    // in place; the first, script-free /trails has the links tested without JavaScript below.
    if (javaScriptEnabled) await preferInteractiveMap(page);
    await page.goto("/trails?trail=green&benches=1");
    const item = page
      .getByRole("list", { name: "Benches with videos" })
      .locator(`li[data-bench-number="${benchNumber}"]`);
    await expect(item).toContainText("E2E bench with videos");
    const video = item.locator("video");
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video.locator("source")).toHaveAttribute("src", FILE_URL);
    const pageLink = item.getByRole("link", {
      name: `${titles.page}, on wellness.example.org (opens in a new tab)`,
      exact: true,
    });
    await expect(pageLink).toHaveAttribute("href", "https://wellness.example.org/benches");
    await expect(pageLink).toHaveAttribute("rel", "noopener noreferrer");
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);

    if (javaScriptEnabled) {
      const player = "https://player.vimeo.com/video/76979871?dnt=1&autoplay=1";
      const requested = page.waitForRequest(player);
      await item.getByRole("button", { name: `Play video: ${titles.vimeo}`, exact: true }).click();
      await requested;
      await expect(item.locator("iframe")).toHaveAttribute("src", player);
      expect(requests).toEqual([player]);
    } else {
      // Without scripts there is no page of ours for a bench video: the facade links to it on Vimeo.
      const link = item.getByRole("link", {
        name: `Play video: ${titles.vimeo} on Vimeo (opens in a new tab)`,
        exact: true,
      });
      await expect(link).toHaveAttribute("href", "https://vimeo.com/76979871");
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});
