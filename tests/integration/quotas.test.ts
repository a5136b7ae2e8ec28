// One signed-in account with a script: every write it can make has a quota, per account and per client
// address, kept in the database (all instances share it). Flooded here until it refuses: a 429 with
// Retry-After and a plain sentence, on the pages and in the API, and nothing past the quota stored.
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/http/client-address.server";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import {
  counterKey,
  quotaMessage,
  rateLimitPolicies,
  scaledMax,
  type QuotaKind,
} from "~/utils/rate-limit-counter.server";
import { seedDatabase } from "~/utils/seed.server";
import { topicForSubCategory } from "~/lib/video-topics";
import { callRoute, pageText, textById } from "../support/routes";

const GOLD = "673e9addbf9ebe061ef810bf";
let videoId = "";

afterEach(() => {
  env.RATE_LIMIT_FACTOR = 1;
});
/** The library page the video is on, where its card's forms post. */
let libraryPath = "";

beforeAll(async () => {
  await seedDatabase(prisma);
  const video = await prisma.video.findFirstOrThrow({ select: { id: true, subCategory: true } });
  videoId = video.id;
  libraryPath = topicForSubCategory(video.subCategory)!.path;
});

/** A library card's form (play or a reaction), posted as a browser without JavaScript posts it. */
function cardForm(token: string, client: string, intent: string) {
  return callRoute(libraryPath, {
    method: "POST",
    sessionId: token,
    headers: { [CLIENT_ADDRESS_HEADER]: client },
    body: new URLSearchParams({ intent, videoId, returnTo: `${libraryPath}#video-${videoId}` }),
  });
}

/** The refusal's sentence, naming the same wait as its Retry-After (which must be there). */
function sentenceOf(response: Response, kind: QuotaKind, scope: "account" | "client" = "account") {
  const wait = Number(response.headers.get("Retry-After"));
  expect(wait).toBeGreaterThan(0);
  return quotaMessage(kind, scope, wait);
}

/** A refusal rendered on the library page: 429 with Retry-After, and the sentence inside the video's card. */
async function expectRefusalBesideCard(response: Response, kind: QuotaKind) {
  expect(response.status).toBe(429);
  const message = sentenceOf(response, kind);
  const html = await response.text();
  expect(textById(html, `video-${videoId}`)).toContain(message);
  // The page is still one without JavaScript.
  expect(html).not.toMatch(/<script/i);
}

let clients = 0;
/** A fresh client address per test, so tests do not share a client's quota. */
const newClient = () => `198.51.100.${++clients}`;

