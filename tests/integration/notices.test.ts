// Closure and caution notices (decision 051): the model's active window against the real database,
// the schemas' refusals, /api/notices, the admin Notices area and "Turn into a notice", and the walkers'
// pages, through the built app.
import { beforeAll, describe, expect, test } from "vitest";
import { campusTimeInput } from "~/lib/dates";
import { adminAreaUrl, adminOptionLabels, adminOptions } from "~/lib/navigation";
import { countNotices, createNotice, deleteNotice, endNotice, listNotices, updateNotice } from "~/models/notice.server";
import { listActiveNotices, nextNoticeChange } from "~/models/notice-schedule.server";
import { createReport } from "~/models/report.server";
import { createSession } from "~/models/session.server";
import { benchesInTrailOrder, listTrailsWithCoordinates } from "~/models/trail.server";
import { createUser } from "~/models/user.server";
import { noticeCreateFormSchemaFor, noticeEditFormSchemaFor } from "~/schemas/notice-form";
import { noticeInputSchema } from "~/schemas/notice-api";
import { noticeMessages } from "~/schemas/notice";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute, pageText } from "../support/routes";

const GOLD = "673e9addbf9ebe061ef810bf";
const GREEN = "673e9addbf9ebe061ef810c1";
const HOUR = 3_600_000;

env.RATE_LIMIT_FACTOR = 1000;

let goldBench: { id: string; benchNumber: number };
let offTrailBench: { id: string; benchNumber: number };
let admin: { id: string; token: string };
let walkerToken: string;

