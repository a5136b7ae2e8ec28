import type { APIRequestContext, Locator } from "@playwright/test";
import { admin, expect, newUser, signInAsAdmin, test, unique } from "./support/fixtures";
import { ADMIN_TEST_VIDEO_PREFIX } from "./support/videos";

// Analytics on a phone: readable text, no clipped titles, idle videos in one line, the top ten first.

async function bearer(request: APIRequestContext, path: string, data: object) {
  const response = await request.post(path, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** Elements whose content is wider than their box: text cut off or spilling out. */
async function clipped(elements: Locator) {
  return elements.evaluateAll((nodes) =>
    nodes.filter((node) => node.scrollWidth > node.clientWidth + 0.5).map((node) => node.textContent),
  );
}

/** The computed font size of every piece of text inside these elements, smallest first. */
async function textSizes(elements: Locator) {
  return elements.evaluateAll((nodes) => {
    const sizes: number[] = [];
    for (const node of nodes) {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const parent = text.parentElement!;
        if (!text.textContent?.trim() || parent.closest(".sr-only")) continue;
        sizes.push(parseFloat(getComputedStyle(parent).fontSize));
      }
    }
    return sizes.sort((a, b) => a - b);
  });
}

const viewsIn = async (rows: Locator) =>
  (await rows.locator("td:nth-of-type(1)").allInnerTexts()).map((text) => Number(text.replace(/\D/g, "")));

test("analytics at 390 px: whole titles, readable charts, idle videos in one line, the top ten then the rest one link away", async ({
  page,
  request,
}) => {
  // Twelve videos of its own with a view each (one with a title far longer than a phone is wide), so there
  // is a rest to show; the seeded videos' counters belong to the specs that count views.
  const adminAuth = await bearer(request, "/api/user/signin", { email: admin.email, password: admin.password });
  const longTitle = unique(
    `${ADMIN_TEST_VIDEO_PREFIX}with a title much longer than any phone screen is wide, Supercalifragilisticexpialidocious `,
  );
  const titles = [
    longTitle,
    ...Array.from({ length: 11 }, (_, n) => unique(`${ADMIN_TEST_VIDEO_PREFIX}analytics ${n + 1} `)),
  ];
  const watched: string[] = [];
  try {
    for (const [n, title] of titles.entries()) {
      const created = await request.post("/api/video/videos", {
        headers: adminAuth,
        data: { title, url: `https://example.org/e2e/analytics-${n}`, category: "exercise", subCategory: "Stretching" },
      });
      expect(created.status(), await created.text()).toBe(201);
      watched.push(((await created.json()) as { _id: string })._id);
    }
    const viewer = newUser("viewer");
    const userAuth = await bearer(request, "/api/user/signup", { ...viewer, confirmPassword: viewer.password });
    for (const id of watched)
      expect((await request.post(`/api/video/${id}/view`, { headers: userAuth })).status()).toBe(200);

    await signInAsAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/adminAnalytics");
    const table = page.getByRole("table", { name: /Views, likes and dislikes per video/ });
    const rows = table.locator("tr[data-video-row]");
    await expect(rows).toHaveCount(10);
    await expect(table.getByRole("columnheader", { name: /Views/ })).toHaveAttribute("aria-sort", "descending");
    const topViews = await viewsIn(rows);
    expect(topViews).toEqual(topViews.toSorted((a, b) => b - a));
    expect(topViews.every((views) => views > 0)).toBe(true);

    // Every video nobody has touched is one line with their number, its titles one step away.
    const idle = table.locator("tr[data-idle-videos]");
    await expect(idle).toHaveCount(1);
    const idleCount = Number(await idle.getAttribute("data-idle-videos"));
    expect(idleCount).toBeGreaterThan(0);
    await expect(idle.getByRole("rowheader")).toContainText(
      `${idleCount} video${idleCount === 1 ? "" : "s"} with no activity yet`,
    );
    await idle.getByText("Which ones?").click();
    await expect(idle.getByRole("listitem")).toHaveCount(idleCount);
    await expect(idle.locator("td")).toHaveCount(0);
    const chart = page.locator('[data-chart="video-chart"]');
    await expect(chart.locator("[data-label]")).toHaveCount(11);
    await expect(chart.locator("[data-note]")).toHaveCount(1);
    await expect(chart.locator("[data-label]").last()).toHaveAttribute(
      "data-label",
      `${idleCount} video${idleCount === 1 ? "" : "s"} with no activity yet`,
    );

    // Text in every chart is at least 12 px as rendered, and no label is cut at this width.
    const charts = page.locator("[data-chart]");
    await expect(charts).toHaveCount(6);
    const sizes = await textSizes(charts);
    expect(sizes.length).toBeGreaterThan(30);
    expect(sizes[0]).toBeGreaterThanOrEqual(12);
    expect(await clipped(page.locator("[data-row-label], [data-legend] > span, tbody th"))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The video table fits the phone: no column to scroll sideways to.
    expect(
      await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth),
    ).toBe(true);

    // The rest is one link away, and the address is the state.
    const showAll = page.getByRole("link", { name: /^Show all \d+ videos with activity/ });
    await showAll.click();
    await expect(page).toHaveURL(/[?&]videos=all(&|#|$)/);
    await expect(page.getByRole("link", { name: "Show the first 10 only" })).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(watched.length);
    const allViews = await viewsIn(rows);
    expect(allViews).toEqual(allViews.toSorted((a, b) => b - a));
    const longRow = rows.filter({ has: page.getByRole("rowheader", { name: longTitle }) });
    await expect(longRow).toHaveCount(1);
    const longLabel = chart.locator(`[data-label="${longTitle}"] [data-row-label]`);
    await expect(longLabel).toHaveText(longTitle);
    await expect(longLabel).toBeVisible();
    expect(await clipped(page.locator("[data-row-label], tbody th"))).toEqual([]);
    // Sorting keeps the full list.
    await table.getByRole("link", { name: /^Likes/ }).click();
    await expect(page).toHaveURL(/sort=likes/);
    await expect(page).toHaveURL(/videos=all/);
    expect(await rows.count()).toBeGreaterThanOrEqual(watched.length);
  } finally {
    for (const id of watched) await request.delete(`/api/video/${id}`, { headers: adminAuth });
  }
});

test("the weekly walks table at 390 px: a region the keyboard reaches and scrolls, no heading cut", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/adminAnalytics");
  const region = page.getByRole("region", { name: "Walks per trail and week" });
  const table = region.getByRole("table", { name: "Walks and miles per trail and week, and in all" });
  await expect(table).toBeVisible();
  // The weeks are wider than the phone: the region scrolls sideways, the page does not.
  const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Every heading (trail, week, total) shows whole, in a cell as wide as its text.
  expect(await clipped(table.locator("caption, thead th, tbody th"))).toEqual([]);
  await expect(table.getByRole("columnheader", { name: "All walks" })).toHaveText("All walks");

  // In the tab order, and its arrow keys scroll it to the last column.
  await expect(region).toHaveAttribute("tabindex", "0");
  await region.focus();
  await expect(region).toBeFocused();
  const scrollLeft = () => region.evaluate((element) => element.scrollLeft);
  expect(await scrollLeft()).toBe(0);
  for (let press = 0; press < 20; press++) await page.keyboard.press("ArrowRight");
  await expect.poll(scrollLeft).toBeGreaterThan(0);
  await expect
    .poll(() =>
      region.evaluate((element) => Math.ceil(element.scrollLeft + element.clientWidth) >= element.scrollWidth),
    )
    .toBe(true);
  await expect(table.getByRole("columnheader", { name: "All walks" })).toBeInViewport({ ratio: 1 });
});
