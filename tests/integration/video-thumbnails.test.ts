// Video stills: fetched by the server from a stand-in for the video hosts, stored, and served from our
// origin by the production build's own route.
import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { createVideo, deleteVideo, updateVideo } from "~/models/video.server";
import { getVideo, listVideosBySubCategories } from "~/models/video-library.server";
import { toVideoCardData } from "~/models/video-json.server";
import { refreshThumbnail, resetThumbnailOutage, sweepThumbnails } from "~/models/video-thumbnail.server";
import { settleBackgroundJobs } from "~/utils/background.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { truncateAll } from "../support/database-template";
import { callRoute } from "../support/routes";
import { pngOf, startThumbnailHost, type ThumbnailHost } from "../support/thumbnail-host";

// Every statement this file's requests send, to prove what a refused address reads.
const statements = await vi.hoisted(async () => (await import("../support/query-log")).installQueryLog());

let host: ThumbnailHost;
const saved = { ...env };

/** An address nothing listens on: the host is down. */
async function closedOrigin() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

function pointAt(origin: string) {
  Object.assign(env, {
    VIDEO_THUMBNAILS: true,
    VIDEO_THUMBNAIL_HOST: origin,
    VIMEO_OEMBED_HOST: origin,
    VIMEO_THUMBNAIL_HOST: origin,
  });
}

beforeAll(async () => {
  host = await startThumbnailHost();
});
afterAll(async () => {
  Object.assign(env, saved);
  await host.close();
});
beforeEach(async () => {
  await truncateAll(database);
  pointAt(host.origin);
  host.requests.length = 0;
});

async function newVideo(url: string, subCategory = "Stretching") {
  const { id } = await prisma.video.create({
    data: { title: `Video ${url}`, subCategory, category: "health", url },
    select: { id: true },
  });
  return id;
}

const row = (videoId: string) => prisma.videoThumbnail.findUnique({ where: { videoId } });

async function cardOf(videoId: string) {
  return toVideoCardData((await getVideo(videoId))!);
}