async function account(prefix: string) {
  const name = `${prefix}${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234" });
  return { user, token: (await createSession(user.id)).id };
}

function api(path: string, token: string, client: string, method: string, body?: unknown) {
  return callRoute(path, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, [CLIENT_ADDRESS_HEADER]: client },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * The deployed quotas run to hundreds: the first requests are counted one by one through the route (each
 * adds exactly one to the account's counter and to the address's), then the counter itself is brought to
 * one short of the quota, as that many more requests would have left it, so the last allowed request and
 * the refused one still go through the route.
 */
const COUNTED_ONE_BY_ONE = 12;

async function fillAccountQuota(kind: QuotaKind, userId: string, client: string, counted: number) {
  const accountKey = counterKey(kind, "account", userId.toLowerCase());
  const clientKey = counterKey(kind, "client", client);
  const counters = await prisma.rateLimit.findMany({ where: { key: { in: [accountKey, clientKey] } } });
  expect(counters.map(({ count }) => count)).toEqual([counted, counted]);
  const max = rateLimitPolicies[kind].account.max;
  await prisma.rateLimit.update({ where: { key: accountKey }, data: { count: max - 1 } });
  await prisma.rateLimit.update({ where: { key: clientKey }, data: { count: max - 1 } });
}

async function expectQuotaRefusal(response: Response, kind: QuotaKind, scope: "account" | "client" = "account") {
  expect(response.status).toBe(429);
  expect(await response.json()).toMatchObject({ message: sentenceOf(response, kind, scope) });
}

const walk = { trailId: GOLD, date: "2026-11-20", durationMinutes: 30, distanceMiles: 1 };

describe("quotas on every write an account can make", () => {
  test("walks: 30 a day per account through the API, then 429 with the sentence, and no 31st walk stored", async () => {
    const { user, token } = await account("walker");
    const client = newClient();
    const max = rateLimitPolicies.walk.account.max;
    for (let i = 0; i < max; i++)
      expect((await api("/api/walks", token, client, "POST", walk)).status, `walk ${i}`).toBe(201);
    await expectQuotaRefusal(await api("/api/walks", token, client, "POST", walk), "walk");
    expect(await prisma.walk.count({ where: { userId: user.id } })).toBe(max);
  }, 60_000);

  test("walks on the page: the form answers 429 with the sentence and keeps what was typed", async () => {
    const { user, token } = await account("pagewalker");
    const client = newClient();
    const post = () =>
      callRoute("/userControlPanel/walks", {
        method: "POST",
        sessionId: token,
        headers: { [CLIENT_ADDRESS_HEADER]: client },
        body: new URLSearchParams({
          intent: "log",
          trailId: GOLD,
          date: "2026-11-21",
          laps: "1",
          durationMinutes: "25",
        }),
      });
    for (let i = 0; i < rateLimitPolicies.walk.account.max; i++) expect((await post()).status).toBe(302);
    const refused = await post();
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(await pageText(new Response(html))).toContain(sentenceOf(refused, "walk"));
    expect(html).toMatch(/name="durationMinutes"[^>]*value="25"|value="25"[^>]*name="durationMinutes"/);
    expect(await prisma.walk.count({ where: { userId: user.id } })).toBe(30);
  }, 60_000);

  test("walks per client address: accounts made to spread the flood meet the client's quota, and are told it is the address's", async () => {
    // A tenth of every limit: the address's thousand walks a day would take a thousand requests.
    env.RATE_LIMIT_FACTOR = 0.1;
    const client = newClient();
    const perClient = scaledMax(rateLimitPolicies.walk.client.max);
    let stored = 0;
    let refusal: Response | null = null;
    while (!refusal) {
      const { token } = await account("spreader");
      for (let i = 0; i < scaledMax(rateLimitPolicies.walk.account.max) && !refusal; i++) {
        const response = await api("/api/walks", token, client, "POST", walk);
        if (response.status === 201) stored++;
        else refusal = response;
      }
    }
    expect(stored).toBe(perClient);
    await expectQuotaRefusal(refusal, "walk", "client");
  }, 120_000);

  test("reactions and views: flooded through the API until 429", async () => {
    const { user, token } = await account("reactor");
    const client = newClient();
    const react = (i: number) =>
      api(`/api/video/${videoId}/reaction`, token, client, "PUT", { reaction: i % 2 ? "like" : "dislike" });
    for (let i = 0; i < COUNTED_ONE_BY_ONE; i++) expect((await react(i)).status).toBe(200);
    await fillAccountQuota("reaction", user.id, client, COUNTED_ONE_BY_ONE);
    expect((await react(0)).status, "the 300th reaction").toBe(200);
    await expectQuotaRefusal(await api(`/api/video/like/${videoId}`, token, client, "PATCH"), "reaction");
    // One quota, whichever door: the library page's reaction form is refused too, beside the card.
    await expectRefusalBesideCard(await cardForm(token, client, "like"), "reaction");
    const view = () => api(`/api/video/${videoId}/view`, token, client, "POST");
    for (let i = 0; i < COUNTED_ONE_BY_ONE; i++) expect((await view()).status).toBe(200);
    await fillAccountQuota("view", user.id, client, COUNTED_ONE_BY_ONE);
    expect((await view()).status, "the 500th view").toBe(200);
    await expectQuotaRefusal(await api(`/api/video/view/${videoId}`, token, client, "PATCH"), "view");
    // Play on the library page: refused beside the card, and no player shown for a view not counted.
    const play = await cardForm(token, client, "view");
    expect(await play.clone().text()).not.toContain("<iframe");
    await expectRefusalBesideCard(play, "view");
  }, 120_000);

  test("reactions on the video pages: plain forms until 429, then the sentence beside the card", async () => {
    const { user, token } = await account("pagereactor");
    const client = newClient();
    for (let i = 0; i < COUNTED_ONE_BY_ONE; i++)
      expect((await cardForm(token, client, i % 2 ? "like" : "clear")).status).toBe(302);
    await fillAccountQuota("reaction", user.id, client, COUNTED_ONE_BY_ONE);
    expect((await cardForm(token, client, "like")).status, "the 300th reaction").toBe(302);
    const reactionsBefore = await prisma.videoReaction.count({ where: { videoId } });
    await expectRefusalBesideCard(await cardForm(token, client, "dislike"), "reaction");
    // The watch page's form shares the quota and shows the same sentence.
    const watch = await callRoute(`/videos/${videoId}`, {
      method: "POST",
      sessionId: token,
      headers: { [CLIENT_ADDRESS_HEADER]: client },
      body: new URLSearchParams({ intent: "dislike" }),
    });
    expect(watch.status).toBe(429);
    expect(await pageText(watch)).toContain(sentenceOf(watch, "reaction"));
    expect(await prisma.videoReaction.count({ where: { videoId } })).toBe(reactionsBefore);
  }, 120_000);

  test("reports: 10 a day per account through the API, then 429 with the sentence, and no 11th stored", async () => {
    const { user, token } = await account("reporter");
    const client = newClient();
    const report = { trailId: GOLD, category: "litter", description: "Bottles by the bench" };
    for (let i = 0; i < rateLimitPolicies.report.account.max; i++)
      expect((await api("/api/reports", token, client, "POST", report)).status, `report ${i}`).toBe(201);
    await expectQuotaRefusal(await api("/api/reports", token, client, "POST", report), "report");
    expect(await prisma.report.count({ where: { userId: user.id } })).toBe(rateLimitPolicies.report.account.max);
  }, 60_000);

  test("reports on a trail's page: the form answers 429 with the sentence and keeps what was typed", async () => {
    const { user, token } = await account("pagereporter");
    const client = newClient();
    const post = () =>
      callRoute("/trails/gold", {
        method: "POST",
        sessionId: token,
        headers: { [CLIENT_ADDRESS_HEADER]: client },
        body: new URLSearchParams({
          intent: "report",
          category: "flooded",
          description: "Standing water past the bridge",
        }),
      });
    for (let i = 0; i < rateLimitPolicies.report.account.max; i++) expect((await post()).status).toBe(302);
    const refused = await post();
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(await pageText(new Response(html))).toContain(sentenceOf(refused, "report"));
    expect(html).toContain("Standing water past the bridge</textarea>");
    expect(await prisma.report.count({ where: { userId: user.id } })).toBe(rateLimitPolicies.report.account.max);
  }, 60_000);

  test("feedback: 10 an hour per account through the API, then 429 with the sentence; the page's form says the same", async () => {
    const { user, token } = await account("critic");
    const client = newClient();
    for (let i = 0; i < rateLimitPolicies.feedback.account.max; i++) {
      expect(
        (await api("/api/feedback/submit", token, client, "POST", { feedback: `Note ${i}` })).status,
        `feedback ${i}`,
      ).toBe(201);
    }
    await expectQuotaRefusal(
      await api("/api/feedback/submit", token, client, "POST", { feedback: "One more" }),
      "feedback",
    );
    const page = await callRoute("/userControlPanel", {
      method: "POST",
      sessionId: token,
      headers: { [CLIENT_ADDRESS_HEADER]: client },
      body: new URLSearchParams({ intent: "feedback", feedback: "And from the page" }),
    });
    expect(page.status).toBe(429);
    const html = await page.text();
    expect(await pageText(new Response(html))).toContain(sentenceOf(page, "feedback"));
    expect(html).toContain("And from the page</textarea>");
    expect(await prisma.feedback.count({ where: { userId: user.id } })).toBe(rateLimitPolicies.feedback.account.max);
  }, 60_000);

  test("profile and email changes: 20 profile changes an hour, 5 new emails a day, then 429", async () => {
    const { user, token } = await account("changer");
    const client = newClient();
    for (let i = 0; i < rateLimitPolicies.emailChange.account.max; i++) {
      const changed = await api(`/api/user/updateProfile/${user.id}`, token, client, "PATCH", {
        email: `changer${i}-${user.id}@example.test`,
      });
      expect(changed.status, `email ${i}`).toBe(200);
    }
    await expectQuotaRefusal(
      await api(`/api/user/updateProfile/${user.id}`, token, client, "PATCH", {
        email: `late-${user.id}@example.test`,
      }),
      "emailChange",
    );
    const profileMax = rateLimitPolicies.profileChange.account.max;
    // The five accepted email changes counted as profile changes too; the refused one gave its count back.
    for (let i = rateLimitPolicies.emailChange.account.max; i < profileMax; i++) {
      expect(
        (await api(`/api/user/updateProfile/${user.id}`, token, client, "PATCH", { age: 20 + (i % 50) })).status,
        `change ${i}`,
      ).toBe(200);
    }
    await expectQuotaRefusal(
      await api(`/api/user/updateProfile/${user.id}`, token, client, "PATCH", { age: 77 }),
      "profileChange",
    );
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { age: true } })).age).not.toBe(77);
  }, 60_000);
});
