import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";

export type SeedVideo = { title: string; url: string; category: string; subCategory: string; description: string };

export const seedVideos = JSON.parse(readFileSync("prisma/seed-data/videos.json", "utf8")) as SeedVideo[];

export const videoPages = [
  { path: "/bodyWeightExercises", title: "Body Weight Exercises", subCategories: ["Body Weight Exercise"] },
  { path: "/strechesForWalking", title: "Stretches For Walking", subCategories: ["Stretching"] },
  { path: "/properWalkingTechniques", title: "Proper Walking Techniques", subCategories: ["Walking Techniques"] },
  { path: "/nutritionandHydration", title: "Nutrition and Hydration", subCategories: ["Nutrition", "Hydration"] },
  { path: "/injuryPrevention", title: "Injury Prevention", subCategories: ["Injury Prevention"] },
];

/** Titles of the videos the admin specs add (and delete again) while other specs run; library counts skip them. */
export const ADMIN_TEST_VIDEO_PREFIX = "E2E video ";
export const ADMIN_TEST_VIDEO = /^E2E video /;

export function seededIn(subCategory: string) {
  return seedVideos.filter((video) => video.subCategory === subCategory);
}

/** The YouTube id in a seeded embed link. */
export function youTubeId(video: SeedVideo) {
  return video.url.split("/embed/")[1];
}

/** Requests to any video host a card could contact: players, thumbnails, the stream itself. */
/** Every host a video could be loaded from: YouTube, Vimeo, and the stand-in for VIDEO_MEDIA_ORIGINS. */
const videoHost =
  /(^|\.)(vimeo\.com|vimeocdn\.com|youtube(-nocookie)?\.com|youtu\.be|ytimg\.com|googlevideo\.com|media\.example\.edu|example\.org)$/;

/**
 * Records every request to a video host, and answers them with a stub (a page, or a few bytes of video
 * for a file): these machines have no internet, and the tests are about whether a request is made.
 */
export async function watchVideoHostRequests(page: Page) {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (videoHost.test(new URL(request.url()).hostname)) requests.push(request.url());
  });
  await page.route(
    (url) => videoHost.test(url.hostname),
    (route) =>
      new URL(route.request().url()).pathname.endsWith(".webm")
        ? route.fulfill({ status: 200, contentType: "video/webm", body: Buffer.alloc(64) })
        : route.fulfill({
            status: 200,
            contentType: "text/html",
            body: "<!doctype html><title>Player</title><p>player</p>",
          }),
  );
  return requests;
}

export function videoCard(page: Page, title: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

export async function countShown(page: Page, title: string, kind: "like" | "dislike") {
  const name = kind === "like" ? /^Like \d+$/ : /^Dislike \d+$/;
  const text = await videoCard(page, title).getByRole("button", { name }).innerText();
  return Number(text.replace(/\D/g, ""));
}

export async function viewsShown(page: Page, title: string) {
  const text = await videoCard(page, title)
    .getByText(/^[\d,]+ views?$/)
    .innerText();
  return Number(text.replace(/\D/g, ""));
}

export async function expectReaction(
  page: Page,
  title: string,
  expected: { likes: number; dislikes: number; mine: "like" | "dislike" | null },
) {
  const card = videoCard(page, title);
  const like = card.getByRole("button", { name: /^Like \d+$/ });
  const dislike = card.getByRole("button", { name: /^Dislike \d+$/ });
  await expect(like).toHaveAccessibleName(`Like ${expected.likes}`);
  await expect(dislike).toHaveAccessibleName(`Dislike ${expected.dislikes}`);
  await expect(like).toHaveAttribute("aria-pressed", String(expected.mine === "like"));
  await expect(dislike).toHaveAttribute("aria-pressed", String(expected.mine === "dislike"));
  // The card says it in words too: without JavaScript nothing is announced, so the text is there to find.
  if (expected.mine) await expect(card.getByText(reactionStatus[expected.mine], { exact: true })).toBeVisible();
  else await expect(card.getByText(/^You (dis)?liked this video\.$/)).toHaveCount(0);
}

/** The words a card shows under its buttons about the person's own reaction. */
const reactionStatus = { like: "You liked this video.", dislike: "You disliked this video." } as const;

/**
 * The video pages ship no JavaScript: a reaction is a plain form, with JavaScript on or off, answered by a
 * redirect back to the card. Waits until the page it redirected to is the one showing.
 */
export async function pressReaction(page: Page, button: Locator) {
  const landed = page.waitForResponse(
    (r) => r.request().method() === "GET" && r.request().resourceType() === "document",
  );
  await button.click();
  expect((await landed).status()).toBe(200);
  await page.waitForLoadState("domcontentloaded");
}
