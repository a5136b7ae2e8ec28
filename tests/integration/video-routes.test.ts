// The watch page's loader and action as the server runs them, with a real session and database.
import { beforeEach, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { action, loader } from "~/routes/videos.$videoId";
import { loader as libraryLoader } from "~/routes/nutritionandHydration";
import { database, prisma } from "~/utils/db.server";
import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession } from "~/models/session.server";
import { truncateAll } from "../support/database-template";
import { thrown } from "../support/thrown";

let cookie = "";
let userId = "";
let videoId = "";

beforeEach(async () => {
  await truncateAll(database);
  const user = await createUser({ username: "walker", email: "walker@example.test", password: "secret-pw" });
  userId = user.id;
  cookie = await commitSessionCookie((await createSession(user.id)).id);
  videoId = (
    await prisma.video.create({
      data: { title: "Water", subCategory: "Hydration", category: "hydration", url: "https://youtu.be/xTUmZcxf_tI" },
    })
  ).id;
});

function post(fields: Record<string, string>, id = videoId, withCookie = true) {
  const request = new Request(`http://localhost/videos/${id}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: withCookie ? { Cookie: cookie } : {},
  });
  return action({ request, params: { videoId: id }, context: {} });
}

const video = () => prisma.video.findUniqueOrThrow({ where: { id: videoId } });

describe("watch page", () => {
  test("showing it changes nothing; the player address is on the privacy-enhanced host", async () => {
    const request = new Request(`http://localhost/videos/${videoId}?play=1`, { headers: { Cookie: cookie } });
    const result = await loader({ request, params: { videoId }, context: {} });
    expect(result.video).toMatchObject({
      title: "Water",
      player: {
        kind: "embed",
        src: "https://www.youtube-nocookie.com/embed/xTUmZcxf_tI",
        hostPage: "https://www.youtube.com/watch?v=xTUmZcxf_tI",
        hostName: "YouTube",
      },
      thumbnail: null,
      topic: "nutrition",
      myReaction: null,
    });
    expect(result.playing).toBe(true);
    expect(result.topic).toEqual({ title: "Nutrition and Hydration", path: "/nutritionandHydration" });
    expect((await video()).views).toBe(0);
    expect(await prisma.videoView.count()).toBe(0);
  });

  test("a plain play form counts the view and redirects to the page with the player", async () => {
    const response = (await post({ intent: "view" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/videos/${videoId}?play=1`);
    expect((await video()).views).toBe(1);
    await post({ intent: "view" });
    expect((await video()).views).toBe(1);
  });

  test("an enhanced submission gets the numbers instead of a redirect", async () => {
    expect(await post({ intent: "view", enhanced: "1" })).toEqual({ views: 1, counted: true });
    expect(await post({ intent: "like", enhanced: "1" })).toEqual({ likes: 1, dislikes: 0, reaction: "LIKE" });
    expect(await post({ intent: "clear", enhanced: "1" })).toEqual({ likes: 0, dislikes: 0, reaction: null });
  });

  test("a plain reaction form returns to the card it came from, never to another site", async () => {
    const back = (await post({ intent: "dislike", returnTo: `/nutritionandHydration#video-${videoId}` })) as Response;
    expect(back.headers.get("Location")).toBe(`/nutritionandHydration#video-${videoId}`);
    expect(await prisma.videoReaction.findMany({ select: { userId: true, value: true } })).toEqual([{ userId, value: "DISLIKE" }]);
    for (const returnTo of ["//evil.example/", "/\t/evil.example", "\\\\evil.example", "/%5Cevil.example", "/\n/evil.example"]) {
      const offsite = (await post({ intent: "like", returnTo })) as Response;
      expect(offsite.headers.get("Location"), returnTo).toBe(`/videos/${videoId}`);
    }
  });

  test("an unknown intent answers 400 and changes nothing", async () => {
    const result = (await post({ intent: "love" })) as unknown as { data: unknown; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({ error: "Choose like, dislike or remove." });
    expect(await video()).toMatchObject({ likes: 0, dislikes: 0, views: 0 });
  });

  test("an unknown or malformed video id answers 404", async () => {
    expect((await thrown(post({ intent: "like" }, "0123456789abcdef01234567"))).status).toBe(404);
    expect((await thrown(post({ intent: "view" }, "nope"))).status).toBe(404);
    expect(await prisma.videoReaction.count()).toBe(0);
  });

  test("visitors are sent to sign in and nothing is stored", async () => {
    const response = await thrown(post({ intent: "like" }, videoId, false));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/authorization\?formType=signin&redirectTo=/);
    expect(await prisma.videoReaction.count()).toBe(0);
  });
});

describe("library loader", () => {
  test("lists the topic's videos with the viewer's own reaction", async () => {
    await post({ intent: "like" });
    const request = new Request("http://localhost/nutritionandHydration", { headers: { Cookie: cookie } });
    const result = await libraryLoader({ request, params: {}, context: {} });
    expect(result.slug).toBe("nutritionandHydration");
    expect(result.videos.map((v) => [v.title, v.likes, v.myReaction])).toEqual([["Water", 1, "LIKE"]]);
  });
});
