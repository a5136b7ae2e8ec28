// Long admin pages on a phone (decision 020): short enough to scroll at 390 px. Videos come ten a page in compact cards, a trail's coordinates ten a page, the
// trail's facts form opens when asked; the pages' links work without JavaScript and keep the search.
import type { APIRequestContext, Page } from "@playwright/test";
import { admin, expect, expectAnswerAt, signInAsAdmin, test, unique } from "./support/fixtures";
import { ADMIN_TEST_VIDEO_PREFIX } from "./support/videos";

/** The most a phone scrolls through any of these areas, seeded data and page chrome included. */
const PHONE_HEIGHT_LIMIT = 4_000;

const GREEN_TRAIL = "673e9addbf9ebe061ef810c1";

async function adminHeaders(request: APIRequestContext) {
  const signin = await request.post("/api/user/signin", { data: { email: admin.email, password: admin.password } });
  return { Authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const cards = (page: Page) => page.getByRole("region", { name: /^(All videos|Videos matching)/ }).getByRole("article");

test.describe("long admin areas on a phone", () => {
  test("the Videos and Trail areas are under 4,000 px tall at 390 px", async ({ page }) => {
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      "/adminControlPanel?option=videos",
      "/adminControlPanel?option=trail",
      // The longest seeded trail (56 points), on its last page too.
      `/adminControlPanel?option=trail&trail=${GREEN_TRAIL}`,
      `/adminControlPanel?option=trail&trail=${GREEN_TRAIL}&page=6`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 2 })).toBeVisible();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height, `${path} is ${height} px tall`).toBeLessThan(PHONE_HEIGHT_LIMIT);
    }
    // What the page shows: ten video cards of the seed's 25, and ten of the Green Trail's 56 points.
    await page.goto("/adminControlPanel?option=videos");
    await expect(cards(page)).toHaveCount(10);
    await expect(page.getByText(/^\d+ videos; 10 on this page$/)).toBeVisible();
    await page.goto(`/adminControlPanel?option=trail&trail=${GREEN_TRAIL}`);
    await expect(page.locator("table tbody tr")).toHaveCount(10);
    await expect(page.getByText("Coordinates of the Green Trail in path order (points 1–10 of 56)")).toBeVisible();
  });

  test(
    "videos: Older and Newest keep the search; an edit and a deletion on a later page answer there",
    { tag: "@no-js" },
    async ({ page, request, javaScriptEnabled }) => {
      test.setTimeout(90_000);
      const marker = unique("paging");
      const headers = await adminHeaders(request);
      const titles: string[] = [];
      // Twelve, one after the other: newest first, #12 to #3 on the first page, #2 and #1 on the second.
      for (let n = 1; n <= 12; n++) {
        const title = `${ADMIN_TEST_VIDEO_PREFIX}${marker} ${String(n).padStart(2, "0")}`;
        const created = await request.post("/api/video/videos", {
          headers,
          data: { title, url: "https://youtu.be/pSHjTRCQxIw", category: "exercise", subCategory: "Stretching" },
        });
        expect(created.status(), await created.text()).toBe(201);
        titles.push(title);
      }
      try {
        await signInAsAdmin(page);
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto("/adminControlPanel?option=videos");
        await page.getByLabel("Search videos by title or category").fill(marker);
        await page.getByRole("button", { name: "Search", exact: true }).click();
        await expect(page.getByText(`12 videos matching “${marker}”; 10 on this page`)).toBeVisible();
        await expect(cards(page).getByRole("heading")).toHaveText(titles.toReversed().slice(0, 10));
        const pages = page.getByRole("navigation", { name: "Pages of videos" });
        await expect(pages.getByRole("link", { name: "Newest videos" })).toHaveCount(0);

        await pages.getByRole("link", { name: "Older videos" }).click();
        await expect(page).toHaveURL(/[?&]cursor=/);
        expect(param(page, "q")).toBe(marker);
        await expect(cards(page).getByRole("heading")).toHaveText([titles[1], titles[0]]);
        await expect(page.getByText(`12 videos matching “${marker}”; 2 on this page`)).toBeVisible();
        await expect(pages.getByRole("link", { name: "Older videos" })).toHaveCount(0);
        const cursor = param(page, "cursor");

        // An edit opens above the list; saved, it comes back to this page, its answer in its card.
        const edited = `${titles[1]} edited`;
        await page.getByRole("link", { name: `Edit ${titles[1]}`, exact: true }).click();
        const form = page.getByRole("region", { name: `Edit video: ${titles[1]}` });
        await form.getByLabel("Title", { exact: true }).fill(edited);
        await form.getByRole("button", { name: "Save changes" }).click();
        const card = cards(page).filter({ has: page.getByRole("heading", { name: edited, exact: true }) });
        await expectAnswerAt(page, (await card.getAttribute("id"))!, `Video "${edited}" updated.`, {
          javaScriptEnabled,
        });
        expect([param(page, "q"), param(page, "cursor"), param(page, "edit")]).toEqual([marker, cursor, null]);
        titles[1] = edited;

        // A deletion confirmed on this page: the answer where the list says what it shows, on the same page.
        await page.getByRole("link", { name: `Delete ${titles[0]}`, exact: true }).click();
        await page.getByRole("dialog", { name: "Delete video" }).getByRole("button", { name: "Yes, delete" }).click();
        await expectAnswerAt(page, "video-results", `Video "${titles[0]}" deleted.`, { javaScriptEnabled });
        expect([param(page, "q"), param(page, "cursor")]).toEqual([marker, cursor]);
        await expect(cards(page).getByRole("heading")).toHaveText([edited]);
        titles.shift();

        await pages.getByRole("link", { name: "Newest videos" }).click();
        await expect(page).not.toHaveURL(/[?&]cursor=/);
        expect(param(page, "q")).toBe(marker);
        await expect(page.getByText(`11 videos matching “${marker}”; 10 on this page`)).toBeVisible();
        await expect(cards(page).first().getByRole("heading")).toHaveText(titles.at(-1)!);
      } finally {
        const all = (await (await request.get("/api/video/videos", { headers })).json()) as {
          _id: string;
          title: string;
        }[];
        for (const video of all.filter((candidate) => candidate.title.includes(marker)))
          await request.delete(`/api/video/${video._id}`, { headers });
      }
    },
  );

  // Reads only: the saves on a later page are in admin-trails.spec.ts, which may change the seeded trails.
  test(
    "trail: one picker, no name filter; the coordinate pages are links, the facts open on request",
    { tag: "@no-js" },
    async ({ page }) => {
      await signInAsAdmin(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/adminControlPanel?option=trail");
      await expect(page.getByLabel("Filter trails by name")).toHaveCount(0);
      // Every trail is one choice away.
      const choices = page.getByRole("combobox", { name: "Trail", exact: true }).locator("option");
      await expect(choices).toHaveCount(3);
      expect((await choices.allTextContents()).toSorted()).toEqual(["Gold Trail", "Gray Trail", "Green Trail"]);
      await page.getByRole("combobox", { name: "Trail", exact: true }).selectOption({ label: "Green Trail" });
      await page.getByRole("button", { name: "Show trail" }).click();
      await page.waitForURL((url) => url.searchParams.get("trail") === GREEN_TRAIL);

      // Closed at first; its summary opens it, with or without JavaScript.
      const facts = page.getByRole("form", { name: "Facts shown on the trail's page" });
      await expect(facts).toBeHidden();
      await page.locator("summary", { hasText: "Facts shown on the trail's page" }).click();
      await expect(facts.getByLabel("Surface")).toBeVisible();

      const pages = page.getByRole("navigation", { name: "Pages of coordinates" });
      await expect(pages.getByRole("link")).toHaveText([
        "Points 1–10",
        "Points 11–20",
        "Points 21–30",
        "Points 31–40",
        "Points 41–50",
        "Points 51–56",
      ]);
      await expect(pages.getByRole("link", { name: "Points 1–10" })).toHaveAttribute("aria-current", "page");
      await pages.getByRole("link", { name: "Points 51–56" }).click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("page") === "6" && url.searchParams.get("trail") === GREEN_TRAIL,
      );
      await expect(page.locator("table tbody tr th")).toHaveText([
        "Coordinate #51",
        "Coordinate #52",
        "Coordinate #53",
        "Coordinate #54",
        "Coordinate #55",
        "Coordinate #56",
      ]);
      await expect(pages.getByRole("link", { name: "Points 51–56" })).toHaveAttribute("aria-current", "page");

      await pages.getByRole("link", { name: "Points 1–10" }).click();
      await expect(page).toHaveURL((url) => !url.searchParams.has("page"));
      await expect(page.locator("table tbody tr th").first()).toHaveText("Coordinate #1");
    },
  );
});
