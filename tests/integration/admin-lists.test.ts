// The admin lists' models: a page and the cursor after it, with a search (decision 046). The counts
// are SQL of their own, so they are held to give the number of rows the searches list, wildcards and case
// included.
import { describe, expect, test } from "vitest";
import { countMatchingFeedback, listFeedback } from "~/models/feedback.server";
import { countMatchingUsers, listUsers } from "~/models/user-json.server";
import { createUser } from "~/models/user.server";
import { countMatchingVideos, listVideos } from "~/models/video.server";
import { prisma } from "~/utils/db.server";

describe("admin lists", () => {
  test("a count is the number of rows its search lists, whatever the query holds", async () => {
    for (const name of ["a_b", "axb", "A%B", "aZZb", "Ab\\c"]) {
      await createUser({
        username: name,
        email: `${name.replace(/\W/g, "x")}${Math.random().toString(36).slice(2)}@example.test`,
        password: "pass1234",
      });
    }
    await prisma.feedback.createMany({
      data: ["50% off", "500 off", "Under_score", "UnderXscore", "back\\slash"].map((feedback) => ({
        feedback,
        username: "u",
        email: "e@example.test",
      })),
    });
    for (const q of ["a_b", "A_B", "a%b", "%", "_", "b\\c", "", "zz", "E", "nothing like it", null]) {
      expect(await countMatchingUsers(q), `users ${q}`).toBe((await listUsers({ q, take: 100 })).users.length);
      expect(await countMatchingFeedback(q), `feedback ${q}`).toBe(
        (await listFeedback({ q, take: 100 })).feedback.length,
      );
    }
  });

  test("pages of a search follow each other without a gap or a repeat, and a cursor we did not make is the first page", async () => {
    for (const name of ["pagea", "pageb", "pagec", "paged", "pagee", "other"])
      await createUser({ username: name, email: `${name}@example.test`, password: "pass1234" });
    const at = new Date(Date.UTC(2026, 0, 1));
    // Three at the same moment: only the id orders them.
    await prisma.feedback.createMany({
      data: ["one page", "two page", "three page", "four page", "not this"].map((feedback, i) => ({
        feedback,
        createdAt: i < 3 ? at : new Date(at.getTime() + i),
      })),
    });

    const first = await listUsers({ q: "PAGE", take: 2 });
    const second = await listUsers({ q: "PAGE", cursor: first.next, take: 2 });
    const third = await listUsers({ q: "PAGE", cursor: second.next, take: 2 });
    expect([first, second, third].flatMap((page) => page.users.map((user) => user.username))).toEqual([
      "pagea",
      "pageb",
      "pagec",
      "paged",
      "pagee",
    ]);
    expect(third.next).toBeNull();

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listFeedback>> = await listFeedback({ q: "page", cursor, take: 2 });
      seen.push(...page.feedback.map((row) => row.feedback));
      cursor = page.next;
    } while (cursor);
    expect(seen.slice(0, 1)).toEqual(["four page"]);
    expect(new Set(seen)).toEqual(new Set(["one page", "two page", "three page", "four page"]));
    expect(seen).toHaveLength(4);

    for (const forged of [
      "not-ours",
      Buffer.from('["x","y","z"]').toString("base64url"),
      Buffer.from("[1]").toString("base64url"),
    ]) {
      expect(await listUsers({ q: "page", cursor: forged, take: 2 })).toEqual(first);
    }
    expect(await listFeedback({ q: "page", cursor: "not-ours", take: 2 })).toEqual(
      await listFeedback({ q: "page", take: 2 }),
    );
  });

  test("videos: newest first, those added together by title, a page at a time; a cursor whose video is gone is the first page", async () => {
    const at = new Date(Date.UTC(2026, 0, 1));
    // Five added together (as the seed adds them), two later, one matching no search below.
    const titles = ["Echo walk", "alpha walk", "Delta walk", "charlie walk", "Bravo walk"];
    await prisma.video.createMany({
      data: [
        ...titles.map((title) => ({ title, createdAt: at })),
        { title: "Later walk", createdAt: new Date(at.getTime() + 1000) },
        { title: "Latest walk", createdAt: new Date(at.getTime() + 2000) },
        { title: "Not this one", category: "other", createdAt: new Date(at.getTime() + 3000) },
      ].map((video) => ({
        category: "exercise",
        subCategory: "Stretching",
        url: "https://youtu.be/pSHjTRCQxIw",
        ...video,
      })),
    });
    const seen: string[] = [];
    const pages: Awaited<ReturnType<typeof listVideos>>[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listVideos>> = await listVideos({ q: "WALK", cursor, take: 3 });
      pages.push(page);
      seen.push(...page.videos.map((video) => video.title));
      cursor = page.next;
    } while (cursor);
    // The database's collation orders the titles of one moment; every row once, the later ones first.
    const together = await prisma.video.findMany({
      where: { createdAt: at },
      orderBy: [{ title: "asc" }, { id: "asc" }],
      select: { title: true },
    });
    expect(seen).toEqual(["Latest walk", "Later walk", ...together.map((video) => video.title)]);
    expect(pages.map((page) => page.videos.length)).toEqual([3, 3, 1]);
    expect(await countMatchingVideos("WALK")).toBe(7);
    expect(await countMatchingVideos("")).toBe(8);
    expect(await countMatchingVideos("exercise")).toBe(7);

    // The second page's cursor names the first page's last video; once it is deleted, the cursor shows the first page.
    const second = await listVideos({ q: "walk", cursor: pages[0].next, take: 3 });
    expect(second.videos.map((video) => video.title)).toEqual(pages[1].videos.map((video) => video.title));
    await prisma.video.delete({ where: { id: pages[0].videos[2].id } });
    const first = await listVideos({ q: "walk", take: 3 });
    expect(await listVideos({ q: "walk", cursor: pages[0].next, take: 3 })).toEqual(first);
    expect(await listVideos({ q: "walk", cursor: "not-ours", take: 3 })).toEqual(first);
  });
});