async function person(prefix: string, role: "User" | "Admin" = "User") {
  const name = `${prefix}${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234", role });
  return { id: user.id, user, token: (await createSession(user.id)).id };
}

function api(
  target: string,
  token: string | null,
  method = "GET",
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const all: Record<string, string> = { "Content-Type": "application/json", ...headers };
  if (token) all.Authorization = `Bearer ${token}`;
  return callRoute(target, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
}

function post(target: string, sessionId: string, fields: Record<string, string>) {
  return callRoute(target, { method: "POST", sessionId, body: new URLSearchParams(fields) });
}

const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

beforeAll(async () => {
  await seedDatabase(prisma);
  const gold = (await listTrailsWithCoordinates()).find((trail) => trail.id === GOLD)!;
  goldBench = (await benchesInTrailOrder(gold))[0].bench;
  offTrailBench = await prisma.bench.create({
    data: { benchNumber: 9200, location: "Far field", latitude: 33.9, longitude: -84.1 },
    select: { id: true, benchNumber: true },
  });
  admin = await person("noticeadmin", "Admin");
  walkerToken = (await person("noticewalker")).token;
});

describe("the notice model", () => {
  test("a notice shows between its start and its end, computed at the time of the read", async () => {
    const bench = offTrailBench.id;
    const now = new Date();
    const open = await createNotice(admin.id, { benchId: bench, kind: "caution", message: "Open-ended" });
    const ended = await prisma.notice.create({
      data: { benchId: bench, kind: "closed", message: "Ended", endsAt: new Date(now.getTime() - 1000) },
    });
    const future = await createNotice(admin.id, {
      benchId: bench,
      kind: "closed",
      message: "Later",
      startsAt: inHours(2),
      endsAt: inHours(3),
    });
    const window = await createNotice(admin.id, {
      benchId: bench,
      kind: "closed",
      message: "Now",
      startsAt: new Date(now.getTime() - HOUR),
      endsAt: inHours(1),
    });
    if (!open.ok || !future.ok || !window.ok) throw new Error("not created");

    const ids = async (at: Date) => (await listActiveNotices({ benchIds: [bench] }, at)).map((row) => row.id);
    // Closures first, then the newest.
    expect(await ids(now)).toEqual([window.notice.id, open.notice.id]);
    expect(await ids(now)).not.toContain(ended.id);
    expect(await ids(now)).not.toContain(future.notice.id);
    // Nothing is stored about being active: the same rows read later are another set.
    expect(await ids(inHours(2.5))).toEqual([future.notice.id, open.notice.id]);
    expect(await ids(inHours(4))).toEqual([open.notice.id]);
    // The next moment anything changes here is the window's end, then the future one's start.
    expect((await nextNoticeChange({ benchIds: [bench] }, now))?.toISOString()).toBe(
      window.notice.endsAt!.toISOString(),
    );
    expect((await nextNoticeChange({ benchIds: [bench] }, inHours(1.5)))?.toISOString()).toBe(
      future.notice.startsAt!.toISOString(),
    );
    await prisma.notice.deleteMany({ where: { benchId: bench } });
  });

  test("the database holds a notice to exactly one place and to an end after its start", async () => {
    await expect(
      prisma.notice.create({ data: { benchId: goldBench.id, trailId: GOLD, kind: "closed", message: "both" } }),
    ).rejects.toThrow();
    await expect(prisma.notice.create({ data: { kind: "closed", message: "neither" } })).rejects.toThrow();
    await expect(
      prisma.notice.create({
        data: { trailId: GOLD, kind: "closed", message: "x", startsAt: inHours(2), endsAt: inHours(1) },
      }),
    ).rejects.toThrow();
  });

  test("an unknown place, an edit from an old version, an end before the start and ending one that is not showing are refused", async () => {
    expect(await createNotice(admin.id, { benchId: "0".repeat(24), kind: "closed", message: "x" })).toEqual({
      ok: false,
      reason: "unknown-bench",
    });
    expect(await createNotice(admin.id, { trailId: "0".repeat(24), kind: "closed", message: "x" })).toEqual({
      ok: false,
      reason: "unknown-trail",
    });
    const made = await createNotice(admin.id, {
      trailId: GREEN,
      kind: "caution",
      message: "Edit me",
      startsAt: inHours(1),
    });
    if (!made.ok) throw new Error(made.reason);
    const { id, version } = made.notice;
    expect(await updateNotice(id, { endsAt: new Date(Date.now() + HOUR / 2) })).toMatchObject({
      ok: false,
      reason: "ends-before-start",
    });
    expect(await endNotice(id)).toMatchObject({ ok: false, reason: "not-active" });
    const saved = await updateNotice(id, { message: "Edited", startsAt: null }, { expectedVersion: version });
    expect(saved).toMatchObject({ ok: true, notice: { message: "Edited", startsAt: null, version: version + 1 } });
    expect(await updateNotice(id, { message: "Late" }, { expectedVersion: version })).toMatchObject({
      ok: false,
      reason: "stale",
    });
    expect(await updateNotice(id, { message: "Late" }, { ifMatch: [version] })).toMatchObject({
      ok: false,
      reason: "precondition-failed",
    });
    expect(await updateNotice(id, { benchId: "0".repeat(24) })).toEqual({ ok: false, reason: "unknown-bench" });
    // Ending it now: it stops showing at once and stays in the ended list.
    const ended = await endNotice(id, { expectedVersion: version + 1 });
    expect(ended.ok).toBe(true);
    expect((await listActiveNotices({ trailIds: [GREEN] })).map((row) => row.id)).not.toContain(id);
    expect((await listNotices({ show: "ended" })).notices.map((row) => row.id)).toContain(id);
    expect(await deleteNotice(id, { expectedVersion: version })).toMatchObject({ ok: false, reason: "stale" });
    expect(await deleteNotice(id)).toEqual({ ok: true });
    expect(await deleteNotice(id)).toEqual({ ok: false, reason: "not-found" });
  });

  test("the schemas refuse a missing message, a place given twice or not at all, an end before the start or in the past, and times without an offset", () => {
    const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messagesOf(noticeInputSchema.safeParse({ trailId: GOLD, kind: "closed", message: "   " }))).toContain(
      noticeMessages.messageRequired,
    );
    expect(
      messagesOf(noticeInputSchema.safeParse({ trailId: GOLD, benchId: goldBench.id, kind: "closed", message: "x" })),
    ).toContain(noticeMessages.placeOne);
    expect(messagesOf(noticeInputSchema.safeParse({ kind: "closed", message: "x" }))).toContain(
      noticeMessages.placeOne,
    );
    expect(messagesOf(noticeInputSchema.safeParse({ trailId: GOLD, kind: "open", message: "x" }))).toContain(
      noticeMessages.kindRequired,
    );
    expect(
      messagesOf(noticeInputSchema.safeParse({ trailId: GOLD, kind: "closed", message: "x".repeat(501) })),
    ).toContain(noticeMessages.messageTooLong);
    const [start, end] = [inHours(3).toISOString(), inHours(2).toISOString()];
    expect(
      messagesOf(
        noticeInputSchema.safeParse({ trailId: GOLD, kind: "closed", message: "x", startsAt: start, endsAt: end }),
      ),
    ).toContain(noticeMessages.endBeforeStart);
    expect(
      messagesOf(
        noticeInputSchema.safeParse({ trailId: GOLD, kind: "closed", message: "x", endsAt: inHours(-1).toISOString() }),
      ),
    ).toContain(noticeMessages.endInPast);
    expect(
      messagesOf(
        noticeInputSchema.safeParse({ trailId: GOLD, kind: "closed", message: "x", endsAt: "2030-01-01T10:00:00" }),
      ),
    ).toContain(noticeMessages.isoInvalid);
    // The page's form reads its times on the campus clock (America/New_York).
    const form = noticeCreateFormSchemaFor("America/New_York").safeParse({
      intent: "create",
      place: `trail:${GOLD}`,
      kind: "closed",
      message: " Resurfacing ",
      endsAt: "2030-01-15T17:30",
    });
    expect(form.success && form.data).toMatchObject({ place: { trailId: GOLD }, message: "Resurfacing" });
    expect(form.success && form.data.endsAt?.toISOString()).toBe("2030-01-15T22:30:00.000Z");
    expect(
      messagesOf(
        noticeCreateFormSchemaFor("America/New_York").safeParse({
          intent: "create",
          place: "",
          kind: "",
          message: "",
          endsAt: "not a time",
        }),
      ),
    ).toEqual([
      noticeMessages.placeRequired,
      noticeMessages.kindRequired,
      noticeMessages.messageRequired,
      noticeMessages.timeInvalid,
    ]);
    // The window is checked with the rest: every problem in one summary, not the end's after the others.
    expect(
      messagesOf(
        noticeCreateFormSchemaFor("America/New_York").safeParse({
          intent: "create",
          place: "",
          kind: "closed",
          message: "x",
          endsAt: "2001-01-01T10:00",
        }),
      ),
    ).toEqual([noticeMessages.placeRequired, noticeMessages.endInPast]);
    expect(
      messagesOf(
        noticeEditFormSchemaFor("America/New_York").safeParse({
          intent: "update",
          id: GOLD,
          version: "0",
          place: `trail:${GOLD}`,
          kind: "",
          message: "x",
          startsAt: "2030-01-15T17:30",
          endsAt: "2030-01-15T09:00",
        }),
      ),
    ).toEqual([noticeMessages.kindRequired, noticeMessages.endBeforeStart]);
  });
});

describe("/api/notices", () => {
  test("anyone lists the notices showing now, of a trail (its benches included) or a bench; an ended one is gone by itself", async () => {
    const onBench = await createNotice(admin.id, { benchId: goldBench.id, kind: "closed", message: "Bench broken" });
    const soonOver = await prisma.notice.create({
      data: { trailId: GOLD, kind: "caution", message: "Ends very soon", endsAt: new Date(Date.now() + 1500) },
    });
    if (!onBench.ok) throw new Error(onBench.reason);
    const listed = async (query: string) =>
      ((await (await api(`/api/notices${query}`, null)).json()) as { _id: string }[]).map((row) => row._id);
    const visitor = await api(`/api/notices?trailId=${GOLD}`, null);
    expect(visitor.status).toBe(200);
    const body = (await visitor.json()) as {
      _id: string;
      kind: string;
      state: string;
      benchNumber: number | null;
      version: number;
    }[];
    expect(body.find((row) => row._id === onBench.notice.id)).toMatchObject({
      kind: "closed",
      state: "active",
      benchNumber: goldBench.benchNumber,
      version: 0,
    });
    expect(body.map((row) => row._id)).toContain(soonOver.id);
    expect(await listed(`?benchId=${goldBench.id}`)).toEqual([onBench.notice.id]);
    expect(await listed(`?trailId=${GREEN}`)).not.toContain(onBench.notice.id);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await listed(`?trailId=${GOLD}`)).not.toContain(soonOver.id);
    expect((await api("/api/notices?trailId=nope", null)).status).toBe(400);
    await prisma.notice.deleteMany({ where: { id: { in: [onBench.notice.id, soonOver.id] } } });
  });

  test("admins post (201, ETag), change with If-Match (412 when stale) and delete (204); others are refused", async () => {
    const input = {
      trailId: GREEN,
      kind: "closed",
      message: "Closed for resurfacing",
      endsAt: inHours(24).toISOString(),
    };
    expect((await api("/api/notices", null, "POST", input)).status).toBe(401);
    expect((await api("/api/notices", walkerToken, "POST", input)).status).toBe(403);
    const refused = await api("/api/notices", admin.token, "POST", { ...input, message: "" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: noticeMessages.messageRequired,
      fieldErrors: { message: [noticeMessages.messageRequired] },
    });
    expect((await api("/api/notices", admin.token, "POST", { ...input, trailId: "0".repeat(24) })).status).toBe(400);

    const created = await api("/api/notices", admin.token, "POST", input);
    expect(created.status).toBe(201);
    expect(created.headers.get("ETag")).toBe('"0"');
    const notice = (await created.json()) as { _id: string; trailName: string; state: string; endsAt: string };
    expect(notice).toMatchObject({ trailName: "Green Trail", state: "active", endsAt: input.endsAt });
    expect(await prisma.notice.findUniqueOrThrow({ where: { id: notice._id }, select: { createdBy: true } })).toEqual({
      createdBy: admin.id,
    });

    const patched = await api(
      `/api/notices/${notice._id}`,
      admin.token,
      "PATCH",
      { kind: "caution", endsAt: null },
      { "If-Match": '"0"' },
    );
    expect(patched.status).toBe(200);
    expect(patched.headers.get("ETag")).toBe('"1"');
    expect(await patched.json()).toMatchObject({ kind: "caution", endsAt: null, version: 1 });
    const stale = await api(
      `/api/notices/${notice._id}`,
      admin.token,
      "PATCH",
      { message: "Old" },
      { "If-Match": '"0"' },
    );
    expect(stale.status).toBe(412);
    expect(stale.headers.get("ETag")).toBe('"1"');
    expect((await api(`/api/notices/${notice._id}`, walkerToken, "DELETE")).status).toBe(403);
    expect(
      (await api(`/api/notices/${notice._id}`, admin.token, "DELETE", undefined, { "If-Match": '"0"' })).status,
    ).toBe(412);
    const deleted = await api(`/api/notices/${notice._id}`, admin.token, "DELETE");
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect(await prisma.notice.findUnique({ where: { id: notice._id } })).toBeNull();
    expect((await api(`/api/notices/${notice._id}`, admin.token, "DELETE")).status).toBe(404);
  });
});

describe("the pages", () => {
  test("the Notices area posts a notice from its form on the campus clock, keeps what was typed when refused, and ends it", async () => {
    const refused = await post("/adminControlPanel?option=notices", admin.token, {
      intent: "create",
      place: `bench:${offTrailBench.id}`,
      kind: "closed",
      message: "Typed and kept",
      endsAt: "2001-01-01T10:00",
    });
    expect(refused.status).toBe(400);
    const refusedPage = await pageText(refused);
    expect(refusedPage).toContain(noticeMessages.endInPast);
    expect(refusedPage).toContain("Typed and kept");
    expect(await prisma.notice.count({ where: { message: "Typed and kept" } })).toBe(0);

    const end = campusTimeInput(inHours(48), "America/New_York");
    const sent = await post("/adminControlPanel?option=notices", admin.token, {
      intent: "create",
      place: `bench:${offTrailBench.id}`,
      kind: "closed",
      message: "Seat being replaced",
      endsAt: end,
    });
    expect(sent.status).toBe(302);
    const stored = await prisma.notice.findFirstOrThrow({ where: { message: "Seat being replaced" } });
    expect(campusTimeInput(stored.endsAt!, "America/New_York")).toBe(end);
    expect(stored).toMatchObject({ benchId: offTrailBench.id, kind: "closed", createdBy: admin.id, startsAt: null });

    // The bench's page shows it to anyone, with its word; the area lists it.
    const benchPage = await pageText(await callRoute(`/benches/${offTrailBench.id}`));
    expect(benchPage).toMatch(/Notices\s*Closed\s*Bench 9200\s*Seat being replaced\s*Until/);
    expect(await pageText(await callRoute("/adminControlPanel?option=notices", { sessionId: admin.token }))).toContain(
      "Seat being replaced",
    );

    const ended = await post("/adminControlPanel?option=notices", admin.token, {
      intent: "end",
      id: stored.id,
      version: String(stored.version),
    });
    expect(ended.status).toBe(302);
    expect(await pageText(await callRoute(`/benches/${offTrailBench.id}`))).not.toContain("Seat being replaced");
    // An edit from the old version is refused with the model's message, and the page it answers (a browser
    // without JavaScript) shows what was typed beside what is saved now.
    const stale = await post(`/adminControlPanel?option=notices&edit=${stored.id}`, admin.token, {
      intent: "update",
      id: stored.id,
      version: String(stored.version),
      place: `bench:${offTrailBench.id}`,
      kind: "caution",
      message: "Old edit",
    });
    expect(stale.status).toBe(409);
    const stalePage = await pageText(stale);
    expect(stalePage).toContain(noticeMessages.stale);
    expect(stalePage).toMatch(/Nothing was saved\..*Message \(differs\)\s*Old edit\s*Seat being replaced/s);
    expect(stalePage).toMatch(/Kind \(differs\)\s*Caution\s*Closed/);
    await prisma.notice.delete({ where: { id: stored.id } });
  });

  test("the admin dashboard has a card for every area, Notices and Reports among them, each leading to its area", async () => {
    const html = await (await callRoute("/adminHome", { sessionId: admin.token })).text();
    for (const option of adminOptions) {
      const card =
        new RegExp(`<section aria-labelledby="dashboard-${option}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
      expect(card, option).toContain(`>${adminOptionLabels[option]}</h2>`);
      expect(card, option).toContain(`href="${adminAreaUrl(option)}"`);
    }
    const notice = await createNotice(admin.id, {
      trailId: GREEN,
      kind: "caution",
      message: "Counted on the dashboard",
    });
    if (!notice.ok) throw new Error("not created");
    const showing = await countNotices("active");
    const text = await pageText(await callRoute("/adminHome", { sessionId: admin.token }));
    expect(text).toMatch(new RegExp(`Notices ${showing} showing now Closures and cautions`));
    expect(text).toMatch(/Reports \d+ open or in progress/);
    await prisma.notice.delete({ where: { id: notice.notice.id } });
  });

  test("a trail's notice shows on /trails, the trail's page and the pages of its benches, and marks the map and lists", async () => {
    const onTrail = await createNotice(admin.id, {
      trailId: GOLD,
      kind: "closed",
      message: "Gold closed for the race",
    });
    const onBench = await createNotice(admin.id, { benchId: goldBench.id, kind: "caution", message: "Wet paint" });
    if (!onTrail.ok || !onBench.ok) throw new Error("not created");
    const trailPage = await (await callRoute("/trails/gold")).text();
    expect(trailPage).toContain("Gold closed for the race");
    expect(trailPage).toContain('data-notice="closed"');
    expect(trailPage).toContain(`aria-label="Bench ${goldBench.benchNumber}, caution"`);
    const mapPage = await pageText(await callRoute("/trails?trail=gold&benches=1", { sessionId: walkerToken }));
    expect(mapPage).toContain("Gold closed for the race");
    expect(mapPage).toMatch(/Caution\s*:\s*Wet paint/);
    expect(await pageText(await callRoute(`/benches/${goldBench.id}`))).toContain("Gold closed for the race");
    // The Green Trail's map shows neither.
    expect(await pageText(await callRoute("/trails?trail=green", { sessionId: walkerToken }))).not.toContain(
      "Gold closed for the race",
    );
    await prisma.notice.deleteMany({ where: { id: { in: [onTrail.notice.id, onBench.notice.id] } } });
  });

  test("Turn into a notice: one press posts a notice for the report's place, puts the report in progress, and a second press makes no second one", async () => {
    const reporter = await person("noticereporter");
    const report = await createReport(reporter.user, {
      benchId: goldBench.id,
      category: "broken_bench",
      description: "Slats gone",
    });
    if (!report.ok) throw new Error(report.reason);
    const id = report.report.id;
    expect((await post("/adminControlPanel?option=reports", walkerToken, { intent: "makeNotice", id })).status).toBe(
      403,
    );
    const pressed = await post("/adminControlPanel?option=reports", admin.token, { intent: "makeNotice", id });
    expect(pressed.status).toBe(302);
    const notice = await prisma.notice.findFirstOrThrow({ where: { reportId: id } });
    expect(notice).toMatchObject({
      benchId: goldBench.id,
      trailId: null,
      kind: "closed",
      startsAt: null,
      endsAt: null,
      createdBy: admin.id,
    });
    expect(notice.message).not.toContain("Slats gone");
    expect(pressed.headers.get("Location")).toBe(`/adminControlPanel?option=notices&edit=${notice.id}#edit-notice`);
    expect((await prisma.report.findUniqueOrThrow({ where: { id } })).status).toBe("in_progress");
    await post("/adminControlPanel?option=reports", admin.token, { intent: "makeNotice", id });
    expect(await prisma.notice.count({ where: { reportId: id } })).toBe(1);
    expect(
      (await post("/adminControlPanel?option=reports", admin.token, { intent: "makeNotice", id: "0".repeat(24) }))
        .status,
    ).toBe(404);
    await prisma.notice.deleteMany({ where: { reportId: id } });
  });
});