describe("fetching a video's still", () => {
  test("a YouTube still is stored with its type and size read from its bytes, and served from our origin", async () => {
    const id = await newVideo("https://www.youtube.com/embed/xTUmZcxf_tI");
    expect(await refreshThumbnail(id)).toBe("stored");
    expect(host.requests).toEqual(["/vi/xTUmZcxf_tI/hqdefault.jpg"]);
    // The stand-in says image/jpeg; the bytes are a PNG, and that is what is stored and served.
    const stored = await row(id);
    expect(stored).toMatchObject({
      contentType: "image/png",
      width: 480,
      height: 360,
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(stored?.hash).toMatch(/^[a-f0-9]{64}$/);

    const card = await cardOf(id);
    expect(card.thumbnail).toEqual({
      src: `/thumbnails/${id}-${stored!.hash!.slice(0, 16)}.png`,
      width: 480,
      height: 360,
    });

    const response = await callRoute(card.thumbnail!.src);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(stored!.bytes!))).toBe(true);

    // Once stored, it is not fetched again.
    expect(await refreshThumbnail(id)).toBe("skipped");
    expect(await sweepThumbnails()).toEqual([]);
    expect(host.requests).toHaveLength(1);
  });

  test("a Vimeo still is found through oEmbed and fetched from the image host it names", async () => {
    const id = await newVideo("https://player.vimeo.com/video/76979871?h=8272103f6e");
    expect(await refreshThumbnail(id)).toBe("stored");
    expect(host.requests[0]).toBe(
      `/api/oembed.json?url=${encodeURIComponent("https://vimeo.com/76979871/8272103f6e")}&width=640`,
    );
    expect(host.requests[1]).toBe("/video/76979871-d_640");
    expect(await row(id)).toMatchObject({ contentType: "image/png", width: 640, height: 360 });
    expect((await cardOf(id)).thumbnail?.src).toMatch(new RegExp(`^/thumbnails/${id}-[a-f0-9]{16}\\.png$`));
  });

  test("a still the oEmbed answer places on another host is not fetched", async () => {
    const id = await newVideo("https://vimeo.com/76979871");
    env.VIMEO_THUMBNAIL_HOST = "https://i.vimeocdn.com";
    expect(await refreshThumbnail(id)).toBe("failed: bad-answer");
    expect(host.requests).toHaveLength(1);
    expect((await cardOf(id)).thumbnail).toBeNull();
  });

  test("an unreachable host is tried again later, with a longer wait after each failure", async () => {
    const id = await newVideo("https://youtu.be/xTUmZcxf_tI");
    pointAt(await closedOrigin());
    const start = new Date();
    expect(await refreshThumbnail(id, { now: start })).toBe("failed: unreachable");
    const first = await row(id);
    expect(first).toMatchObject({ attempts: 1, hash: null });
    expect(first!.nextAttemptAt!.getTime() - start.getTime()).toBe(60_000);
    expect((await cardOf(id)).thumbnail).toBeNull();

    // Not due yet: nothing is tried.
    expect(await sweepThumbnails({ now: new Date(start.getTime() + 30_000) })).toEqual([]);
    const later = new Date(start.getTime() + 61_000);
    expect(await sweepThumbnails({ now: later })).toEqual(["failed: unreachable"]);
    expect((await row(id))!.nextAttemptAt!.getTime() - later.getTime()).toBe(120_000);

    // The host is back: the next due sweep stores the still.
    pointAt(host.origin);
    expect(await sweepThumbnails({ now: new Date(later.getTime() + 121_000) })).toEqual(["stored"]);
    expect((await cardOf(id)).thumbnail).toMatchObject({ width: 480, height: 360 });
  });

  test("an outage is logged once when it begins and once when it ends, not at every sweep", async () => {
    const id = await newVideo("https://youtu.be/xTUmZcxf_tI");
    resetThumbnailOutage();
    Object.assign(env, { LOG_LEVEL: "info" });
    const lines: { level: string; msg: string }[] = [];
    const capture = (line: unknown) => lines.push(JSON.parse(String(line)));
    const errors = vi.spyOn(console, "error").mockImplementation(capture);
    const infos = vi.spyOn(console, "log").mockImplementation(capture);
    try {
      pointAt(await closedOrigin());
      let now = new Date();
      for (let sweep = 0; sweep < 5; sweep++) {
        expect(await sweepThumbnails({ now })).toEqual(["failed: unreachable"]);
        now = new Date((await row(id))!.nextAttemptAt!.getTime() + 1_000);
      }
      expect(lines.map((line) => `${line.level} ${line.msg}`)).toEqual([
        "warn video thumbnails not fetched; retried later",
      ]);
      pointAt(host.origin);
      expect(await sweepThumbnails({ now })).toEqual(["stored"]);
      expect(lines.map((line) => `${line.level} ${line.msg}`).slice(1)).toEqual([
        "info video thumbnails fetched again",
      ]);
    } finally {
      errors.mockRestore();
      infos.mockRestore();
      Object.assign(env, { LOG_LEVEL: saved.LOG_LEVEL });
    }
  });

  test("a connection cut mid-answer counts as unreachable", async () => {
    const id = await newVideo("https://youtu.be/die45678901");
    expect(await refreshThumbnail(id)).toBe("failed: unreachable");
  });

  test("too large, not a picture, or missing: nothing is stored, and the next try waits hours", async () => {
    const big = await newVideo("https://youtu.be/big45678901");
    const page = await newVideo("https://youtu.be/htm45678901");
    const missing = await newVideo("https://youtu.be/40445678901");
    const now = new Date();
    expect(await refreshThumbnail(big, { now })).toBe("failed: too-large");
    expect(await refreshThumbnail(page, { now })).toBe("failed: not-an-image");
    expect(await refreshThumbnail(missing, { now })).toBe("failed: not-found");
    for (const id of [big, page, missing]) {
      const stored = await row(id);
      expect(stored).toMatchObject({ bytes: null, hash: null, attempts: 1 });
      expect(stored!.nextAttemptAt!.getTime() - now.getTime()).toBe(6 * 60 * 60_000);
    }
    // A smaller cap refuses what the default accepts, while it streams in.
    const small = await newVideo("https://youtu.be/xTUmZcxf_tI");
    expect(await refreshThumbnail(small, { limits: { timeoutMs: 5_000, maxBytes: 100 } })).toBe("failed: too-large");
  });

  test("files and other pages have no still on a host: nothing is fetched and the topic's illustration shows", async () => {
    const file = await newVideo("https://media.example.edu/walk.mp4", "Nutrition");
    const page = await newVideo("https://example.org/stretching", "Injury Prevention");
    expect(await refreshThumbnail(file)).toBe("none");
    expect(await sweepThumbnails()).toEqual([]);
    expect(host.requests).toEqual([]);
    expect(await cardOf(file)).toMatchObject({ thumbnail: null, topic: "nutrition" });
    expect(await cardOf(page)).toMatchObject({ thumbnail: null, topic: "injury" });
  });
});

