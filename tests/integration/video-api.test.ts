// Reactions and views through the API: the same rules and totals as the video pages' buttons and player,
// because both go through the same model functions.
import { beforeEach, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { createSession } from "~/models/session.server";
import { viewerVideoJsonSchema, videoViewJsonSchema } from "~/schemas/video";
import { database, prisma } from "~/utils/db.server";
import { truncateAll } from "../support/database-template";
import { callRoute } from "../support/routes";

let videoId = "";

async function signedIn(name: string) {
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "secret-pw" });
  return { user, token: (await createSession(user.id)).id };
}

function api(path: string, token: string | undefined, method: string, body?: unknown) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return callRoute(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function answer(response: Promise<Response>) {
  const reply = await response;
  return { status: reply.status, body: await reply.json() };
}

/** The form a library page's card posts (a plain form, answered with a redirect), with the user's session cookie. */
function pageForm(sessionId: string, intent: string) {
  return callRoute("/nutritionandHydration", {
    method: "POST",
    sessionId,
    body: new URLSearchParams({ intent, videoId }),
  });
}

const stored = () =>
  prisma.video.findUniqueOrThrow({ where: { id: videoId }, select: { likes: true, dislikes: true, views: true } });

beforeEach(async () => {
  await truncateAll(database);
  videoId = (
    await prisma.video.create({
      data: { title: "Water", subCategory: "Hydration", category: "hydration", url: "https://youtu.be/xTUmZcxf_tI" },
    })
  ).id;
});

describe("PUT /api/video/{id}/reaction", () => {
  test("one reaction per user and video: like, change to dislike, remove; totals are every user's", async () => {
    const ana = await signedIn("ana");
    const ben = await signedIn("ben");
    const liked = await answer(api(`/api/video/${videoId}/reaction`, ana.token, "PUT", { reaction: "like" }));
    expect(liked).toMatchObject({ status: 200, body: { _id: videoId, likes: 1, dislikes: 0, reaction: "like" } });
    expect(viewerVideoJsonSchema.safeParse(liked.body).success).toBe(true);
    // Again: still one like.
    expect(
      (await answer(api(`/api/video/${videoId}/reaction`, ana.token, "PUT", { reaction: "like" }))).body,
    ).toMatchObject({ likes: 1 });
    // Ben likes on the page; Ana switches to dislike through the API.
    expect((await pageForm(ben.token, "like")).status).toBe(302);
    expect(
      (await answer(api(`/api/video/${videoId}/reaction`, ana.token, "PUT", { reaction: "dislike" }))).body,
    ).toMatchObject({
      likes: 1,
      dislikes: 1,
      reaction: "dislike",
    });
    expect(
      (await answer(api(`/api/video/${videoId}/reaction`, ben.token, "PUT", { reaction: "none" }))).body,
    ).toMatchObject({
      likes: 0,
      dislikes: 1,
      reaction: "none",
    });
    expect(await stored()).toMatchObject({ likes: 0, dislikes: 1 });
    expect(await prisma.videoReaction.count()).toBe(1);
  });

  test("the old client's PATCH like and dislike are the same call", async () => {
    const ana = await signedIn("ana");
    expect((await answer(api(`/api/video/like/${videoId}`, ana.token, "PATCH"))).body).toMatchObject({
      likes: 1,
      dislikes: 0,
      reaction: "like",
    });
    expect((await answer(api(`/api/video/dislike/${videoId}`, ana.token, "PATCH"))).body).toMatchObject({
      likes: 0,
      dislikes: 1,
      reaction: "dislike",
    });
    expect(await stored()).toMatchObject({ likes: 0, dislikes: 1 });
  });

  test("bad reaction 400, unknown or malformed video 404, visitor 401; nothing stored", async () => {
    const ana = await signedIn("ana");
    expect(await answer(api(`/api/video/${videoId}/reaction`, ana.token, "PUT", { reaction: "love" }))).toMatchObject({
      status: 400,
      body: { fieldErrors: { reaction: ["The reaction must be one of like, dislike or none."] } },
    });
    expect((await api(`/api/video/${videoId}/reaction`, ana.token, "PUT", {})).status).toBe(400);
    expect((await api(`/api/video/${"0".repeat(24)}/reaction`, ana.token, "PUT", { reaction: "like" })).status).toBe(
      404,
    );
    expect((await api(`/api/video/not-an-id/reaction`, ana.token, "PUT", { reaction: "like" })).status).toBe(404);
    expect((await api(`/api/video/like/${"0".repeat(24)}`, ana.token, "PATCH")).status).toBe(404);
    expect((await api(`/api/video/${videoId}/reaction`, undefined, "PUT", { reaction: "like" })).status).toBe(401);
    expect(await prisma.videoReaction.count()).toBe(0);
    expect(await stored()).toMatchObject({ likes: 0, dislikes: 0 });
  });
});

describe("POST /api/video/{id}/view", () => {
  test("counts one view per user, video and day, shared with the page's player", async () => {
    const ana = await signedIn("ana");
    const ben = await signedIn("ben");
    const first = await answer(api(`/api/video/${videoId}/view`, ana.token, "POST"));
    expect(first).toMatchObject({ status: 200, body: { _id: videoId, views: 1, counted: true, reaction: "none" } });
    expect(videoViewJsonSchema.safeParse(first.body).success).toBe(true);
    expect((await answer(api(`/api/video/${videoId}/view`, ana.token, "POST"))).body).toMatchObject({
      views: 1,
      counted: false,
    });
    // The old client's call and the page's player count in the same place.
    expect((await answer(api(`/api/video/view/${videoId}`, ana.token, "PATCH"))).body).toMatchObject({
      views: 1,
      counted: false,
    });
    expect((await pageForm(ana.token, "view")).status).toBe(302);
    expect(await stored()).toMatchObject({ views: 1 });
    expect((await answer(api(`/api/video/view/${videoId}`, ben.token, "PATCH"))).body).toMatchObject({
      views: 2,
      counted: true,
    });
    expect(await stored()).toMatchObject({ views: 2 });
    expect(await prisma.videoView.count()).toBe(2);
  });

  test("unknown video 404, visitor 401; nothing counted", async () => {
    const ana = await signedIn("ana");
    expect((await api(`/api/video/${"0".repeat(24)}/view`, ana.token, "POST")).status).toBe(404);
    expect((await api(`/api/video/${videoId}/view`, undefined, "POST")).status).toBe(401);
    expect(await stored()).toMatchObject({ views: 0 });
  });
});
