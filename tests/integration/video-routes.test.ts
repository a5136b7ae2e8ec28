// The video pages' loaders and forms as the server runs them, with a real session and database. The
// pages ship no JavaScript: play and reactions are plain forms answered with a redirect to the card.
import { beforeEach, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { recordView } from "~/models/video-reactions.server";
import { updateVideo } from "~/models/video.server";
import { action, loader } from "~/routes/videos.$videoId";
import { action as libraryAction, loader as libraryLoader } from "~/routes/nutritionandHydration";
import { database, prisma } from "~/utils/db.server";
import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession } from "~/models/session.server";
import { truncateAll } from "../support/database-template";
import { callRoute, textById } from "../support/routes";
import { thrown } from "../support/thrown";
import { getLoadContext } from "~/http/load-context.server";

let cookie = "";
let sessionId = "";
let userId = "";
let videoId = "";

beforeEach(async () => {
  await truncateAll(database);
  const user = await createUser({ username: "walker", email: "walker@example.test", password: "secret-pw" });
  userId = user.id;
  sessionId = (await createSession(user.id)).id;
  cookie = await commitSessionCookie(sessionId);
  videoId = (
    await prisma.video.create({
      data: { title: "Water", subCategory: "Hydration", category: "hydration", url: "https://youtu.be/xTUmZcxf_tI" },
    })
  ).id;
});

function form(path: string, fields: Record<string, string>, withCookie = true) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: withCookie ? { Cookie: cookie } : {},
  });
}

function post(fields: Record<string, string>, id = videoId, withCookie = true) {
  return action({
    request: form(`/videos/${id}`, fields, withCookie),
    params: { videoId: id },
    context: getLoadContext(),
  });
}

function postToLibrary(fields: Record<string, string>, withCookie = true) {
  return libraryAction({
    request: form("/nutritionandHydration", fields, withCookie),
    params: {},
    context: getLoadContext(),
  });
}

type Refused = { data: unknown; init: ResponseInit };

const video = () => prisma.video.findUniqueOrThrow({ where: { id: videoId } });
const cardOf = (id: string) => `/nutritionandHydration#video-${id}`;