describe("when videos are added, changed, seeded and deleted", () => {
  test("adding a video fetches its still after the answer; a new link fetches the new still", async () => {
    const video = await createVideo({
      title: "Calf stretch",
      url: "https://www.youtube.com/embed/aaaaaaaaaaa",
      category: "health",
      subCategory: "Stretching",
    });
    expect(await settleBackgroundJobs()).toBe(true);
    const first = (await cardOf(video.id)).thumbnail;
    expect(first).not.toBeNull();

    await updateVideo(video.id, { url: "https://www.youtube.com/embed/bbbbbbbbbbb" });
    // Until the new still arrives the old one is not shown for the new link.
    expect((await cardOf(video.id)).thumbnail).toBeNull();
    expect(await settleBackgroundJobs()).toBe(true);
    const second = (await cardOf(video.id)).thumbnail;
    expect(second?.src).not.toBe(first?.src);
    expect((await callRoute(first!.src)).status).toBe(404);
    expect((await callRoute(second!.src)).status).toBe(200);

    // A title edit fetches nothing.
    host.requests.length = 0;
    await updateVideo(video.id, { title: "Calf stretch, slowly" });
    expect(await settleBackgroundJobs()).toBe(true);
    expect(host.requests).toEqual([]);
  });

  test("the start-up sweep fetches the stills of videos that have none, such as seeded ones", async () => {
    const ids = await Promise.all(
      ["ccccccccccc", "ddddddddddd", "eeeeeeeeeee"].map((id) => newVideo(`https://www.youtube.com/embed/${id}`)),
    );
    expect(await sweepThumbnails()).toEqual(["stored", "stored", "stored"]);
    for (const id of ids) expect((await cardOf(id)).thumbnail).not.toBeNull();
  });

  test("with VIDEO_THUMBNAILS off nothing is fetched", async () => {
    env.VIDEO_THUMBNAILS = false;
    await createVideo({
      title: "Quiet",
      url: "https://www.youtube.com/embed/fffffffffff",
      category: "health",
      subCategory: "Stretching",
    });
    expect(await settleBackgroundJobs()).toBe(true);
    expect(host.requests).toEqual([]);
  });

  test("deleting a video deletes its still, and its address answers 404", async () => {
    const id = await newVideo("https://www.youtube.com/embed/ggggggggggg");
    await refreshThumbnail(id);
    const src = (await cardOf(id)).thumbnail!.src;
    expect(await deleteVideo(id)).toEqual({ ok: true });
    expect(await prisma.videoThumbnail.count()).toBe(0);
    expect((await callRoute(src)).status).toBe(404);
  });

  test("the cached library shows a still as soon as it is stored; a failed attempt moves no data version", async () => {
    const id = await newVideo("https://www.youtube.com/embed/hhhhhhhhhhh", "Hydration");
    const shown = async () =>
      (await listVideosBySubCategories(["Hydration"])).map((video) => toVideoCardData(video).thumbnail);
    expect(await shown()).toEqual([null]);

    const version = async () => (await prisma.dataVersion.findUnique({ where: { name: "videos" } }))?.version;
    const before = await version();
    pointAt(await closedOrigin());
    await refreshThumbnail(id);
    expect(await version()).toBe(before);

    pointAt(host.origin);
    await prisma.videoThumbnail.update({ where: { videoId: id }, data: { nextAttemptAt: new Date(0) } });
    expect(await refreshThumbnail(id)).toBe("stored");
    expect(await version()).not.toBe(before);
    expect(await shown()).toEqual([expect.objectContaining({ width: 480, height: 360 })]);
  });
});

