// Reports of problems (docs/features.md): the model, its three doors (the trail and bench pages' plain form,
// /api/reports, the admin Reports area), My reports, and the mail to the admins, through the built app.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createReport, listReports, mailAdminsAboutReport, setReportStatus } from "~/models/report.server";
import { createSession } from "~/models/session.server";
import { listTrailsWithCoordinates, benchesInTrailOrder } from "~/models/trail.server";
import { createUser } from "~/models/user.server";
import { noticeMessages } from "~/schemas/notice";
import { reportMessages } from "~/schemas/report";
import { settleBackgroundJobs } from "~/utils/background.server";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { seedDatabase } from "~/utils/seed.server";
import { readMail, startSmtpServer } from "../e2e/support/mailbox";
import { callRoute, fieldValue, pageText, textById } from "../support/routes";

const GOLD = "673e9addbf9ebe061ef810bf";
const BASE = "https://trails.example.edu";
const smtpDir = mkdtempSync(path.join(tmpdir(), "wt-report-mail-"));
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

env.RATE_LIMIT_FACTOR = 1000;
env.APP_URL = BASE;

let goldBench: { id: string; benchNumber: number; location: string };
let offTrailBench: { id: string; benchNumber: number };

beforeAll(async () => {
  await seedDatabase(prisma);
  smtp = await startSmtpServer(smtpDir);
  const gold = (await listTrailsWithCoordinates()).find((trail) => trail.id === GOLD)!;
  const stops = await benchesInTrailOrder(gold);
  goldBench = stops[0].bench;
  // A bench far from every trail: only the trail filter's 30 m rule could take it in, and it must not.
  offTrailBench = await prisma.bench.create({
    data: { benchNumber: 9100, location: "Far field", latitude: 33.9, longitude: -84.1 },
    select: { id: true, benchNumber: true },
  });
});

