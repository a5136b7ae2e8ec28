import type { Page } from "@playwright/test";
import {
  expect,
  expectAnswerAt,
  expectLandedOn,
  fieldError,
  newUser,
  pressWithKeyboard,
  signInAsAdmin,
  test,
  unique,
} from "./support/fixtures";
import { ADMIN_TEST_VIDEO_PREFIX, seededIn, seedVideos, watchVideoHostRequests } from "./support/videos";

const AREA = "/adminControlPanel?option=videos";
const PROMPT = "Are you sure you want to delete this video?";

function adminCard(page: Page, title: string) {
  return page
    .getByRole("listitem")
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

async function search(page: Page, query: string) {
  await page.getByLabel("Search videos by title or category").fill(query);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === query);
}

test.describe("admin Videos area", { tag: "@no-js" }, () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("search by title or category finds videos, 'No results found' when nothing matches, Clear lists all", async ({
    page,
  }) => {
    const requests = await watchVideoHostRequests(page);
    await page.goto(AREA);
    await expect(page.getByRole("heading", { level: 2, name: "Videos" })).toBeVisible();
    const plank = seededIn("Body Weight Exercise").find((v) => v.title.includes("Plank"))!;
    // Every video is listed, ten a page (admin-long-pages.spec.ts follows the pages).
    const all = page.getByText(/^\d+ videos; 10 on this page$/);
    await expect(all).toBeVisible();
    expect(Number((await all.textContent())!.split(" ")[0])).toBeGreaterThanOrEqual(seedVideos.length);
    await expect(page.getByRole("listitem").getByRole("article")).toHaveCount(10);

    await search(page, "plank");
    // Each with its light preview, counters and category badge.
    const card = adminCard(page, plank.title);
    await expect(card).toBeVisible();
    await expect(card.getByText("Likes:", { exact: true })).toBeVisible();
    await expect(card.getByText("Dislikes:", { exact: true })).toBeVisible();
    await expect(card.getByText(`Category: ${plank.category}`)).toBeAttached();
    await expect(card.getByRole("link", { name: `Delete ${plank.title}` })).toBeVisible();
    await expect(page.getByRole("listitem").getByRole("article")).toHaveCount(
      seededIn("Body Weight Exercise")
        .concat(
          seededIn("Stretching"),
          seededIn("Walking Techniques"),
          seededIn("Nutrition"),
          seededIn("Hydration"),
          seededIn("Injury Prevention"),
        )
        .filter((v) => /plank/i.test(v.title) || /plank/i.test(v.category)).length,
    );
    await expect(page.getByLabel("Search videos by title or category")).toHaveValue("plank");

    await search(page, "nutrition");
    for (const video of seededIn("Nutrition").filter((v) => v.category === "nutrition"))
      await expect(adminCard(page, video.title)).toBeVisible();

    await search(page, unique("no-such-video-"));
    await expect(page.getByText("No results found", { exact: true })).toBeVisible();
    await expect(page.getByRole("listitem").getByRole("article")).toHaveCount(0);

    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has("q"));
    await expect(all).toBeVisible();
    await expect(page.getByLabel("Search videos by title or category")).toHaveValue("");
    // Light previews: the page asked the video host for nothing.
    expect(requests).toEqual([]);
  });

  // WCAG 2.4.3: Edit leads to the form above the list, and the keyboard goes there too, with JavaScript as
  // without; Cancel leads back to the card. A seeded video, opened and left unchanged.
  test("Edit from the keyboard leads into the edit form, and Cancel back to the video's card", async ({
    page,
    javaScriptEnabled,
  }) => {
    const video = seededIn("Stretching")[0];
    await page.goto(AREA);
    await search(page, video.title);
    const card = adminCard(page, video.title);
    await pressWithKeyboard(page, card.getByRole("link", { name: `Edit ${video.title}` }));
    await expectLandedOn(page, "edit-video", { javaScriptEnabled });
    const edit = page.getByRole("region", { name: `Edit video: ${video.title}` });
    await page.keyboard.press("Tab");
    await expect(edit.getByLabel("Title", { exact: true })).toBeFocused();

    await pressWithKeyboard(page, edit.getByRole("link", { name: "Cancel" }));
    const cardId = (await card.getAttribute("id"))!;
    await expectLandedOn(page, cardId, { javaScriptEnabled });
    await page.keyboard.press("Tab");
    expect(
      await card.evaluate((element) => element !== document.activeElement && element.contains(document.activeElement)),
    ).toBe(true);
  });

  test("add (youtu.be link → embed URL), edit, decline and confirm delete", async ({ page, db, javaScriptEnabled }) => {
    // One video's whole life in one test (add, check its library, edit, decline, delete): many page loads.
    test.setTimeout(90_000);
    const title = unique(ADMIN_TEST_VIDEO_PREFIX);
    const stored = async () => {
      if (!db) return null;
      const { rows } = await db.query(
        `SELECT title, url, category, "subCategory", description FROM "Video" WHERE title LIKE $1`,
        [`${title}%`],
      );
      return rows;
    };
    // On a phone: each result stands beside the form or card it concerns, and stays on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(AREA);
    const addForm = page.getByRole("region", { name: "Add a video" });

    // A bad link is refused with a message, and what was typed stays.
    await addForm.getByLabel("Title", { exact: true }).fill(title);
    await addForm.getByLabel("Video link", { exact: true }).fill("http://vimeo.com/12345");
    await addForm.getByLabel("Category", { exact: true }).fill("exercise");
    await addForm.getByLabel("Subcategory", { exact: true }).selectOption("Stretching");
    await addForm.getByRole("button", { name: "Add video" }).click();
    await expect(fieldError(addForm, /Enter an https link to a YouTube or Vimeo video/)).toBeVisible();
    await expect(addForm.getByLabel("Title", { exact: true })).toHaveValue(title);
    // The form's error summary and the field in question are on screen, the summary focused: by the
    // script, or without JavaScript by the page landing on it.
    await expect(addForm.getByLabel("Video link", { exact: true })).toBeInViewport();
    await expect(addForm.getByRole("group", { name: "There is a problem" })).toBeInViewport();
    await expect(addForm.getByRole("group", { name: "There is a problem" })).toBeFocused();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/#add-video-error$/);
    if (db) expect(await stored()).toEqual([]);

    await addForm.getByLabel("Video link", { exact: true }).fill("https://youtu.be/pSHjTRCQxIw?si=shared123&t=4");
    await addForm.getByLabel("Description", { exact: true }).fill("Loosen up your hips before a walk.");
    await addForm.getByRole("button", { name: "Add video" }).click();
    await expectAnswerAt(page, "add-video", `Video "${title}" added.`, { javaScriptEnabled });
    await expect(addForm.getByText(/Enter an https link/)).toHaveCount(0);
    await expect(addForm.getByLabel("Title", { exact: true })).toHaveValue("");
    await expect(addForm.getByLabel("Subcategory", { exact: true }).locator("option:checked")).toHaveText(
      "Select Subcategory",
    );
    const card = adminCard(page, title);
    await expect(card).toBeVisible();
    await expect(card.getByText("https://www.youtube.com/embed/pSHjTRCQxIw", { exact: true })).toBeVisible();
    await expect(card.getByText("Likes:", { exact: true })).toBeVisible();
    if (db) {
      expect(await stored()).toEqual([
        {
          title,
          url: "https://www.youtube.com/embed/pSHjTRCQxIw",
          category: "exercise",
          subCategory: "Stretching",
          description: "Loosen up your hips before a walk.",
        },
      ]);
    }
    await page.goto("/strechesForWalking");
    await expect(
      page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) }),
    ).toBeVisible();

    // Edit, with the search filter kept, on a desktop.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(AREA);
    await search(page, title);
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    const editForm = page.getByRole("region", { name: `Edit video: ${title}` });
    await expect(editForm.getByLabel("Video link", { exact: true })).toHaveValue(
      "https://www.youtube.com/embed/pSHjTRCQxIw",
    );
    // A refused link shows at its field, which stays on screen.
    await editForm.getByLabel("Video link", { exact: true }).fill("http://vimeo.com/12345");
    await editForm.getByRole("button", { name: "Save changes" }).click();
    await expect(fieldError(editForm, /Enter an https link to a YouTube or Vimeo video/)).toBeVisible();
    await expect(editForm.getByLabel("Video link", { exact: true })).toBeInViewport();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/#edit-video-[0-9a-f]+-error$/);
    const edited = `${title} edited`;
    await editForm.getByLabel("Title", { exact: true }).fill(edited);
    await editForm
      .getByLabel("Video link", { exact: true })
      .fill("https://www.youtube.com/watch?v=IODxDxX7oi4&feature=share");
    await editForm.getByLabel("Subcategory", { exact: true }).selectOption("Walking Techniques");
    await editForm.getByRole("button", { name: "Save changes" }).click();
    // The edit form closes: the result stands in the video's card, the refusal before it gone.
    const videoId = await adminCard(page, edited).getAttribute("id");
    await expectAnswerAt(page, videoId!, `Video "${edited}" updated.`, { javaScriptEnabled });
    await expect(page.getByText(/Enter an https link/)).toHaveCount(0);
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("q") === title && url.searchParams.get("option") === "videos",
    );
    await expect(
      adminCard(page, edited).getByText("https://www.youtube.com/embed/IODxDxX7oi4", { exact: true }),
    ).toBeVisible();
    if (db)
      expect((await stored())?.[0]).toMatchObject({
        title: edited,
        url: "https://www.youtube.com/embed/IODxDxX7oi4",
        subCategory: "Walking Techniques",
      });
    await page.goto("/properWalkingTechniques");
    await expect(page.getByRole("heading", { name: edited, exact: true })).toBeVisible();

    // Declined: nothing happens.
    await page.goto(`${AREA}&q=${encodeURIComponent(title)}`);
    await adminCard(page, edited)
      .getByRole("link", { name: `Delete ${edited}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Delete video" });
    await expect(dialog.getByText(PROMPT)).toBeVisible();
    if (javaScriptEnabled) expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
    await dialog
      .getByRole("button", { name: "Close", exact: true })
      .or(dialog.getByRole("link", { name: "Close", exact: true }))
      .click();
    await expect(page.getByText(PROMPT)).toBeHidden();
    // Closing leaves the confirmation's URL (with JavaScript, once the navigation lands): reload that.
    await expect(page).not.toHaveURL(/confirm=/);
    await page.reload();
    await expect(adminCard(page, edited)).toBeVisible();
    if (db) expect(await stored()).toHaveLength(1);

    // Confirmed: gone from the database and the page.
    await adminCard(page, edited)
      .getByRole("link", { name: `Delete ${edited}` })
      .click();
    await page.getByRole("dialog", { name: "Delete video" }).getByRole("button", { name: "Yes, delete" }).click();
    // Its card is gone: the message names the video where the list says what it shows.
    await expectAnswerAt(page, "video-results", `Video "${edited}" deleted.`, { javaScriptEnabled });
    await expect(page.getByText("No results found", { exact: true })).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === title);
    if (db) expect(await stored()).toEqual([]);
    await page.reload();
    await expect(page.getByRole("heading", { name: edited })).toHaveCount(0);
    await page.goto("/properWalkingTechniques");
    await expect(page.getByRole("heading", { name: edited, exact: true })).toHaveCount(0);
  });
});

test.describe("analytics", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("video table sorts by column links; charts have text equivalents; small groups show '< 5'", async ({
    page,
    request,
  }) => {
    // The table lists videos someone has watched: a new user watches the seeded Stretching videos.
    const viewer = newUser("viewer");
    const signup = await request.post("/api/user/signup", { data: { ...viewer, confirmPassword: viewer.password } });
    const headers = { Authorization: `Bearer ${((await signup.json()) as { token: string }).token}` };
    const library = (await (await request.get("/api/video/videos", { headers })).json()) as {
      _id: string;
      title: string;
    }[];
    const stretching = new Set(seededIn("Stretching").map((video) => video.title));
    for (const video of library.filter((video) => stretching.has(video.title))) {
      expect((await request.post(`/api/video/${video._id}/view`, { headers })).status()).toBe(200);
    }
    await page.goto("/adminAnalytics?videos=all");
    await expect(page.getByRole("heading", { level: 2, name: "Video Analytics" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "User Demographics" })).toBeVisible();

    const table = page.getByRole("table", { name: /Views, likes and dislikes per video/ });
    const rowTitles = async () =>
      (await table.locator("tr[data-video-row] th").allInnerTexts()).map((text) => text.split("\n")[0].trim());
    await expect(table.getByRole("columnheader", { name: /Views/ })).toHaveAttribute("aria-sort", "descending");

    await table.getByRole("link", { name: /^Video/ }).click();
    await expect(page).toHaveURL(/sort=title&dir=asc/);
    await expect(table.getByRole("columnheader", { name: /Video/ })).toHaveAttribute("aria-sort", "ascending");
    const ascending = await rowTitles();
    expect(ascending.length).toBeGreaterThanOrEqual(seededIn("Stretching").length);
    // Collations differ in how they weigh case and punctuation; the first letters are ordered in any of them.
    const initials = ascending.map((t) => t[0].toLowerCase());
    expect(initials).toEqual(initials.toSorted());
    await table.getByRole("link", { name: /^Video/ }).click();
    await expect(page).toHaveURL(/sort=title&dir=desc/);
    // Other tests may add or remove their own videos meanwhile: compare the videos both lists show.
    await expect(table.getByRole("columnheader", { name: /Video/ })).toHaveAttribute("aria-sort", "descending");
    const descending = await rowTitles();
    expect(descending.filter((t) => ascending.includes(t))).toEqual(
      ascending.filter((t) => descending.includes(t)).toReversed(),
    );

    // Views numbers in the table are in descending order when sorted by views.
    await table.getByRole("link", { name: /^Views/ }).click();
    await expect(page).toHaveURL(/sort=views&dir=desc/);
    // With JavaScript the address changes a moment before the table does: read it once it says how it is sorted.
    await expect(table.getByRole("columnheader", { name: /Views/ })).toHaveAttribute("aria-sort", "descending");
    const views = (await table.locator("tr[data-video-row] td:nth-of-type(1)").allInnerTexts()).map((text) =>
      Number(text.replace(/\D/g, "")),
    );
    expect(views).toEqual(views.toSorted((a, b) => b - a));

    // Six charts (videos, walks, four demographics), each an image with a title; each demographic chart's numbers match its table.
    const charts = page.locator('[data-chart][role="img"]');
    await expect(charts).toHaveCount(6);
    for (const name of [
      "Users by gender",
      "Users by age band",
      "Users by ethnicity",
      "Users by college community membership",
    ]) {
      const section = page.getByRole("region", { name });
      await expect(section.getByRole("img", { name: new RegExp(`^${name}`) })).toBeVisible();
      const cells = await section.getByRole("table").locator("tbody td").allInnerTexts();
      expect(cells.length).toBeGreaterThan(1);
      for (const cell of cells)
        expect(cell === "< 5" || cell === "0" || Number(cell.replace(/,/g, "")) >= 5, `${name}: ${cell}`).toBe(true);
      const drawn = await section.locator("[data-chart] [data-label] [data-value]").allTextContents();
      expect(drawn).toEqual(cells);
    }
    await expect(page.getByText("Groups of fewer than 5 users are shown as ‘< 5’")).toBeVisible();
  });
});
