// Every change an administrator makes, in every admin area and through the API, writes one audit line
// naming who made it, in which area, and what; a refused change writes none.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { createUser } from "~/models/user.server";
import { createReport } from "~/models/report.server";
import { getTrailWithCoordinates, listTrails } from "~/models/trail.server";
import { action } from "~/routes/adminControlPanel/route";
import * as benchCreateApi from "~/routes/api.bench.bench";
import * as benchApi from "~/routes/api.bench.bench.$id";
import * as benchVideoApi from "~/routes/api.bench.bench.$id.add-video";
import * as benchVideoDeleteApi from "~/routes/api.bench.bench.$id.delete-video.$videoId";
import * as feedbackApi from "~/routes/api.feedback_.$id";
import * as noticesApi from "~/routes/api.notices";
import * as noticeApi from "~/routes/api.notices.$id";
import * as reportApi from "~/routes/api.reports.$id";
import * as trailApi from "~/routes/api.trails.$id";
import * as pointApi from "~/routes/api.trails.$id.coordinate.$index";
import * as insertPointApi from "~/routes/api.trails.$id.coordinate";
import * as userApi from "~/routes/api.user.$id";
import * as roleApi from "~/routes/api.user.updateRole.$id";
import * as videoApi from "~/routes/api.video.$id";
import * as videosApi from "~/routes/api.video.videos";
import { trailGeoJson } from "~/lib/trail-export";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute } from "../support/routes";
import { getLoadContext } from "~/http/load-context.server";
import { signedInAccount } from "../support/accounts";

type AuditLine = { msg: string; adminId: string; area: string; action: string; target?: Record<string, string> };

let lines: AuditLine[] = [];
let adminId = "";
let adminCookie = "";
let adminToken = "";
let walkerId = "";
let walkerToken = "";

beforeAll(async () => {
  await seedDatabase(prisma);
  ({ id: adminId, token: adminToken, cookie: adminCookie } = await signedInAccount("Admin", "auditadmin"));
  ({ id: walkerId, token: walkerToken } = await signedInAccount("User", "auditwalker"));
});

// The log writes one JSON object a line to the console (tests keep it silent: here it speaks); the audit
// lines are those named "admin write".
const savedLevel = env.LOG_LEVEL;
beforeEach(() => {
  lines = [];
  Object.assign(env, { LOG_LEVEL: "info" });
  vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    if (typeof line !== "string" || !line.startsWith("{")) return;
    const parsed = JSON.parse(line) as AuditLine;
    if (parsed.msg === "admin write") lines.push(parsed);
  });
});
afterEach(() => {
  Object.assign(env, { LOG_LEVEL: savedLevel });
  vi.restoreAllMocks();
});

/** The audit lines written while `write` ran; it must have succeeded (a redirect or a 2xx). */
async function audited(write: () => Promise<unknown>) {
  const before = lines.length;
  const answer = await write();
  const status =
    answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200);
  const said =
    answer instanceof Response
      ? await answer.clone().text()
      : JSON.stringify((answer as { data?: unknown }).data ?? null);
  expect(status, said).toBeLessThan(400);
  return { answer, written: lines.slice(before) };
}