describe("dates out of range", () => {
  test("the API and the form refuse a date before a year ago or past five years ahead, naming the field", async () => {
    const input = { trailId: GREEN, kind: "caution", message: "Far away" };
    for (const [field, value] of [
      ["endsAt", "9999-12-31T23:59:00-05:00"],
      ["startsAt", "0000-01-01T00:00:00Z"],
      ["startsAt", new Date(Date.now() - 400 * 24 * HOUR).toISOString()],
      ["endsAt", new Date(Date.now() + 6 * 366 * 24 * HOUR).toISOString()],
    ] as const) {
      const answer = await api("/api/notices", admin.token, "POST", { ...input, [field]: value });
      expect(answer.status).toBe(400);
      const message = field === "startsAt" ? noticeMessages.startOutOfRange : noticeMessages.endOutOfRange;
      expect(await answer.json()).toMatchObject({ message, fieldErrors: { [field]: [message] } });
    }
    expect(await prisma.notice.count({ where: { message: "Far away" } })).toBe(0);
    // A year ago, give or take a day, is still fine: an old notice may be moved back a little.
    const recent = await api("/api/notices", admin.token, "POST", {
      ...input,
      startsAt: new Date(Date.now() - 300 * 24 * HOUR).toISOString(),
    });
    expect(recent.status).toBe(201);
    await prisma.notice.deleteMany({ where: { message: "Far away" } });

    const refused = await post("/adminControlPanel?option=notices", admin.token, {
      intent: "create",
      place: `trail:${GREEN}`,
      kind: "caution",
      message: "Far away",
      startsAt: "",
      endsAt: "9999-12-31T23:59",
    });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain(noticeMessages.endOutOfRange);
    expect(await prisma.notice.count({ where: { message: "Far away" } })).toBe(0);
  });

  test("a stored date a page cannot show never makes a page fail", async () => {
    // Written past the schemas, as an older server or a hand in SQL could have.
    const far = await prisma.$queryRaw<{ id: string }[]>`
      INSERT INTO "Notice" ("id", "trailId", "kind", "message", "endsAt")
      VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', ${GOLD}, 'closed', 'Closed until further notice', '10000-01-01 04:59:00')
      RETURNING "id"`;
    const old = await prisma.$queryRaw<{ id: string }[]>`
      INSERT INTO "Notice" ("id", "benchId", "kind", "message", "startsAt")
      VALUES ('aaaaaaaaaaaaaaaaaaaaaaa2', ${goldBench.id}, 'caution', 'Since forever', '0001-01-01 00:00:00 BC')
      RETURNING "id"`;
    try {
      for (const target of ["/trails/gold", `/benches/${goldBench.id}`, "/api/notices", "/trails?trail=gold"]) {
        const answer = await callRoute(target, { sessionId: walkerToken });
        expect(answer.status, target).toBe(200);
      }
      expect(await pageText(await callRoute("/trails/gold"))).toContain("Closed until further notice");
      const list = await callRoute("/adminControlPanel?option=notices&show=all", { sessionId: admin.token });
      expect(list.status).toBe(200);
      expect(await pageText(list)).toContain("Since forever");
      const edit = await callRoute(`/adminControlPanel?option=notices&edit=${far[0].id}`, { sessionId: admin.token });
      expect(edit.status).toBe(200);
      expect((await api(`/api/notices/${old[0].id}`, admin.token, "PATCH", { message: "Since long ago" })).status).toBe(
        200,
      );
    } finally {
      await prisma.notice.deleteMany({ where: { id: { in: [far[0].id, old[0].id] } } });
    }
  });
});
