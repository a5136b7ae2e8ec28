import { describe, expect, test } from "vitest";
import { createFeedback } from "~/models/feedback.server";
import { createReport } from "~/models/report.server";
import { createUser, deleteUserAccount } from "~/models/user.server";
import { createSession } from "~/models/session.server";
import { reactToVideo, recordView } from "~/models/video-reactions.server";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute, pageText, textById } from "../support/routes";

describe("deleting an account", () => {
  test("takes its reactions out of the video totals, in the same transaction as the deletion", async () => {
    const video = await prisma.video.create({
      data: {
        title: "Totals",
        url: "https://www.youtube.com/embed/i6TzP2COtow",
        category: "exercise",
        subCategory: "Stretching",
      },
      select: { id: true },
    });
    const leaving = await createUser({ username: "leaving", email: "leaving@example.test", password: "pass1234" });
    const staying = await createUser({ username: "staying", email: "staying@example.test", password: "pass1234" });
    await reactToVideo(leaving.id, video.id, "LIKE");
    await reactToVideo(staying.id, video.id, "DISLIKE");
    await recordView(leaving.id, video.id);

    expect(await deleteUserAccount(leaving.id)).toEqual({ ok: true });

    const after = await prisma.video.findUniqueOrThrow({
      where: { id: video.id },
      select: { likes: true, dislikes: true, views: true },
    });
    // A view that happened stays counted; a like from an account that no longer exists does not.
    expect(after).toEqual({ likes: 0, dislikes: 1, views: 1 });
    expect(await prisma.videoReaction.count({ where: { videoId: video.id } })).toBe(1);
    expect(await prisma.user.count({ where: { id: leaving.id } })).toBe(0);
  });

  test("erases its name and email from its feedback, which the admin list and the API show as from a deleted account", async () => {
    const leaving = await createUser({
      username: "leaving-writer",
      email: "leaving-writer@example.test",
      password: "pass1234",
    });
    const staying = await createUser({
      username: "staying-writer",
      email: "staying-writer@example.test",
      password: "pass1234",
    });
    const admin = await createUser({
      username: "feedback-admin",
      email: "feedback-admin@example.test",
      password: "pass1234",
      role: "Admin",
    });
    await createFeedback(leaving, "Benches need shade");
    await createFeedback(staying, "Great trails");

    // Through the API, as the person deleting their own account.
    const own = await createSession(leaving.id);
    const headers = { Authorization: `Bearer ${own.id}`, "Content-Type": "application/json" };
    const body = JSON.stringify({ currentPassword: "pass1234" });
    expect((await callRoute(`/api/user/${leaving.id}`, { method: "DELETE", headers, body })).status).toBe(200);

    const rows = await prisma.feedback.findMany({
      orderBy: { feedback: "asc" },
      select: { username: true, email: true, feedback: true, userId: true },
    });
    expect(rows).toEqual([
      { username: null, email: null, feedback: "Benches need shade", userId: null },
      {
        username: "staying-writer",
        email: "staying-writer@example.test",
        feedback: "Great trails",
        userId: staying.id,
      },
    ]);

    const session = await createSession(admin.id);
    const page = await pageText(await callRoute("/adminControlPanel?option=feedback", { sessionId: session.id }));
    expect(page).toContain("deleted account");
    expect(page).toContain("Benches need shade");
    expect(page).not.toContain("leaving-writer");

    const list = await callRoute("/api/feedback", { headers: { Authorization: `Bearer ${session.id}` } });
    const json = (await list.json()) as { username: string | null; email: string | null; feedback: string }[];
    // The API holds the old types (docs/api.md): a neutral name and an empty email, never the erased ones.
    expect(json.find((row) => row.feedback === "Benches need shade")).toMatchObject({
      username: "deleted account",
      email: "",
    });
  });

  test("erases its name and email from its reports, which stay in the admins' queue as from a deleted account", async () => {
    await seedDatabase(prisma);
    const trail = await prisma.trail.findFirstOrThrow({ select: { id: true } });
    const leaving = await createUser({
      username: "leaving-reporter",
      email: "leaving-reporter@example.test",
      password: "pass1234",
    });
    const staying = await createUser({
      username: "staying-reporter",
      email: "staying-reporter@example.test",
      password: "pass1234",
    });
    const admin = await createUser({
      username: "report-admin",
      email: "report-admin@example.test",
      password: "pass1234",
      role: "Admin",
    });
    await createReport(leaving, { trailId: trail.id, category: "flooded", description: "Flooded underpass" });
    await createReport(staying, { trailId: trail.id, category: "litter", description: "Litter by the pond" });

    // Through the profile page's own form, as the person deleting their account.
    const own = await createSession(leaving.id);
    const form = (currentPassword: string) => new URLSearchParams({ intent: "delete", currentPassword });
    // The page asks for the current password, says so when it is missing or wrong, and deletes nothing then.
    for (const [typed, message] of [
      ["", "Enter your current password to delete your profile."],
      ["not-it", "The current password is not correct."],
    ]) {
      const refused = await callRoute("/userControlPanel", { method: "POST", sessionId: own.id, body: form(typed) });
      expect(refused.status).toBe(typed ? 403 : 400);
      expect(textById(await refused.text(), "delete-profile-form-currentPassword-error")).toBe(message);
    }
    expect(await prisma.user.count({ where: { id: leaving.id } })).toBe(1);
    const deleted = await callRoute("/userControlPanel", { method: "POST", sessionId: own.id, body: form("pass1234") });
    expect(deleted.status).toBe(302);

    const rows = await prisma.report.findMany({
      orderBy: { description: "asc" },
      select: { username: true, email: true, description: true, userId: true },
    });
    expect(rows).toEqual([
      { username: null, email: null, description: "Flooded underpass", userId: null },
      {
        username: "staying-reporter",
        email: "staying-reporter@example.test",
        description: "Litter by the pond",
        userId: staying.id,
      },
    ]);

    const session = await createSession(admin.id);
    const page = await pageText(await callRoute("/adminControlPanel?option=reports", { sessionId: session.id }));
    expect(page).toContain("From a deleted account");
    expect(page).toContain("Flooded underpass");
    expect(page).not.toContain("leaving-reporter");

    const list = (await (
      await callRoute("/api/reports", { headers: { Authorization: `Bearer ${session.id}` } })
    ).json()) as { description: string }[];
    expect(list.find((row) => row.description === "Flooded underpass")).toMatchObject({ username: null, email: null });
  });
});