async function post(option: string, fields: Record<string, string>) {
  const request = new Request(`http://localhost/adminControlPanel?option=${option}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: adminCookie },
    body: new URLSearchParams(fields).toString(),
  });
  return action({ request, params: {}, context: getLoadContext() });
}

type Route = { loader: (args: LoaderFunctionArgs) => unknown; action: (args: ActionFunctionArgs) => unknown };

function api(
  route: Route,
  method: string,
  path: string,
  params: Record<string, string>,
  body?: unknown,
  token = adminToken,
) {
  const headers = new Headers({ Authorization: `Bearer ${token}` });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://localhost${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return route.action({ request, params, context: getLoadContext() }) as Promise<Response>;
}

async function expectOneLine(
  write: () => Promise<unknown>,
  expected: { area: string; action: string; target?: Record<string, string> },
) {
  const { answer, written } = await audited(write);
  expect(written).toEqual([expect.objectContaining({ adminId, ...expected })]);
  return answer;
}

async function goldTrail() {
  const summary = (await listTrails()).find((trail) => trail.color === "gold")!;
  return (await getTrailWithCoordinates(summary.id))!;
}

describe("the admin control panel's areas", () => {
  test("every change in every area writes one audit line with the admin, the area, the intent and the row", async () => {
    // Profiles
    const member = await createUser({
      username: "auditmember",
      email: "auditmember@example.test",
      password: "pass1234",
    });
    await expectOneLine(() => post("profiles", { intent: "changeRole", id: member.id, role: "Admin" }), {
      area: "profiles",
      action: "changeRole",
      target: { id: member.id },
    });
    await expectOneLine(() => post("profiles", { intent: "delete", id: member.id }), {
      area: "profiles",
      action: "delete",
      target: { id: member.id },
    });

    // Videos
    const video = {
      title: "Audit Stretch",
      url: "https://www.youtube.com/watch?v=CQYKNyeBOIY",
      category: "exercise",
      subCategory: "Stretching",
    };
    await expectOneLine(() => post("videos", { intent: "create", ...video, description: "" }), {
      area: "videos",
      action: "create",
    });
    const stored = await prisma.video.findFirstOrThrow({ where: { title: video.title } });
    await expectOneLine(
      () =>
        post("videos", {
          intent: "update",
          id: stored.id,
          version: String(stored.version),
          ...video,
          title: "Audit Stretch 2",
        }),
      {
        area: "videos",
        action: "update",
        target: { id: stored.id },
      },
    );
    await expectOneLine(
      () => post("videos", { intent: "delete", id: stored.id, version: String(stored.version + 1) }),
      {
        area: "videos",
        action: "delete",
        target: { id: stored.id },
      },
    );

    // Feedback
    const feedback = await prisma.feedback.create({
      data: { username: "w", email: "w@example.test", feedback: "The map is great" },
    });
    await expectOneLine(() => post("feedback", { intent: "setStatus", id: feedback.id, isResolved: "true" }), {
      area: "feedback",
      action: "setStatus",
      target: { id: feedback.id },
    });
    await expectOneLine(() => post("feedback", { intent: "delete", id: feedback.id }), {
      area: "feedback",
      action: "delete",
      target: { id: feedback.id },
    });

    // Reports, and the notice one makes
    const trail = await goldTrail();
    const walker = { id: walkerId, username: "auditwalker", email: "auditwalker@example.test" };
    const made = await createReport(walker, {
      trailId: trail.id,
      category: "litter",
      description: "Cans by the bridge",
    });
    if (!made.ok) throw new Error(made.reason);
    const reportId = made.report.id;
    await expectOneLine(
      () => post("reports", { intent: "setStatus", id: reportId, status: "in_progress", note: "On it" }),
      {
        area: "reports",
        action: "setStatus",
        target: { id: reportId },
      },
    );
    await expectOneLine(() => post("reports", { intent: "makeNotice", id: reportId }), {
      area: "reports",
      action: "makeNotice",
      target: { id: reportId },
    });

    // Notices
    const notice = { place: `trail:${trail.id}`, kind: "caution", message: "Audit notice" };
    await expectOneLine(() => post("notices", { intent: "create", ...notice }), { area: "notices", action: "create" });
    const created = await prisma.notice.findFirstOrThrow({ where: { message: "Audit notice" } });
    await expectOneLine(
      () =>
        post("notices", {
          intent: "update",
          id: created.id,
          version: String(created.version),
          ...notice,
          message: "Audit notice 2",
        }),
      {
        area: "notices",
        action: "update",
        target: { id: created.id },
      },
    );
    await expectOneLine(
      () => post("notices", { intent: "end", id: created.id, version: String(created.version + 1) }),
      {
        area: "notices",
        action: "end",
        target: { id: created.id },
      },
    );
    await expectOneLine(
      () => post("notices", { intent: "delete", id: created.id, version: String(created.version + 2) }),
      {
        area: "notices",
        action: "delete",
        target: { id: created.id },
      },
    );

    // Trail: its facts and its points
    const point = (intent: string, index: number, version: number, at = { latitude: "33.98", longitude: "-84.005" }) =>
      post("trail", { intent, trailId: trail.id, version: String(version), index: String(index), ...at });
    for (const [intent, index] of [
      ["save-coordinate", 2],
      ["insert-below", 2],
      ["insert-end", trail.coordinates.length + 1],
      ["delete-coordinate", 3],
    ] as const) {
      const { version } = (await getTrailWithCoordinates(trail.id))!;
      await expectOneLine(() => point(intent, index, version), {
        area: "trail",
        action: intent,
        target: { trailId: trail.id, index: String(index) },
      });
    }
    const { version: factsVersion } = await prisma.trail.findUniqueOrThrow({
      where: { id: trail.id },
      select: { version: true },
    });
    await expectOneLine(
      () => post("trail", { intent: "save-facts", trailId: trail.id, version: String(factsVersion) }),
      {
        area: "trail",
        action: "save-facts",
        target: { trailId: trail.id },
      },
    );

    // Bench: the bench, its facts and its videos
    const benchFields = {
      bench_number: "941",
      location: "By the audit office",
      latitude: "33.981",
      longitude: "-84.004",
      trailId: "",
    };
    await expectOneLine(() => post("bench", { intent: "create-bench", ...benchFields }), {
      area: "bench",
      action: "create-bench",
    });
    const bench = await prisma.bench.findUniqueOrThrow({ where: { benchNumber: 941 } });
    const benchVersion = async () =>
      String((await prisma.bench.findUniqueOrThrow({ where: { id: bench.id } })).version);
    const benchTarget = { benchId: bench.id };
    await expectOneLine(
      async () =>
        post("bench", { intent: "update-bench", benchId: bench.id, version: await benchVersion(), ...benchFields }),
      {
        area: "bench",
        action: "update-bench",
        target: benchTarget,
      },
    );
    await expectOneLine(
      async () => post("bench", { intent: "save-bench-facts", benchId: bench.id, version: await benchVersion() }),
      {
        area: "bench",
        action: "save-bench-facts",
        target: benchTarget,
      },
    );
    await expectOneLine(
      () => post("bench", { intent: "add-video", benchId: bench.id, title: "Stretch", url: video.url }),
      {
        area: "bench",
        action: "add-video",
        target: benchTarget,
      },
    );
    const benchVideo = await prisma.benchVideo.findFirstOrThrow({ where: { benchId: bench.id } });
    await expectOneLine(() => post("bench", { intent: "delete-video", benchId: bench.id, videoId: benchVideo.id }), {
      area: "bench",
      action: "delete-video",
      target: { benchId: bench.id, videoId: benchVideo.id },
    });
    await expectOneLine(
      async () => post("bench", { intent: "delete-bench", benchId: bench.id, version: await benchVersion() }),
      {
        area: "bench",
        action: "delete-bench",
        target: benchTarget,
      },
    );
  });

  test("a refused change writes no audit line", async () => {
    const answer = await post("feedback", { intent: "delete", id: "0".repeat(24) });
    expect((answer as { init?: { status?: number } }).init?.status).toBe(404);
    expect(lines).toEqual([]);
  });
});

describe("a trail's path from a file", () => {
  test("the upload, its Apply and its Cancel each write one audit line", async () => {
    const trail = await goldTrail();
    const file = () => {
      const form = new FormData();
      const geoJson = JSON.stringify(
        trailGeoJson({ name: trail.name, coordinates: trail.coordinates.slice(0, 5) }, []),
      );
      form.append("file", new Blob([geoJson]), "path.geojson");
      return form;
    };
    const upload = () =>
      callRoute(`/adminControlPanel/trail-path?trail=${trail.id}`, {
        method: "POST",
        body: file(),
        sessionId: adminToken,
      });
    const decide = (draftId: string, fields: Record<string, string>) =>
      callRoute(`/adminControlPanel/trail-path/${draftId}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        sessionId: adminToken,
      });
    const draftOf = (answer: unknown) => (answer as Response).headers.get("Location")!.split("/").pop()!;

    const first = draftOf(await expectOneLine(upload, { area: "trail-path", action: "upload" }));
    await expectOneLine(() => decide(first, { intent: "cancel" }), {
      area: "trail-path",
      action: "cancel",
      target: { trailId: trail.id, draftId: first },
    });
    const second = draftOf(await expectOneLine(upload, { area: "trail-path", action: "upload" }));
    const { version } = await prisma.trail.findUniqueOrThrow({ where: { id: trail.id }, select: { version: true } });
    await expectOneLine(() => decide(second, { intent: "apply", version: String(version) }), {
      area: "trail-path",
      action: "apply",
      target: { trailId: trail.id, draftId: second },
    });
  });
});

