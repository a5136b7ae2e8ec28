import { admin, adminSession, expect, fillSignIn, signInAsAdmin, test } from "./support/fixtures";
import {
  ADMIN_TEST_VIDEO,
  countShown,
  expectReaction,
  pressReaction,
  seededIn,
  videoCard,
  videoPages,
  viewsShown,
  watchVideoHostRequests,
  youTubeId,
} from "./support/videos";

// One signed-in admin is shared by the tests here, which run side by side; reactions and views are per user,
// so each test reacts to a video of its own topic (the play test only counts views).
/**
 * The video libraries and the watch page ship no script (decision 060; zero-js-pages.spec.ts holds every
 * one of them, with a player shown, to that): a browser with JavaScript off gets and renders the very
 * document a browser with it on does, and their forms are plain forms either way. The tests that stay
 * on those pages therefore run once, with JavaScript (no @no-js tag, playwright.config.ts), where a
 * script would load and run, and each fails if a page it visited asked for a script or if the page it
 * ends on has a <script> or <noscript>, since a browser without scripts would then no longer see the same page.
 */
let scriptsAskedFor: string[] = [];

test.describe("video libraries", () => {
  test.beforeEach(async ({ page }) => {
    // The admin's session, without a page load: every test opens a video page first.
    await adminSession(page);
    scriptsAskedFor = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scriptsAskedFor.push(request.url());
    });
  });
  test.afterEach(async ({ page }, testInfo) => {
    if (testInfo.status !== "passed") return;
    expect(scriptsAskedFor, "scripts the video pages asked for").toEqual([]);
    await expect(page.locator("script, noscript, link[rel='modulepreload']")).toHaveCount(0);
  });

  test("each page lists exactly its subCategory's seeded videos, with title, category, views and description", async ({
    page,
  }) => {
    for (const videoPage of videoPages) {
      await page.goto(videoPage.path);
      await expect(page.getByRole("heading", { level: 1, name: videoPage.title })).toBeVisible();
      const expected = videoPage.subCategories.flatMap((sub) => seededIn(sub));
      const cards = page.getByRole("article").filter({ hasNot: page.getByRole("heading", { name: ADMIN_TEST_VIDEO }) });
      await expect(cards).toHaveCount(expected.length);
      const titles = await cards.getByRole("heading").allInnerTexts();
      expect(titles.toSorted(), videoPage.path).toEqual(expected.map((v) => v.title).toSorted());
      for (const video of expected) {
        const card = videoCard(page, video.title);
        await expect(card.getByText(video.description, { exact: true })).toBeVisible();
        await expect(card.getByText(`Category: ${video.category}`)).toBeAttached();
        await expect(card.getByText(/^[\d,]+ views?$/)).toBeVisible();
        await expect(card.getByRole("button", { name: /^Like \d+$/ })).toBeVisible();
        await expect(card.getByRole("button", { name: /^Dislike \d+$/ })).toBeVisible();
        // Play is a plain form, with JavaScript on or off: it posts to this page and comes back to the card.
        const play = card.getByRole("button", { name: `Play video: ${video.title}` });
        await expect(play).toBeVisible();
        const id = (await card.getAttribute("id"))!;
        await expect(card.locator("form").first()).toHaveAttribute("action", `${videoPage.path}#${id}`);
      }
    }
  });

  test("nutrition and hydration shows nutrition videos first, then hydration", async ({ page }) => {
    await page.goto("/nutritionandHydration");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Nutrition", "Hydration"]);
    const titles = await page.getByRole("article").getByRole("heading").allInnerTexts();
    const nutrition = seededIn("Nutrition").map((v) => v.title);
    const hydration = seededIn("Hydration").map((v) => v.title);
    expect(titles.slice(0, nutrition.length).toSorted()).toEqual(nutrition.toSorted());
    expect(titles.slice(nutrition.length).toSorted()).toEqual(hydration.toSorted());
    // Each group's cards sit in that group's section.
    const hydrationSection = page.getByRole("region", { name: "Hydration" });
    await expect(hydrationSection.getByRole("article")).toHaveCount(hydration.length);
  });

  test("like, switch to dislike and remove: each lands back on the same card, kept on the server", async ({
    page,
    db,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const video = seededIn("Body Weight Exercise")[0];
    const stored = async () => {
      if (!db) return null;
      const { rows } = await db.query(
        `SELECT v.likes, v.dislikes, (SELECT array_agg(r.value::text) FROM "VideoReaction" r WHERE r."videoId" = v.id) AS reactions
         FROM "Video" v WHERE v.title = $1`,
        [video.title],
      );
      return rows[0];
    };
    await page.goto("/bodyWeightExercises");
    const likes = await countShown(page, video.title, "like");
    const dislikes = await countShown(page, video.title, "dislike");
    const card = videoCard(page, video.title);
    const anchor = (await card.getAttribute("id"))!;
    // A plain form with JavaScript on or off: the server redirects back to the card, which is in view.
    const expectBackAtTheCard = async () => {
      await expect(page).toHaveURL(new RegExp(`/bodyWeightExercises#${anchor}$`));
      await expect(card).toBeInViewport();
    };

    await pressReaction(page, card.getByRole("button", { name: /^Like \d+$/ }));
    await expectBackAtTheCard();
    await expectReaction(page, video.title, { likes: likes + 1, dislikes, mine: "like" });
    if (db) expect(await stored()).toEqual({ likes: likes + 1, dislikes, reactions: ["LIKE"] });

    await pressReaction(page, card.getByRole("button", { name: /^Dislike \d+$/ }));
    await expectBackAtTheCard();
    await expectReaction(page, video.title, { likes, dislikes: dislikes + 1, mine: "dislike" });
    if (db) expect(await stored()).toEqual({ likes, dislikes: dislikes + 1, reactions: ["DISLIKE"] });

    // Pressing the chosen reaction again removes it.
    await pressReaction(page, card.getByRole("button", { name: /^Dislike \d+$/ }));
    await expectBackAtTheCard();
    await expectReaction(page, video.title, { likes, dislikes, mine: null });
    await page.reload();
    await expectReaction(page, video.title, { likes, dislikes, mine: null });
    if (db) expect(await stored()).toEqual({ likes, dislikes, reactions: null });
  });

  test("play counts one view and shows the player in its card; playing again the same day counts none", async ({
    page,
    db,
  }) => {
    await watchVideoHostRequests(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const video = seededIn("Injury Prevention")[0];
    const viewPosts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") viewPosts.push(new URL(request.url()).pathname);
    });
    await page.goto("/injuryPrevention");
    const before = await viewsShown(page, video.title);
    const card = videoCard(page, video.title);
    const anchor = (await card.getAttribute("id"))!;

    const play = async () => {
      await page.goto("/injuryPrevention");
      await expect(card.locator("iframe")).toHaveCount(0);
      await card.getByRole("button", { name: `Play video: ${video.title}` }).click();
      // Back on the same page at the same card, its player shown and asked to start.
      await expect(page).toHaveURL(new RegExp(`/injuryPrevention\\?play=${anchor.replace("video-", "")}#${anchor}$`));
      await expect(card.locator("iframe")).toHaveAttribute("title", `Video player: ${video.title}`);
      await expect(card.locator("iframe")).toHaveAttribute(
        "src",
        new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${youTubeId(video)}\\?autoplay=1$`),
      );
      await expect(card).toBeInViewport();
      // One player at a time: the other cards still show their previews.
      await expect(page.locator("iframe")).toHaveCount(1);
    };

    await play();
    expect(await viewsShown(page, video.title)).toBe(before + 1);
    await play();
    expect(await viewsShown(page, video.title)).toBe(before + 1);
    // One POST per press of play, to the page itself.
    expect(viewPosts).toEqual(["/injuryPrevention", "/injuryPrevention"]);
    if (db) {
      const { rows } = await db.query(
        `SELECT v.views, (SELECT count(*)::int FROM "VideoView" w WHERE w."videoId" = v.id) AS "viewRows" FROM "Video" v WHERE v.title = $1`,
        [video.title],
      );
      expect(rows[0]).toEqual({ views: before + 1, viewRows: 1 });
    }
  });

  test("a video shows the still the server stored, from our own origin with its size; no video host is asked before play", async ({
    page,
    request,
  }) => {
    const requests = await watchVideoHostRequests(page);
    const served: { path: string; status: number; type: string | undefined }[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/thumbnails/"))
        served.push({ path: url.pathname, status: response.status(), type: response.headers()["content-type"] });
    });
    const video = seededIn("Stretching")[0];
    const still = videoCard(page, video.title).locator("img");
    // The server fetches the seeded stills (from the stand-in host) just after it starts; until then a
    // card shows its topic's illustration.
    await expect(async () => {
      await page.goto("/strechesForWalking");
      await expect(still).toHaveAttribute("src", /^\/thumbnails\/[a-f0-9]{24}-[a-f0-9]{16}\.(png|jpg|webp)$/, {
        timeout: 500,
      });
    }).toPass();
    const src = (await still.getAttribute("src"))!;
    await expect(still).toHaveAttribute("width", "480");
    await expect(still).toHaveAttribute("height", "360");
    await expect(still).toHaveAttribute("alt", "");
    await expect
      .poll(() => served.find((response) => response.path === src))
      .toEqual({ path: src, status: 200, type: "image/png" });

    const response = await request.get(src);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");

    // The watch page shows the same still.
    const videoId = /^\/thumbnails\/([a-f0-9]{24})-/.exec(src)![1];
    await page.goto(`/videos/${videoId}`);
    await expect(page.locator("main img")).toHaveAttribute("src", src);
    await expect(page.locator("main img")).toHaveAttribute("width", "480");
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
  });

  test("no request goes to a video host before the user asks to play", async ({ page }) => {
    const requests = await watchVideoHostRequests(page);
    for (const videoPage of videoPages) {
      await page.goto(videoPage.path);
      await expect(page.getByRole("article").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
    }
    expect(requests).toEqual([]);

    const video = seededIn("Walking Techniques")[0];
    await page.goto("/properWalkingTechniques");
    const card = videoCard(page, video.title);
    const embed = `https://www.youtube-nocookie.com/embed/${youTubeId(video)}?autoplay=1`;
    const requested = page.waitForRequest(embed);
    await card.getByRole("button", { name: `Play video: ${video.title}` }).click();
    await requested;
    await expect(card.locator("iframe")).toHaveAttribute("src", embed);
    expect(requests).toEqual([embed]);
  });

  test("the watch page shows one video with its reactions and play, and links back to its card", async ({ page }) => {
    await watchVideoHostRequests(page);
    const video = seededIn("Stretching")[0];
    await page.goto("/strechesForWalking");
    const likes = await countShown(page, video.title, "like");
    const dislikes = await countShown(page, video.title, "dislike");
    const anchor = (await videoCard(page, video.title).getAttribute("id"))!;
    const href = anchor.replace("video-", "/videos/");
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1, name: video.title })).toBeVisible();
    await expect(page.getByText(video.description, { exact: true })).toBeVisible();
    const like = page.getByRole("button", { name: /^Like \d+$/ });
    await pressReaction(page, like);
    await expect(like).toHaveAccessibleName(`Like ${likes + 1}`);
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("You liked this video.", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${href}$`));

    // Play: a form that counts the view and comes back with the player, which a reaction keeps.
    await page.getByRole("button", { name: `Play video: ${video.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`${href}\\?play=1$`));
    await expect(page.locator("iframe")).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${youTubeId(video)}?autoplay=1`,
    );
    await pressReaction(page, like);
    await expect(page).toHaveURL(new RegExp(`${href}\\?play=1$`));
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await expect(page.locator("iframe")).toHaveCount(1);

    await page.getByRole("link", { name: "Back to Stretches For Walking" }).click();
    await expect(page).toHaveURL(new RegExp(`/strechesForWalking#${anchor}$`));
    await expect(videoCard(page, video.title)).toBeInViewport();
    await expectReaction(page, video.title, { likes, dislikes, mine: null });
  });

  test("a watch page for an unknown video answers 404", async ({ page }) => {
    for (const path of ["/videos/0123456789abcdef01234567", "/videos/not-an-id"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
  });
});