describe("the served address", () => {
  test("answers 404 for anything but a stored still's exact address", async () => {
    const id = await newVideo("https://www.youtube.com/embed/iiiiiiiiiii");
    await refreshThumbnail(id);
    const src = (await cardOf(id)).thumbnail!.src;
    const wrong = [
      src.replace(/-[a-f0-9]{16}\./, "-0000000000000000."),
      src.replace(".png", ".jpg"),
      src.replace(id, "a".repeat(24)),
      "/thumbnails/nothing.png",
      `${src}.gz`,
    ];
    for (const address of wrong) {
      const response = await callRoute(address);
      expect(response.status, address).toBe(404);
    }
    const missing = await callRoute(src.replace(id, "b".repeat(24)));
    expect(missing.headers.get("Cache-Control")).toBe("no-store");
  });

  test("a refused address reads no picture: its key is looked up first, the bytes only for the address that names them", async () => {
    const id = await newVideo("https://www.youtube.com/embed/kkkkkkkkkkk");
    await refreshThumbnail(id);
    const src = (await cardOf(id)).thumbnail!.src;
    const other = await newVideo("https://www.youtube.com/embed/lllllllllll");
    await refreshThumbnail(other);
    const readsPicture = (sql: string) => /"bytes"/.test(sql);
    const asksForKey = (sql: string) => /"VideoThumbnail"/.test(sql);

    const refused = [
      src.replace(/-[a-f0-9]{16}\./, "-0000000000000000."), // another picture's hash
      src.replace(".png", ".jpg"), // another type
      src.replace(id, other), // another video's still under this one's hash
      src.replace(id, "a".repeat(24)), // no such video
    ];
    for (const address of refused) {
      statements.length = 0;
      expect((await callRoute(address)).status, address).toBe(404);
      // The key was looked up, and nothing that reads the picture was sent.
      expect(statements.filter(asksForKey).length, address).toBeGreaterThan(0);
      expect(statements.filter(readsPicture), address).toEqual([]);
    }
    // A still fetched for the video's old link: its key no longer matches once the link changed.
    await prisma.video.update({ where: { id }, data: { url: "https://www.youtube.com/embed/mmmmmmmmmmm" } });
    statements.length = 0;
    expect((await callRoute(src)).status).toBe(404);
    expect(statements.filter(readsPicture)).toEqual([]);

    // The address that names the picture: the key first, then one read of the bytes, for that hash only.
    await prisma.video.update({ where: { id }, data: { url: "https://www.youtube.com/embed/kkkkkkkkkkk" } });
    statements.length = 0;
    expect((await callRoute(src)).status).toBe(200);
    const reads = statements.filter(readsPicture);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/"hash" = \$\d/);
    expect(statements.findIndex(asksForKey)).toBeLessThan(statements.indexOf(reads[0]));
  });

  test("the stand-in's picture is what the browser gets", async () => {
    const id = await newVideo("https://www.youtube.com/embed/jjjjjjjjjjj");
    await refreshThumbnail(id);
    const body = Buffer.from(await (await callRoute((await cardOf(id)).thumbnail!.src)).arrayBuffer());
    expect(body.subarray(0, 8).equals(pngOf(1, 1, [0, 0, 0]).subarray(0, 8))).toBe(true);
  });
});
