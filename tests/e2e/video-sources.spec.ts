import type { APIRequestContext } from "@playwright/test";
import { admin, expect, fieldError, signInAsAdmin, test, unique } from "./support/fixtures";
import { ADMIN_TEST_VIDEO_PREFIX, videoCard, watchVideoHostRequests } from "./support/videos";

// Videos on Vimeo, video files and other pages, as admins of a college add them: each plays the way
// its link allows, and nothing is requested from a video host before the user presses play.

const VIMEO_ID = "76979871";
const FILE_URL = "https://media.example.edu/e2e/warm-up.webm";

async function adminApi(request: APIRequestContext) {
  const signin = await request.post("/api/user/signin", { data: { email: admin.email, password: admin.password } });
  expect(signin.status()).toBe(200);
  const { token } = (await signin.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

type Added = { id: string; title: string; url: string };
const added: Added[] = [];

async function addVideo(request: APIRequestContext, kind: string, url: string): Promise<Added> {
  const title = unique(`${ADMIN_TEST_VIDEO_PREFIX}${kind} `);
  const response = await request.post("/api/video/videos", {
    headers: await adminApi(request),
    data: { title, url, category: "exercise", subCategory: "Stretching", description: `A ${kind} video.` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const video = (await response.json()) as { _id: string; url: string };
  const result = { id: video._id, title, url: video.url };
  added.push(result);
  return result;
}

test.afterAll(async ({ request }) => {
  const headers = await adminApi(request);
  for (const video of added.splice(0)) await request.delete(`/api/video/${video.id}`, { headers });
});

test.describe("videos beyond YouTube", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("a Vimeo video plays through the facade, with dnt=1, and nothing reaches Vimeo before play", async ({
    page,
    request,
  }) => {
    const video = await addVideo(request, "vimeo", `https://vimeo.com/${VIMEO_ID}`);
    expect(video.url).toBe(`https://player.vimeo.com/video/${VIMEO_ID}`);
    const requests = await watchVideoHostRequests(page);
    await page.goto("/strechesForWalking");
    const card = videoCard(page, video.title);
    await expect(card).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);

    // Play is a form with JavaScript on or off: it counts the view and comes back with the player in the card.
    const player = `https://player.vimeo.com/video/${VIMEO_ID}?dnt=1&autoplay=1`;
    const requested = page.waitForRequest(player);
    await card.getByRole("button", { name: `Play video: ${video.title}` }).click();
    await requested;
    await expect(page).toHaveURL(new RegExp(`/strechesForWalking\\?play=${video.id}#video-${video.id}$`));
    await expect(card.locator("iframe")).toHaveAttribute("src", player);
    expect(requests).toEqual([player]);
  });

  test("a video file is behind the same play form (its view counts), then plays in the browser's own player", async ({
    page,
    request,
  }) => {
    const video = await addVideo(request, "file", FILE_URL);
    const requests = await watchVideoHostRequests(page);
    await page.goto("/strechesForWalking");
    const card = videoCard(page, video.title);
    // Before play: the topic's illustration and our play button, no <video>, nothing fetched from the file's host.
    await expect(card.locator("video")).toHaveCount(0);
    await expect(card.locator('[data-topic="stretches"]')).toBeAttached();
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
    await expect(card.getByText("0 views", { exact: true })).toBeVisible();

    await card.getByRole("button", { name: `Play video: ${video.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?play=${video.id}#video-${video.id}$`));
    const player = card.locator("video");
    await expect(player).toHaveAccessibleName(`Video player: ${video.title}`);
    await expect(player).toHaveAttribute("controls", "");
    await expect(player).toHaveAttribute("autoplay", "");
    await expect(card.locator("video source")).toHaveAttribute("src", FILE_URL);
    await expect(card.locator("video source")).toHaveAttribute("type", "video/webm");
    await expect(card.getByText("1 view", { exact: true })).toBeVisible();
    // The browser fetches the file now that play was pressed, and only the file.
    await expect.poll(() => requests.length).toBeGreaterThan(0);
    expect(requests.every((url) => url === FILE_URL)).toBe(true);
  });

  test("another page is a link that opens in a new tab, and the page loads nothing from it", async ({
    page,
    request,
  }) => {
    const video = await addVideo(request, "page", "https://wellness.college.example.org/stretching/hips");
    const requests: string[] = [];
    page.on("request", (candidate) => {
      if (new URL(candidate.url()).hostname.endsWith("example.org")) requests.push(candidate.url());
    });
    await page.goto("/strechesForWalking");
    const link = videoCard(page, video.title).getByRole("link", {
      name: "Watch on wellness.college.example.org (opens in a new tab)",
    });
    await expect(link).toHaveAttribute("href", "https://wellness.college.example.org/stretching/hips");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    // A page has no still on a host: the card shows its topic's illustration instead of a picture.
    await expect(videoCard(page, video.title).locator("img")).toHaveCount(0);
    await expect(videoCard(page, video.title).locator('[data-topic="stretches"]')).toBeAttached();
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);
  });

  test(
    "the admin form refuses http, javascript: and data: links and keeps what was typed",
    { tag: "@no-js" },
    async ({ page }) => {
      await page.goto("/adminControlPanel?option=videos");
      const addForm = page.getByRole("region", { name: "Add a video" });
      const title = unique(`${ADMIN_TEST_VIDEO_PREFIX}refused `);
      for (const url of ["http://media.example.edu/warm-up.mp4", "javascript:alert(1)", "data:video/mp4;base64,AAAA"]) {
        await addForm.getByLabel("Title", { exact: true }).fill(title);
        await addForm.getByLabel("Video link", { exact: true }).fill(url);
        await addForm.getByLabel("Category", { exact: true }).fill("exercise");
        await addForm.getByLabel("Subcategory", { exact: true }).selectOption("Stretching");
        await addForm.getByRole("button", { name: "Add video" }).click();
        await expect(fieldError(addForm, /Enter an https link to a YouTube or Vimeo video/)).toBeVisible();
        await expect(addForm.getByLabel("Video link", { exact: true })).toHaveValue(url);
        await expect(addForm.getByLabel("Title", { exact: true })).toHaveValue(title);
      }
      await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(0);
    },
  );

  test("the CSP frames only the configured players and plays media only from the allowed hosts", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/strechesForWalking");
    const csp = response!.headers()["content-security-policy"];
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com https://player.vimeo.com;");
    expect(csp).toContain("media-src 'self' https://media.example.edu;");
    expect(violations).toEqual([]);
  });
});