afterAll(async () => {
  await settleBackgroundJobs();
  await smtp.close();
  rmSync(smtpDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await settleBackgroundJobs();
  env.REPORT_MAIL = false;
  env.SMTP_URL = undefined;
});

async function person(prefix: string, role: "User" | "Admin" = "User") {
  const name = `${prefix}${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234", role });
  return { user, token: (await createSession(user.id)).id };
}

function api(target: string, token: string | null, method = "GET", body?: unknown) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return callRoute(target, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

function post(target: string, sessionId: string | undefined, fields: Record<string, string>) {
  return callRoute(target, { method: "POST", sessionId, body: new URLSearchParams(fields) });
}

describe("the report model", () => {
  test("a report at a bench or on a trail is open, under its sender's name and email; an unknown bench or trail is refused", async () => {
    const { user } = await person("modeler");
    const atBench = await createReport(user, {
      benchId: goldBench.id,
      category: "broken_bench",
      description: "The seat is cracked",
    });
    expect(atBench).toMatchObject({
      ok: true,
      report: {
        status: "open",
        note: null,
        benchId: goldBench.id,
        trailId: null,
        username: user.username,
        email: user.email,
        userId: user.id,
      },
    });
    const onTrail = await createReport(user, { trailId: GOLD, category: "flooded", description: "Puddle by the gym" });
    expect(onTrail).toMatchObject({
      ok: true,
      report: { trailId: GOLD, benchId: null, trail: { name: "Gold Trail" } },
    });
    expect(await createReport(user, { benchId: "0".repeat(24), category: "other", description: "x" })).toEqual({
      ok: false,
      reason: "unknown-bench",
    });
    expect(await createReport(user, { trailId: "0".repeat(24), category: "other", description: "x" })).toEqual({
      ok: false,
      reason: "unknown-trail",
    });
  });

  test("the database holds a report to exactly one place", async () => {
    const { user } = await person("checker");
    await expect(
      prisma.report.create({
        data: { userId: user.id, benchId: goldBench.id, trailId: GOLD, category: "other", description: "both" },
      }),
    ).rejects.toThrow();
    await expect(
      prisma.report.create({ data: { userId: user.id, category: "other", description: "neither" } }),
    ).rejects.toThrow();
  });

  test("lists newest first, a page at a time, one person's own or everyone's, by status, category and trail (its benches included)", async () => {
    const { user: me } = await person("lister");
    const { user: other } = await person("otherlister");
    const mine = [];
    for (const [place, category] of [
      [{ trailId: GOLD }, "litter"],
      [{ benchId: goldBench.id }, "ice_snow"],
      [{ benchId: offTrailBench.id }, "ice_snow"],
    ] as const) {
      const created = await createReport(me, { ...place, category, description: `Mine ${category}` });
      if (!created.ok) throw new Error(created.reason);
      mine.push(created.report.id);
    }
    const theirs = await createReport(other, { trailId: GOLD, category: "litter", description: "Theirs" });
    expect(theirs.ok).toBe(true);

    const own = await listReports({ userId: me.id, take: 2 });
    expect(own.reports.map((row) => row.id)).toEqual([mine[2], mine[1]]);
    const rest = await listReports({ userId: me.id, take: 2, cursor: own.next });
    expect(rest.reports.map((row) => row.id)).toEqual([mine[0]]);
    expect(rest.next).toBeNull();

    const onGold = (await listReports({ userId: me.id, filters: { trailId: GOLD } })).reports.map((row) => row.id);
    expect(onGold).toEqual([mine[1], mine[0]]);
    const icy = (await listReports({ userId: me.id, filters: { category: "ice_snow", trailId: GOLD } })).reports.map(
      (row) => row.id,
    );
    expect(icy).toEqual([mine[1]]);
    await setReportStatus(mine[0], { status: "resolved" });
    expect(
      (await listReports({ userId: me.id, filters: { status: "resolved" } })).reports.map((row) => row.id),
    ).toEqual([mine[0]]);
    const everyone = (await listReports({ filters: { category: "litter" }, take: 100 })).reports.map((row) => row.id);
    expect(everyone).toEqual(expect.arrayContaining([mine[0], theirs.ok ? theirs.report.id : ""]));
  });

  test("a status change sets the note; a note left out stays, an empty one goes", async () => {
    const { user } = await person("noted");
    const created = await createReport(user, { trailId: GOLD, category: "lighting_out", description: "Lamp 4 is out" });
    if (!created.ok) throw new Error(created.reason);
    const { id } = created.report;
    expect(await setReportStatus(id, { status: "in_progress", note: "Electrician booked" })).toMatchObject({
      ok: true,
      report: { status: "in_progress", note: "Electrician booked" },
    });
    const kept = await setReportStatus(id, { status: "resolved" });
    expect(kept).toMatchObject({ ok: true, report: { status: "resolved", note: "Electrician booked" } });
    if (kept.ok) expect(kept.report.updatedAt.getTime()).toBeGreaterThan(created.report.updatedAt.getTime());
    expect(await setReportStatus(id, { status: "resolved", note: "" })).toMatchObject({
      ok: true,
      report: { note: null },
    });
    expect(await setReportStatus("0".repeat(24), { status: "open" })).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("/api/reports", () => {
  test("POST stores the report as open under the caller's account; a place is required, and only one", async () => {
    const { user, token } = await person("apireporter");
    const created = await api("/api/reports", token, "POST", {
      benchId: goldBench.id,
      category: "broken_bench",
      description: "  Missing slat  ",
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      status: "open",
      category: "broken_bench",
      categoryLabel: "Broken or missing bench",
      description: "Missing slat",
      benchId: goldBench.id,
      benchNumber: goldBench.benchNumber,
      trailId: null,
      username: user.username,
      note: null,
    });
    for (const body of [
      { category: "other", description: "nowhere" },
      { benchId: goldBench.id, trailId: GOLD, category: "other", description: "both" },
    ]) {
      const refused = await api("/api/reports", token, "POST", body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ fieldErrors: { benchId: [reportMessages.placeRequired] } });
    }
    const bad = await api("/api/reports", token, "POST", {
      trailId: GOLD,
      category: "volcano",
      description: "x".repeat(1001),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      fieldErrors: { category: [reportMessages.categoryRequired], description: [reportMessages.descriptionTooLong] },
    });
    const unknown = await api("/api/reports", token, "POST", {
      trailId: "0".repeat(24),
      category: "other",
      description: "x",
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ fieldErrors: { trailId: [reportMessages.trailUnknown] } });
    expect(
      (await api("/api/reports", null, "POST", { trailId: GOLD, category: "other", description: "x" })).status,
    ).toBe(401);
    expect(await prisma.report.count({ where: { userId: user.id } })).toBe(1);
  });

  test("GET: a User gets their own, an Admin everyone's, filtered; the next page's Link keeps the filters", async () => {
    const me = await person("apilister");
    const other = await person("apiother");
    const admin = await person("apiadmin", "Admin");
    for (let i = 0; i < 3; i++)
      await api("/api/reports", me.token, "POST", { trailId: GOLD, category: "litter", description: `Mine ${i}` });
    await api("/api/reports", other.token, "POST", { trailId: GOLD, category: "litter", description: "Theirs" });

    const mine = (await (await api("/api/reports", me.token)).json()) as { description: string; username: string }[];
    expect(mine.map((row) => row.description)).toEqual(["Mine 2", "Mine 1", "Mine 0"]);

    const first = await api(`/api/reports?category=litter&trailId=${GOLD}&limit=2`, admin.token);
    expect(first.status).toBe(200);
    const firstRows = (await first.json()) as { description: string }[];
    expect(firstRows.map((row) => row.description)).toEqual(["Theirs", "Mine 2"]);
    const link = /^<([^>]+)>; rel="next"$/.exec(first.headers.get("Link") ?? "")![1];
    expect(new URL(link, BASE).searchParams.get("category")).toBe("litter");
    expect(new URL(link, BASE).searchParams.get("trailId")).toBe(GOLD);
    const second = (await (await api(link, admin.token)).json()) as { description: string }[];
    expect(second.map((row) => row.description)).toEqual(["Mine 1", "Mine 0"].slice(0, 2));

    expect((await api("/api/reports?status=closed", admin.token)).status).toBe(400);
    expect((await api("/api/reports", null)).status).toBe(401);
  });

  test("PATCH: an Admin sets the status and a note, which the reporter reads; a User may not; an unknown report is a 404", async () => {
    const reporter = await person("patched");
    const admin = await person("patcher", "Admin");
    const created = (await (
      await api("/api/reports", reporter.token, "POST", {
        trailId: GOLD,
        category: "obstruction",
        description: "Tree down",
      })
    ).json()) as {
      _id: string;
    };
    const changed = await api(`/api/reports/${created._id}`, admin.token, "PATCH", {
      status: "resolved",
      note: "Cleared on Monday",
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ status: "resolved", note: "Cleared on Monday" });
    const [seen] = (await (await api("/api/reports", reporter.token)).json()) as { status: string; note: string }[];
    expect(seen).toMatchObject({ status: "resolved", note: "Cleared on Monday" });

    expect((await api(`/api/reports/${created._id}`, reporter.token, "PATCH", { status: "open" })).status).toBe(403);
    expect((await api(`/api/reports/${"0".repeat(24)}`, admin.token, "PATCH", { status: "open" })).status).toBe(404);
    const bad = await api(`/api/reports/${created._id}`, admin.token, "PATCH", {
      status: "done",
      note: "x".repeat(1001),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      fieldErrors: { status: [reportMessages.statusInvalid], note: [reportMessages.noteTooLong] },
    });
  });
});

describe("the mail to the admins", () => {
  test("every admin gets one mail with a link straight to the report, from APP_URL, naming what and where but not what was typed", async () => {
    env.REPORT_MAIL = true;
    env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    const admins = [await person("mailadmin", "Admin"), await person("mailadmin", "Admin")];
    const reporter = await person("mailreporter");
    const description = `Bench wobbles badly ${Date.now()}`;
    const response = await post(`/benches/${goldBench.id}`, reporter.token, {
      intent: "report",
      category: "broken_bench",
      description,
    });
    expect(response.status).toBe(302);
    await settleBackgroundJobs();
    const report = await prisma.report.findFirstOrThrow({ where: { userId: reporter.user.id }, select: { id: true } });
    const everyAdmin = await prisma.user.findMany({ where: { role: "Admin" }, select: { email: true } });
    for (const { user } of admins) {
      const mails = readMail(smtpDir).filter((mail) => mail.to === user.email);
      expect(mails, user.email).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toBe(`New report: Broken or missing bench at Bench ${goldBench.benchNumber}`);
      expect(mail.text).toContain(`${BASE}/adminControlPanel?option=reports&id=${report.id}#report-${report.id}`);
      expect(mail.text).not.toContain(description);
      expect(mail.text).not.toContain(reporter.user.username);
      expect(mail.text).not.toContain(reporter.user.email);
    }
    // One mail per admin: no admin sees the others' addresses.
    expect(readMail(smtpDir).filter((mail) => mail.text.includes(report.id))).toHaveLength(everyAdmin.length);
    expect(readMail(smtpDir).every((mail) => !mail.to.includes(","))).toBe(true);
  });

  test("the link opens that report in the Reports area", async () => {
    const admin = await person("linkadmin", "Admin");
    const { user } = await person("linkreporter");
    const created = await createReport(user, {
      trailId: GOLD,
      category: "flooded",
      description: `Flood at the underpass ${Date.now()}`,
    });
    if (!created.ok) throw new Error(created.reason);
    const page = await callRoute(`/adminControlPanel?option=reports&id=${created.report.id}`, {
      sessionId: admin.token,
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`id="report-${created.report.id}"`);
    expect((html.match(/data-report-id=/g) ?? []).length).toBe(1);
    expect(await pageText(new Response(html))).toContain("Showing one report.");
  });

  test("REPORT_MAIL=false sends none, and the report waits in the Reports area all the same", async () => {
    env.REPORT_MAIL = false;
    env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    await person("quietadmin", "Admin");
    const reporter = await person("quietreporter");
    const before = readMail(smtpDir).length;
    const response = await api("/api/reports", reporter.token, "POST", {
      trailId: GOLD,
      category: "litter",
      description: "Bottles by bench 2",
    });
    expect(response.status).toBe(201);
    await settleBackgroundJobs();
    expect(readMail(smtpDir)).toHaveLength(before);
    expect(await prisma.report.count({ where: { userId: reporter.user.id } })).toBe(1);
  });

  test("a mail that cannot be sent is logged and leaves the report and the other admins' mails alone", async () => {
    env.SMTP_URL = "smtp://127.0.0.1:1"; // nothing listens there
    const { user } = await person("lostmail");
    await person("lostadmin", "Admin");
    const created = await createReport(user, { trailId: GOLD, category: "other", description: "Unheard" });
    if (!created.ok) throw new Error(created.reason);
    expect(await mailAdminsAboutReport(created.report.id)).toBe(0);
    expect(await prisma.report.count({ where: { id: created.report.id } })).toBe(1);
  });
});