describe("the API", () => {
  test("every administrator's write writes one audit line naming the area, the method and the path", async () => {
    const trail = await goldTrail();
    const one = (route: Route, method: string, path: string, params: Record<string, string>, body?: unknown) =>
      expectOneLine(() => api(route, method, path, params, body), {
        area: path.split("/")[2],
        action: method,
        target: { path },
      });

    // Benches and their videos
    const created = await one(
      benchCreateApi,
      "POST",
      "/api/bench/bench",
      {},
      { bench_number: 942, location: "API bench", latitude: 33.981, longitude: -84.004 },
    );
    const bench = (await (created as Response).json()) as { _id: string };
    const at = `/api/bench/bench/${bench._id}`;
    await one(benchApi, "PATCH", at, { id: bench._id }, { location: "API bench, moved" });
    await one(
      benchVideoApi,
      "PATCH",
      `${at}/add-video`,
      { id: bench._id },
      { title: "Stretch", url: "https://www.youtube.com/watch?v=CQYKNyeBOIY" },
    );
    const benchVideo = await prisma.benchVideo.findFirstOrThrow({ where: { benchId: bench._id } });
    await one(benchVideoDeleteApi, "PATCH", `${at}/delete-video/${benchVideo.id}`, {
      id: bench._id,
      videoId: benchVideo.id,
    });
    await one(benchApi, "DELETE", at, { id: bench._id });

    // Trails and their points
    await one(trailApi, "PATCH", `/api/trails/${trail.id}`, { id: trail.id }, { restrooms: "By the gate" });
    await one(
      insertPointApi,
      "PATCH",
      `/api/trails/${trail.id}/coordinate`,
      { id: trail.id },
      { index: 1, coordinate: [-84.005, 33.98] },
    );
    await one(
      pointApi,
      "PATCH",
      `/api/trails/${trail.id}/coordinate/1`,
      { id: trail.id, index: "1" },
      { latitude: 33.981, longitude: -84.005 },
    );
    await one(pointApi, "DELETE", `/api/trails/${trail.id}/coordinate/1`, { id: trail.id, index: "1" });

    // Videos
    const video = {
      title: "API Stretch",
      url: "https://www.youtube.com/watch?v=CQYKNyeBOIY",
      category: "exercise",
      subCategory: "Stretching",
    };
    const made = (await ((await one(videosApi, "POST", "/api/video/videos", {}, video)) as Response).json()) as {
      _id: string;
    };
    await one(videoApi, "PATCH", `/api/video/${made._id}`, { id: made._id }, { title: "API Stretch 2" });
    await one(videoApi, "DELETE", `/api/video/${made._id}`, { id: made._id });

    // Notices, feedback, reports, accounts
    const notice = (await (
      (await one(
        noticesApi,
        "POST",
        "/api/notices",
        {},
        { trailId: trail.id, kind: "caution", message: "API notice" },
      )) as Response
    ).json()) as { _id: string };
    await one(noticeApi, "PATCH", `/api/notices/${notice._id}`, { id: notice._id }, { message: "API notice 2" });
    await one(noticeApi, "DELETE", `/api/notices/${notice._id}`, { id: notice._id });
    const feedback = await prisma.feedback.create({
      data: { username: "w", email: "w@example.test", feedback: "More benches" },
    });
    await one(feedbackApi, "PATCH", `/api/feedback/${feedback.id}`, { id: feedback.id }, { isResolved: true });
    await one(feedbackApi, "DELETE", `/api/feedback/${feedback.id}`, { id: feedback.id });
    const report = await createReport(
      { id: walkerId, username: "auditwalker", email: "auditwalker@example.test" },
      {
        trailId: trail.id,
        category: "litter",
        description: "Bottles by the gate",
      },
    );
    if (!report.ok) throw new Error(report.reason);
    await one(reportApi, "PATCH", `/api/reports/${report.report.id}`, { id: report.report.id }, { status: "resolved" });
    const member = await createUser({ username: "apimember", email: "apimember@example.test", password: "pass1234" });
    await one(roleApi, "PATCH", `/api/user/updateRole/${member.id}`, { id: member.id }, { roleType: "Admin" });
    await one(userApi, "DELETE", `/api/user/${member.id}`, { id: member.id });
  });

  test("a refused write, a read and a member's change of their own account write no audit line", async () => {
    expect((await api(videoApi, "DELETE", `/api/video/${"0".repeat(24)}`, { id: "0".repeat(24) })).status).toBe(404);
    const trails = await api(trailApi, "GET", "/api/trails/x", { id: "0".repeat(24) });
    expect(trails.status).toBe(404);
    const own = await api(
      userApi,
      "DELETE",
      `/api/user/${walkerId}`,
      { id: walkerId },
      { currentPassword: "pass1234" },
      walkerToken,
    );
    expect(own.status).toBe(200);
    expect(lines).toEqual([]);
  });
});