// From the user's home, which has scripts, to a video page: with JavaScript through the router.
test.describe("reaching a video library", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  // Without JavaScript the link loads the page as any other; the libraries' own tests open them so.
  test("'Loading videos...' shows while a video page loads after a click", async ({ page }) => {
    await page.goto("/userHome");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/injuryPrevention\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Watch Injury Prevention videos" }).click();
    await expect(page.getByText("Loading videos...")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Injury Prevention" })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(seededIn("Injury Prevention").length);
    await expect(page.getByText("Loading videos...")).toHaveCount(0);
  });

  test("a page reached by a client-side navigation keeps working: its forms are plain forms", async ({ page }) => {
    await page.goto("/userHome");
    await page.getByRole("link", { name: "Watch Injury Prevention videos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Injury Prevention" })).toBeVisible();
    // With JavaScript the page came through the router already running, so this document has scripts.
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(true);
    const video = seededIn("Injury Prevention")[0];
    const card = videoCard(page, video.title);
    const likes = await countShown(page, video.title, "like");
    const dislikes = await countShown(page, video.title, "dislike");
    await pressReaction(page, card.getByRole("button", { name: /^Like \d+$/ }));
    await expect(page).toHaveURL(new RegExp(`/injuryPrevention#${await card.getAttribute("id")}$`));
    await expectReaction(page, video.title, { likes: likes + 1, dislikes, mine: "like" });
    // The answer was a whole new document, without scripts.
    expect(await page.locator("script").count()).toBe(0);
    await pressReaction(page, card.getByRole("button", { name: /^Like \d+$/ }));
    await expectReaction(page, video.title, { likes, dislikes, mine: null });
  });
});

test.describe("user home", () => {
  test("links to the trails and each of the five video topics", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/userHome");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${admin.username}` })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Open the trail map" })).toHaveAttribute("href", "/trails");
    for (const videoPage of videoPages) {
      const section = main.getByRole("region", { name: videoPage.title });
      await expect(section.getByRole("link")).toHaveAttribute("href", videoPage.path);
    }
    await main.getByRole("link", { name: "Watch Stretches For Walking videos" }).click();
    await expect(page).toHaveURL(/\/strechesForWalking$/);
    await expect(page.getByRole("heading", { level: 1, name: "Stretches For Walking" })).toBeVisible();
  });

  test("visitors are sent to sign in and come back to the page they wanted", async ({ page }) => {
    for (const path of ["/userHome", ...videoPages.map((p) => p.path), "/videos/0123456789abcdef01234567"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/authorization?formType=signin&redirectTo=${encodeURIComponent(path)}`);
    }
    await page.goto("/nutritionandHydration");
    await fillSignIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/nutritionandHydration$/);
  });
});
