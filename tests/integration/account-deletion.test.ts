import { describe, expect, test } from "vitest";
import { createUser, deleteUserAccount } from "~/models/user.server";
import { reactToVideo, recordView } from "~/models/video.server";
import { prisma } from "~/utils/db.server";

describe("deleting an account", () => {
  test("takes its reactions out of the video totals, in the same transaction as the deletion", async () => {
    const video = await prisma.video.create({
      data: { title: "Totals", url: "https://www.youtube.com/embed/i6TzP2COtow", category: "exercise", subCategory: "Stretching" },
      select: { id: true },
    });
    const leaving = await createUser({ username: "leaving", email: "leaving@example.test", password: "pass1234" });
    const staying = await createUser({ username: "staying", email: "staying@example.test", password: "pass1234" });
    await reactToVideo(leaving.id, video.id, "LIKE");
    await reactToVideo(staying.id, video.id, "DISLIKE");
    await recordView(leaving.id, video.id);

    expect(await deleteUserAccount(leaving.id)).toEqual({ ok: true });

    const after = await prisma.video.findUniqueOrThrow({ where: { id: video.id }, select: { likes: true, dislikes: true, views: true } });
    // A view that happened stays counted; a like from an account that no longer exists does not.
    expect(after).toEqual({ likes: 0, dislikes: 1, views: 1 });
    expect(await prisma.videoReaction.count({ where: { videoId: video.id } })).toBe(1);
    expect(await prisma.user.count({ where: { id: leaving.id } })).toBe(0);
  });
});
