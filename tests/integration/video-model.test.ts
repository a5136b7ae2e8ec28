import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, test } from "vitest";
import { createUser, deleteUserAccount } from "~/models/user.server";
import { getVideo, listVideosBySubCategories } from "~/models/video-library.server";
import { reactToVideo, recordView, utcDay } from "~/models/video-reactions.server";
import { database, prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { VIDEO_TOPICS } from "~/lib/video-topics";
import { truncateAll } from "../support/database-template";

type SeedVideo = { title: string; subCategory: string };
const seedVideos = JSON.parse(readFileSync("prisma/seed-data/videos.json", "utf8")) as SeedVideo[];

let userCount = 0;
function newUser() {
  userCount += 1;
  return createUser({
    username: `viewer${userCount}`,
    email: `viewer${userCount}@example.test`,
    password: "secret-pw",
  });
}

async function newVideo(title = "A video", subCategory = "Stretching") {
  return prisma.video.create({
    data: { title, subCategory, category: "health", url: "https://www.youtube.com/embed/xTUmZcxf_tI" },
    select: { id: true },
  });
}

async function storedTotals(videoId: string) {
  const video = await prisma.video.findUniqueOrThrow({
    where: { id: videoId },
    select: { likes: true, dislikes: true },
  });
  const rows = await prisma.videoReaction.findMany({ where: { videoId }, select: { value: true } });
  return {
    ...video,
    likeRows: rows.filter((r) => r.value === "LIKE").length,
    dislikeRows: rows.filter((r) => r.value === "DISLIKE").length,
  };
}

beforeEach(async () => {
  await truncateAll(database);
});

describe("listing by subCategory", () => {
  test("each topic lists exactly its subCategories' seeded videos, nutrition before hydration", async () => {
    await seedDatabase(prisma);
    for (const topic of VIDEO_TOPICS) {
      const listed = await listVideosBySubCategories(topic.subCategories);
      const expected = topic.subCategories.flatMap((sub) =>
        seedVideos.filter((v) => v.subCategory === sub).map((v) => v.title),
      );
      expect(listed.map((v) => v.title).sort(), topic.slug).toEqual([...expected].sort());
      // Grouped in the topic's subCategory order.
      const groupOrder = listed.map((v) => topic.subCategories.indexOf(v.subCategory as never));
      expect(groupOrder, topic.slug).toEqual([...groupOrder].sort((a, b) => a - b));
    }
    const nutrition = await listVideosBySubCategories(["Nutrition", "Hydration"]);
    expect(nutrition.map((v) => v.subCategory)).toEqual([
      "Nutrition",
      "Nutrition",
      "Nutrition",
      "Hydration",
      "Hydration",
      "Hydration",
    ]);
  });

  test("oldest first within a group, and a group order given by the caller", async () => {
    const first = await prisma.video.create({
      data: {
        title: "Zeta water",
        subCategory: "Hydration",
        category: "hydration",
        url: "u",
        createdAt: new Date("2025-01-01"),
      },
    });
    const second = await prisma.video.create({
      data: {
        title: "Alpha water",
        subCategory: "Hydration",
        category: "hydration",
        url: "u",
        createdAt: new Date("2025-02-01"),
      },
    });
    const food = await prisma.video.create({
      data: {
        title: "Food",
        subCategory: "Nutrition",
        category: "nutrition",
        url: "u",
        createdAt: new Date("2025-03-01"),
      },
    });
    expect((await listVideosBySubCategories(["Nutrition", "Hydration"])).map((v) => v.id)).toEqual([
      food.id,
      first.id,
      second.id,
    ]);
    expect((await listVideosBySubCategories(["Hydration", "Nutrition"])).map((v) => v.id)).toEqual([
      first.id,
      second.id,
      food.id,
    ]);
  });

  test("an empty topic lists nothing", async () => {
    expect(await listVideosBySubCategories(["Injury Prevention"])).toEqual([]);
  });

  test("carries the viewer's own reaction and nobody else's", async () => {
    const video = await newVideo();
    const [alice, bob] = [await newUser(), await newUser()];
    await reactToVideo(alice.id, video.id, "DISLIKE");
    expect((await listVideosBySubCategories(["Stretching"], alice.id))[0]).toMatchObject({
      myReaction: "DISLIKE",
      dislikes: 1,
    });
    expect((await listVideosBySubCategories(["Stretching"], bob.id))[0]).toMatchObject({
      myReaction: null,
      dislikes: 1,
    });
    expect((await listVideosBySubCategories(["Stretching"]))[0].myReaction).toBeNull();
    expect(await getVideo(video.id, alice.id)).toMatchObject({ id: video.id, myReaction: "DISLIKE" });
    expect(await getVideo("0123456789abcdef01234567")).toBeNull();
  });
});

describe("reactions", () => {
  test("like, switch to dislike, remove: one row per user, totals follow", async () => {
    const video = await newVideo();
    const user = await newUser();
    expect(await reactToVideo(user.id, video.id, "LIKE")).toEqual({ likes: 1, dislikes: 0, reaction: "LIKE" });
    expect(await storedTotals(video.id)).toEqual({ likes: 1, dislikes: 0, likeRows: 1, dislikeRows: 0 });
    expect(await reactToVideo(user.id, video.id, "LIKE")).toEqual({ likes: 1, dislikes: 0, reaction: "LIKE" });
    expect(await reactToVideo(user.id, video.id, "DISLIKE")).toEqual({ likes: 0, dislikes: 1, reaction: "DISLIKE" });
    expect(await storedTotals(video.id)).toEqual({ likes: 0, dislikes: 1, likeRows: 0, dislikeRows: 1 });
    expect(await reactToVideo(user.id, video.id, null)).toEqual({ likes: 0, dislikes: 0, reaction: null });
    expect(await storedTotals(video.id)).toEqual({ likes: 0, dislikes: 0, likeRows: 0, dislikeRows: 0 });
    expect(await reactToVideo(user.id, video.id, null)).toEqual({ likes: 0, dislikes: 0, reaction: null });
  });

  test("totals add up over several users", async () => {
    const video = await newVideo();
    const users = [await newUser(), await newUser(), await newUser()];
    await reactToVideo(users[0].id, video.id, "LIKE");
    await reactToVideo(users[1].id, video.id, "LIKE");
    await reactToVideo(users[2].id, video.id, "DISLIKE");
    expect(await storedTotals(video.id)).toEqual({ likes: 2, dislikes: 1, likeRows: 2, dislikeRows: 1 });
    await reactToVideo(users[0].id, video.id, "DISLIKE");
    expect(await storedTotals(video.id)).toEqual({ likes: 1, dislikes: 2, likeRows: 1, dislikeRows: 2 });
  });

  test("a missing video answers null and stores nothing", async () => {
    const user = await newUser();
    expect(await reactToVideo(user.id, "0123456789abcdef01234567", "LIKE")).toBeNull();
    expect(await prisma.videoReaction.count()).toBe(0);
  });

  test("20 concurrent reactions by one user leave totals that match the one stored reaction", async () => {
    const video = await newVideo();
    const user = await newUser();
    const choices = ["LIKE", "DISLIKE", null] as const;
    await Promise.all(Array.from({ length: 20 }, (_, i) => reactToVideo(user.id, video.id, choices[i % 3])));
    const totals = await storedTotals(video.id);
    expect(totals.likes).toBe(totals.likeRows);
    expect(totals.dislikes).toBe(totals.dislikeRows);
    expect(totals.likes + totals.dislikes).toBeLessThanOrEqual(1);
  });

  test("concurrent likes by 12 users are all counted", async () => {
    const video = await newVideo();
    const users = [];
    for (let i = 0; i < 12; i++) users.push(await newUser());
    await Promise.all(users.map((user, i) => reactToVideo(user.id, video.id, i % 4 === 0 ? "DISLIKE" : "LIKE")));
    expect(await storedTotals(video.id)).toEqual({ likes: 9, dislikes: 3, likeRows: 9, dislikeRows: 3 });
  });

  test("deleting an account corrects the totals of every video the user reacted to", async () => {
    const [a, b] = [await newVideo("A"), await newVideo("B")];
    const [leaving, staying] = [await newUser(), await newUser()];
    await reactToVideo(leaving.id, a.id, "LIKE");
    await reactToVideo(leaving.id, b.id, "DISLIKE");
    await reactToVideo(staying.id, a.id, "LIKE");
    expect(await deleteUserAccount(leaving.id)).toEqual({ ok: true });
    expect(await storedTotals(a.id)).toEqual({ likes: 1, dislikes: 0, likeRows: 1, dislikeRows: 0 });
    expect(await storedTotals(b.id)).toEqual({ likes: 0, dislikes: 0, likeRows: 0, dislikeRows: 0 });
  });
});

describe("views", () => {
  test("counted once per user, video and UTC day", async () => {
    const video = await newVideo();
    const [alice, bob] = [await newUser(), await newUser()];
    const morning = new Date("2025-04-01T00:00:01Z");
    const night = new Date("2025-04-01T23:59:59Z");
    const nextDay = new Date("2025-04-02T00:00:00Z");
    expect(await recordView(alice.id, video.id, morning)).toEqual({ counted: true, views: 1 });
    expect(await recordView(alice.id, video.id, night)).toEqual({ counted: false, views: 1 });
    expect(await recordView(bob.id, video.id, night)).toEqual({ counted: true, views: 2 });
    expect(await recordView(alice.id, video.id, nextDay)).toEqual({ counted: true, views: 3 });
    const rows = await prisma.videoView.findMany({
      where: { videoId: video.id },
      orderBy: [{ day: "asc" }, { userId: "asc" }],
    });
    expect(rows.map((r) => [r.userId, utcDay(r.day)])).toEqual(
      [
        [alice.id, "2025-04-01"],
        [bob.id, "2025-04-01"],
        [alice.id, "2025-04-02"],
      ].sort((x, y) => (x[1] === y[1] ? x[0].localeCompare(y[0]) : x[1].localeCompare(y[1]))),
    );
  });

  test("concurrent opens by one user on one day count once", async () => {
    const video = await newVideo();
    const user = await newUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => recordView(user.id, video.id)));
    expect(results.filter((r) => r?.counted)).toHaveLength(1);
    expect((await prisma.video.findUniqueOrThrow({ where: { id: video.id } })).views).toBe(1);
    expect(await prisma.videoView.count()).toBe(1);
  });

  test("a missing video answers null and stores nothing", async () => {
    const user = await newUser();
    expect(await recordView(user.id, "0123456789abcdef01234567")).toBeNull();
    expect(await prisma.videoView.count()).toBe(0);
  });

  test("counting a view does not touch the reaction totals or the edit time", async () => {
    const video = await newVideo();
    const user = await newUser();
    const before = await prisma.video.findUniqueOrThrow({ where: { id: video.id } });
    await reactToVideo(user.id, video.id, "LIKE");
    await recordView(user.id, video.id);
    const after = await prisma.video.findUniqueOrThrow({ where: { id: video.id } });
    expect(after).toMatchObject({ likes: 1, dislikes: 0, views: 1 });
    expect(after.updatedAt).toEqual(before.updatedAt);
  });
});