describe("Report a problem on the trail and bench pages (a plain form)", () => {
  test("a visitor sees the section with a sign-in link that returns to the form, and no form", async () => {
    for (const target of ["/trails/gold", `/benches/${goldBench.id}`]) {
      const html = await (await callRoute(target)).text();
      expect(html).toMatch(/<h2[^>]*>Report a problem<\/h2>/);
      const redirectTo = encodeURIComponent(`${target}#report`);
      expect(html).toContain(`href="/authorization?formType=signin&amp;redirectTo=${redirectTo}"`);
      expect(html).not.toContain('name="description"');
    }
    // A visitor's post is sent to sign in, back to the page.
    const posted = await post("/trails/gold", undefined, { intent: "report", category: "litter", description: "x" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(
      `/authorization?formType=signin&redirectTo=${encodeURIComponent("/trails/gold")}`,
    );
  });

  test("a signed-in walker sends one: back to the form with a message, stored on that trail", async () => {
    const { user, token } = await person("pagereporter");
    const form = await (await callRoute("/trails/gold", { sessionId: token })).text();
    // A refused report answered with a page lands on the form's error summary; a sent one on the section.
    expect(form).toMatch(/<form[^>]*method="post"[^>]*action="\/trails\/gold#report-form-error"/);
    const sent = await post("/trails/gold", token, {
      intent: "report",
      category: "flooded",
      description: "Water across the path",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/trails/gold#report");
    const cookie = sent.headers
      .getSetCookie()
      .find((header) => header.startsWith("__toast="))!
      .split(";")[0];
    const after = await callRoute("/trails/gold", { sessionId: token, headers: { Cookie: cookie } });
    expect(await pageText(after)).toContain(reportMessages.sent);
    expect(
      await prisma.report.findMany({
        where: { userId: user.id },
        select: { trailId: true, category: true, description: true },
      }),
    ).toEqual([{ trailId: GOLD, category: "flooded", description: "Water across the path" }]);
  });

  test("a refused report keeps what was typed and says why beside the field", async () => {
    const { user, token } = await person("refusedreporter");
    const refused = await post(`/benches/${goldBench.id}`, token, {
      intent: "report",
      category: "",
      description: "The light above is flickering",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(fieldValue(html, "description")).toBe("The light above is flickering");
    expect(textById(html, "report-form-category-error")).toBe(reportMessages.categoryRequired);
    const tooLong = await post(`/benches/${goldBench.id}`, token, {
      intent: "report",
      category: "other",
      description: "y".repeat(1001),
    });
    expect(tooLong.status).toBe(400);
    expect(textById(await tooLong.text(), "report-form-description-error")).toBe(reportMessages.descriptionTooLong);
    expect(await prisma.report.count({ where: { userId: user.id } })).toBe(0);
  });

  test("an unknown bench or trail is a 404 for a signed-in walker, and nothing is stored", async () => {
    const { user, token } = await person("lostreporter");
    expect(
      (await post(`/benches/${"0".repeat(24)}`, token, { intent: "report", category: "other", description: "x" }))
        .status,
    ).toBe(404);
    expect(
      (await post("/trails/purple", token, { intent: "report", category: "other", description: "x" })).status,
    ).toBe(404);
    expect(await prisma.report.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("My reports and the admin Reports area", () => {
  test("My reports shows one's own reports with their status and the team's note, and nobody else's", async () => {
    const me = await person("myreports");
    const other = await person("notmine");
    const created = await createReport(me.user, {
      benchId: goldBench.id,
      category: "ice_snow",
      description: "Ice on the seat",
    });
    if (!created.ok) throw new Error(created.reason);
    await createReport(other.user, { trailId: GOLD, category: "litter", description: "Somebody else's report" });
    await setReportStatus(created.report.id, { status: "in_progress", note: "Gritting tomorrow morning" });
    const response = await callRoute("/userControlPanel/reports", { sessionId: me.token });
    expect(response.status).toBe(200);
    const text = await pageText(response);
    expect(text).toContain("Ice or snow");
    expect(text).toContain(`Bench ${goldBench.benchNumber}`);
    expect(text).toContain("Ice on the seat");
    expect(text).toContain("In progress");
    expect(text).toContain("Note from the team Gritting tomorrow morning");
    expect(text).not.toContain("Somebody else's report");
    expect(await pageText(await callRoute("/userControlPanel", { sessionId: me.token }))).toContain("My Reports");
  });

  test("the Reports area filters by status, trail and category through its URL, and a status change with a note reaches the reporter", async () => {
    const admin = await person("areaadmin", "Admin");
    const reporter = await person("areareporter");
    const marker = Date.now().toString(36);
    const onGold = await createReport(reporter.user, {
      benchId: goldBench.id,
      category: "lighting_out",
      description: `Dark ${marker}`,
    });
    const farAway = await createReport(reporter.user, {
      benchId: offTrailBench.id,
      category: "lighting_out",
      description: `Far ${marker}`,
    });
    if (!onGold.ok || !farAway.ok) throw new Error("not created");
    const area = (query: string) => callRoute(`/adminControlPanel?option=reports&${query}`, { sessionId: admin.token });

    const filtered = await pageText(await area(`trail=${GOLD}&category=lighting_out&status=open`));
    expect(filtered).toContain(`Dark ${marker}`);
    expect(filtered).not.toContain(`Far ${marker}`);
    expect(filtered).toContain(reporter.user.username);
    // A filter value that is not one of ours shows everything rather than failing.
    expect((await area("status=closed&category=volcano&trail=nope")).status).toBe(200);

    const back = `/adminControlPanel?option=reports&trail=${GOLD}&status=open`;
    const saved = await post(back, admin.token, {
      intent: "setStatus",
      id: onGold.report.id,
      status: "resolved",
      note: "New bulb fitted",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(
      `/adminControlPanel?option=reports&status=open&trail=${GOLD}#report-${onGold.report.id}`,
    );
    expect(
      await prisma.report.findUniqueOrThrow({ where: { id: onGold.report.id }, select: { status: true, note: true } }),
    ).toEqual({
      status: "resolved",
      note: "New bulb fitted",
    });
    const open = await pageText(await area(`trail=${GOLD}&status=open`));
    expect(open).not.toContain(`Dark ${marker}`);
    const mine = await pageText(await callRoute("/userControlPanel/reports", { sessionId: reporter.token }));
    expect(mine).toContain("Resolved");
    expect(mine).toContain("New bulb fitted");

    const tooLong = await post(`/adminControlPanel?option=reports&id=${farAway.report.id}`, admin.token, {
      intent: "setStatus",
      id: farAway.report.id,
      status: "in_progress",
      note: `${"z".repeat(1000)}!`,
    });
    expect(tooLong.status).toBe(400);
    const html = await tooLong.text();
    expect(textById(html, `report-status-${farAway.report.id}-note-error`)).toBe(reportMessages.noteTooLong);
    expect(html).toContain(`${"z".repeat(1000)}!</textarea>`);
    expect(
      await prisma.report.findUniqueOrThrow({ where: { id: farAway.report.id }, select: { status: true } }),
    ).toEqual({ status: "open" });

    const gone = await post(back, admin.token, { intent: "setStatus", id: "0".repeat(24), status: "resolved" });
    expect(gone.status).toBe(404);
    expect(await pageText(gone)).toContain(reportMessages.notFound);
  });

  test("the Reports area comes a page at a time, newest first", async () => {
    const admin = await person("pageadmin", "Admin");
    const reporter = await person("pagereports");
    const marker = `paged${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++)
      await createReport(reporter.user, { trailId: GOLD, category: "other", description: `${marker} ${i}` });
    const ids = (await listReports({ userId: reporter.user.id })).reports.map((row) => row.id);
    const first = await (
      await callRoute("/adminControlPanel?option=reports&category=other&limit=2", { sessionId: admin.token })
    ).text();
    const shown = [...first.matchAll(/data-report-id="([a-f0-9]{24})"/g)].map((match) => match[1]);
    expect(shown).toHaveLength(2);
    const older = /href="(\/adminControlPanel\?[^"]*cursor=[^"]*)"/.exec(first)![1].replace(/&amp;/g, "&");
    expect(new URL(older, BASE).searchParams.get("category")).toBe("other");
    const second = await (await callRoute(older, { sessionId: admin.token })).text();
    const all = [...shown, ...[...second.matchAll(/data-report-id="([a-f0-9]{24})"/g)].map((match) => match[1])];
    // Everything of this reporter's, in order, on the pages (other files' reports may sit between).
    expect(all.filter((id) => ids.includes(id))).toEqual(ids.slice(0, all.filter((id) => ids.includes(id)).length));
  });
});

describe("a removed bench or trail", () => {
  test("its reports stay, named as removed, in My reports, the admin queue and the API", async () => {
    const reporter = await person("keeper");
    const admin = await person("keeperadmin", "Admin");
    const bench = await prisma.bench.create({
      data: { benchNumber: 9304, location: "Old quad", latitude: 33.95, longitude: -84.15 },
      select: { id: true, version: true },
    });
    const trail = await prisma.trail.create({
      data: { name: "Orchard Trail", color: "#884400" },
      select: { id: true },
    });
    const atBench = await createReport(reporter.user, {
      benchId: bench.id,
      category: "broken_bench",
      description: "Seat split in two",
    });
    const onTrail = await createReport(reporter.user, {
      trailId: trail.id,
      category: "obstruction",
      description: "Fallen branch across",
    });
    if (!atBench.ok || !onTrail.ok) throw new Error("not created");

    // The bench goes through the admin's own form; no page deletes a trail, so it goes by SQL.
    const deleted = await post("/adminControlPanel?option=bench", admin.token, {
      intent: "delete-bench",
      benchId: bench.id,
      version: String(bench.version),
    });
    expect(deleted.status).toBe(302);
    await prisma.$executeRaw`DELETE FROM "Trail" WHERE "id" = ${trail.id}`;

    expect(await prisma.report.count({ where: { id: { in: [atBench.report.id, onTrail.report.id] } } })).toBe(2);
    const mine = await pageText(await callRoute("/userControlPanel/reports", { sessionId: reporter.token }));
    expect(mine).toContain("Bench 9304 (removed)");
    expect(mine).toContain("Orchard Trail (removed)");
    expect(mine).toContain("Seat split in two");
    const queue = await callRoute("/adminControlPanel?option=reports&status=all", { sessionId: admin.token });
    expect(queue.status).toBe(200);
    const queueText = await pageText(queue);
    expect(queueText).toContain("Bench 9304 (removed)");
    expect(queueText).toContain("Fallen branch across");
    const listed = (await (await api("/api/reports?limit=100", reporter.token)).json()) as { _id: string }[];
    expect(listed.find((report) => report._id === atBench.report.id)).toMatchObject({
      benchId: null,
      benchNumber: 9304,
      trailId: null,
      trailName: null,
    });
    expect(listed.find((report) => report._id === onTrail.report.id)).toMatchObject({
      benchId: null,
      trailId: null,
      trailName: "Orchard Trail",
    });
    // A notice needs a place: the report of a removed one says so instead of failing.
    const notice = await post("/adminControlPanel?option=reports", admin.token, {
      intent: "makeNotice",
      id: onTrail.report.id,
    });
    expect(notice.status).toBe(409);
    expect(await pageText(notice)).toContain(noticeMessages.reportPlaceRemoved);
  });
});