describe("watch page", () => {
  test("showing it changes nothing; the player address is on the privacy-enhanced host; back leads to the card", async () => {
    const request = new Request(`http://localhost/videos/${videoId}?play=1`, { headers: { Cookie: cookie } });
    const result = await loader({ request, params: { videoId }, context: getLoadContext() });
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
    expect(result.topic).toEqual({ title: "Nutrition and Hydration", path: cardOf(videoId) });
    expect((await video()).views).toBe(0);
    expect(await prisma.videoView.count()).toBe(0);
  });

  test("the play form counts the view once a day and redirects to the page with the player", async () => {
    const response = (await post({ intent: "view" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/videos/${videoId}?play=1`);
    expect((await video()).views).toBe(1);
    expect(((await post({ intent: "view" })) as Response).headers.get("Location")).toBe(`/videos/${videoId}?play=1`);
    expect((await video()).views).toBe(1);
  });

  test("a reaction returns to the page it came from (with its player), never to another site", async () => {
    const back = (await post({ intent: "dislike", returnTo: `/videos/${videoId}?play=1` })) as Response;
    expect(back.headers.get("Location")).toBe(`/videos/${videoId}?play=1`);
    expect(await prisma.videoReaction.findMany({ select: { userId: true, value: true } })).toEqual([
      { userId, value: "DISLIKE" },
    ]);
    for (const returnTo of [
      "//evil.example/",
      "/\t/evil.example",
      "\\\\evil.example",
      "/%5Cevil.example",
      "/\n/evil.example",
      "https://evil.example/",
    ]) {
      const offsite = (await post({ intent: "like", returnTo })) as Response;
      expect(offsite.headers.get("Location"), returnTo).toBe(`/videos/${videoId}`);
    }
  });

  test("an unknown intent answers 400 and changes nothing", async () => {
    const result = (await post({ intent: "love" })) as unknown as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({ error: "Choose like, dislike or remove.", videoId });
    expect(await video()).toMatchObject({ likes: 0, dislikes: 0, views: 0 });
  });

  test("an unknown video answers 404; a malformed id is not a page", async () => {
    const gone = (await post({ intent: "like" }, "0123456789abcdef01234567")) as unknown as Refused;
    expect(gone.init.status).toBe(404);
    expect(gone.data).toEqual({ error: "Video not found.", videoId: null });
    expect((await thrown(post({ intent: "view" }, "nope"))).status).toBe(404);
    expect(await prisma.videoReaction.count()).toBe(0);
    expect(await prisma.videoView.count()).toBe(0);
  });

  test("visitors are sent to sign in and nothing is stored", async () => {
    const response = await thrown(post({ intent: "like" }, videoId, false));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/authorization\?formType=signin&redirectTo=/);
    expect(await prisma.videoReaction.count()).toBe(0);
  });
});

describe("library page", () => {
  test("lists the topic's videos with the viewer's own reaction", async () => {
    await post({ intent: "like" });
    const request = new Request("http://localhost/nutritionandHydration", { headers: { Cookie: cookie } });
    const result = await libraryLoader({ request, params: {}, context: getLoadContext() });
    expect(result.slug).toBe("nutritionandHydration");
    expect(result.videos.map((v) => [v.title, v.likes, v.myReaction])).toEqual([["Water", 1, "LIKE"]]);
    expect(result.playing).toBeNull();
  });

  test("?play shows the player of a card on the page, and only of one", async () => {
    const playing = async (query: string) => {
      const request = new Request(`http://localhost/nutritionandHydration${query}`, { headers: { Cookie: cookie } });
      return (await libraryLoader({ request, params: {}, context: getLoadContext() })).playing;
    };
    expect(await playing(`?play=${videoId}`)).toBe(videoId);
    expect(await playing("?play=0123456789abcdef01234567")).toBeNull();
    expect(await playing("?play=%3Cscript%3E")).toBeNull();
    expect((await video()).views).toBe(0);
  });

  test("play counts the view once a day and comes back to the card with its player, autoplaying", async () => {
    const response = (await postToLibrary({ intent: "view", videoId })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/nutritionandHydration?play=${videoId}#video-${videoId}`);
    expect(((await postToLibrary({ intent: "view", videoId })) as Response).status).toBe(302);
    expect(await video()).toMatchObject({ views: 1 });
    expect(await prisma.videoView.findMany({ select: { userId: true, videoId: true } })).toEqual([{ userId, videoId }]);

    const page = await callRoute(`/nutritionandHydration?play=${videoId}`, { sessionId });
    const html = await page.text();
    expect(html).toContain(`src="https://www.youtube-nocookie.com/embed/xTUmZcxf_tI?autoplay=1"`);
    expect(html).not.toMatch(/<script/i);
    expect(textById(html, `video-${videoId}`)).toContain("1 view");
  });

  test("like, dislike and clear come back to the card with the new totals and the person's reaction", async () => {
    const press = async (intent: string) => {
      const response = (await postToLibrary({ intent, videoId, returnTo: cardOf(videoId) })) as Response;
      expect(response.headers.get("Location")).toBe(cardOf(videoId));
      const page = await (await callRoute("/nutritionandHydration", { sessionId })).text();
      const cardHtml = page.slice(page.indexOf(`id="video-${videoId}"`));
      return {
        text: textById(page, `video-${videoId}`),
        pressed: [...cardHtml.matchAll(/aria-pressed="(true|false)"/g)].slice(0, 2).map((match) => match[1]),
      };
    };
    expect(await press("like")).toMatchObject({ pressed: ["true", "false"] });
    expect((await press("like")).text).toContain("You liked this video.");
    expect(await video()).toMatchObject({ likes: 1, dislikes: 0 });
    const disliked = await press("dislike");
    expect(disliked.text).toContain("You disliked this video.");
    expect(disliked.pressed).toEqual(["false", "true"]);
    expect(await video()).toMatchObject({ likes: 0, dislikes: 1 });
    const cleared = await press("clear");
    expect(cleared.text).not.toMatch(/You (dis)?liked this video/);
    expect(cleared.pressed).toEqual(["false", "false"]);
    expect(await video()).toMatchObject({ likes: 0, dislikes: 0 });
    expect(await prisma.videoReaction.count()).toBe(0);
  });

  test("a reaction on a playing card keeps its player; a forged returnTo falls back to the card", async () => {
    const playing = `/nutritionandHydration?play=${videoId}#video-${videoId}`;
    expect(
      ((await postToLibrary({ intent: "like", videoId, returnTo: playing })) as Response).headers.get("Location"),
    ).toBe(playing);
    for (const returnTo of ["//evil.example/", "/\t/evil.example", "https://evil.example/#video"]) {
      const response = (await postToLibrary({ intent: "like", videoId, returnTo })) as Response;
      expect(response.headers.get("Location"), returnTo).toBe(cardOf(videoId));
    }
  });

  test("a form without a video or with an unknown one answers 404 with a sentence on the page, and stores nothing", async () => {
    const forms: Record<string, string>[] = [
      { intent: "like" },
      { intent: "view", videoId: "nope" },
      { intent: "like", videoId: "0123456789abcdef01234567" },
    ];
    for (const fields of forms) {
      const refused = (await postToLibrary(fields)) as unknown as Refused;
      expect(refused.init.status, JSON.stringify(fields)).toBe(404);
      expect(refused.data).toEqual({ error: "Video not found.", videoId: null });
    }
    const page = await callRoute("/nutritionandHydration", {
      method: "POST",
      sessionId,
      body: new URLSearchParams({ intent: "like", videoId: "0123456789abcdef01234567" }),
    });
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain('<p role="alert" class="field-error mb-6">Video not found.</p>');
    expect(html).toContain(`id="video-${videoId}"`);
    expect(await prisma.videoReaction.count()).toBe(0);
    expect(await prisma.videoView.count()).toBe(0);
  });

  test("an unknown intent is refused beside its card with 400", async () => {
    const page = await callRoute("/nutritionandHydration", {
      method: "POST",
      sessionId,
      body: new URLSearchParams({ intent: "love", videoId }),
    });
    expect(page.status).toBe(400);
    expect(textById(await page.text(), `video-${videoId}`)).toContain("Choose like, dislike or remove.");
    expect(await video()).toMatchObject({ likes: 0, dislikes: 0, views: 0 });
  });

  test("visitors are sent to sign in and nothing is stored", async () => {
    const response = await thrown(postToLibrary({ intent: "like", videoId }, false));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/authorization\?formType=signin&redirectTo=/);
    expect(await prisma.videoReaction.count()).toBe(0);
  });
});

// Decision 065: each card's shared part is rendered once and reused; what differs per person is rendered per request.
describe("a library page's cards, shared and per person", () => {
  const card = (html: string) => {
    const start = html.indexOf(`<article id="video-${videoId}"`);
    return html.slice(start, html.indexOf("</article>", start) + "</article>".length);
  };
  /** Everything up to the view count: the preview with its play form, the title and the category. */
  const sharedPart = (html: string) => html.slice(0, html.indexOf('<p class="text-sm text-stone-600">'));

  test("two people get the same shared markup and their own counts and reactions", async () => {
    const other = await createUser({ username: "strider", email: "strider@example.test", password: "secret-pw" });
    const otherSession = (await createSession(other.id)).id;
    await postToLibrary({ intent: "like", videoId, returnTo: cardOf(videoId) });
    await recordView(other.id, videoId);

    const mine = card(await (await callRoute("/nutritionandHydration", { sessionId })).text());
    const theirs = card(await (await callRoute("/nutritionandHydration", { sessionId: otherSession })).text());
    expect(sharedPart(mine)).toContain(`aria-label="Play video: Water"`);
    expect(sharedPart(mine)).toBe(sharedPart(theirs));
    expect(mine).toContain("You liked this video.");
    expect(mine).toMatch(/aria-pressed="true"[^>]*>.*?<span>1<\/span>/);
    expect(theirs).not.toContain("You liked this video.");
    expect(theirs).not.toContain('aria-pressed="true"');
    expect(theirs).toContain("1 view");
    expect(mine).not.toMatch(/<script|wt-slot/i);
  });

  test("an admin's edit shows on the next request, in the title and in the play button's name", async () => {
    expect(card(await (await callRoute("/nutritionandHydration", { sessionId })).text())).toContain(">Water</h3>");
    const edited = await updateVideo(videoId, { title: "Water <b>& more</b>", description: "Sip before you walk." });
    expect(edited.ok).toBe(true);
    const html = card(await (await callRoute("/nutritionandHydration", { sessionId })).text());
    expect(html).toContain(">Water &lt;b&gt;&amp; more&lt;/b&gt;</h3>");
    expect(html).toContain(`aria-label="Play video: Water &lt;b&gt;&amp; more&lt;/b&gt;"`);
    expect(html).toContain("Sip before you walk.");
    expect(html).not.toContain(">Water</h3>");
    expect(html).not.toContain("<b>");
  });
});
