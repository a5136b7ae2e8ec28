// Reads bounded by design: an account with 20,000 walks gets its My walks page and its walks API answer
// in a bounded size and from bounded reads: lists come a page at a time (keyset cursors), summaries are
// summed in SQL, never by loading the rows. The same for the lists administrators read: 20,000 accounts
// and 20,000 feedback messages from one account, in the admin area and the API. Proved by the SQL each
// request sends (every read of the big table takes a page, aggregates, or names one row by its key, and
// the heavy account's request sends the same statements as the light one's), not by timing it: on a
// shared machine a time limit was either loose enough to miss a row-by-row read or failed on a slow core.
import { beforeAll, describe, expect, test, vi } from "vitest";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { ADMIN_LIST_PAGE, FEEDBACK_API_PAGE, USER_API_PAGE, WALK_PAGE } from "~/schemas/page";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute } from "../support/routes";

const statements = await vi.hoisted(async () => (await import("../support/query-log")).installQueryLog());

const GOLD = "673e9addbf9ebe061ef810bf";
const MANY = 20_000;
const heavy = { id: "", token: "" };
const light = { id: "", token: "" };

beforeAll(async () => {
  await seedDatabase(prisma);
  for (const [who, name] of [
    [heavy, "heavywalker"],
    [light, "lightwalker"],
  ] as const) {
    const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234" });
    who.id = user.id;
    who.token = (await createSession(user.id)).id;
  }
  // Spread over the last 55 days before 2026-11-24, so the chart's weeks and the month total all hold
  // thousands; made in one statement by the database (generate_series), not sent row by row.
  await prisma.$executeRaw`
    INSERT INTO "Walk" ("userId", "trailId", "date", "distanceMetres")
    SELECT ${heavy.id}, ${GOLD}, DATE '2026-11-24' - (n % 55), 1000 FROM generate_series(0, ${MANY - 1}) AS n`;
  await prisma.walk.create({
    data: { userId: light.id, trailId: GOLD, date: new Date(Date.UTC(2026, 10, 24)), distanceMetres: 1000 },
  });
}, 120_000);

/** One request's answer, its size and the SQL statements it sent. */
async function timed(path: string, token: string, init: RequestInit & { sessionId?: string } = {}) {
  const before = statements.length;
  const response = await callRoute(
    path,
    init.sessionId ? init : { ...init, headers: { Authorization: `Bearer ${token}` } },
  );
  const body = await response.arrayBuffer();
  return { bytes: body.byteLength, response, body, sql: statements.slice(before) };
}

/**
 * The statements that could read every row of `table`: they name it, and neither take a page (LIMIT),
 * nor only aggregate (the database sums, the app gets a row per group), nor pick one row by its key.
 */
function unboundedReads(sql: string[], table: string) {
  const names = new RegExp(`"${table}"`);
  return sql.filter(
    (statement) =>
      names.test(statement) &&
      /^\s*(SELECT|WITH)\b/i.test(statement) &&
      !/\bLIMIT\b/i.test(statement) &&
      !/\b(SUM|COUNT|AVG|MIN|MAX)\s*\(/i.test(statement) &&
      !/"id"\s*=\s*\$\d+/.test(statement),
  );
}

/** A statement's shape: its parameters unnumbered, and a list of them (a page's ids) as one. */
const shape = (statement: string) => statement.replace(/\$\d+(\s*,\s*\$\d+)*/g, "$");

/**
 * Bounded whatever the table holds: no unbounded read of it, and statements of the same shapes as with a
 * few rows (nothing sent per row). Both requests ran warm, so neither filled a per-version cache.
 */
function expectBoundedReads(many: string[], few: string[], table: string) {
  expect(unboundedReads(many, table)).toEqual([]);
  // In any order: on PostgreSQL a page's loaders send theirs side by side over the pool.
  expect(many.map(shape).sort()).toEqual(few.map(shape).sort());
}

describe("reads bounded by design", () => {
  test("the walks API answers one page (with a Link to the next) for 20,000 walks, from bounded reads and under 200 KB", async () => {
    const page = await timed("/api/walks", heavy.token);
    expect(page.response.status).toBe(200);
    const walks = JSON.parse(Buffer.from(page.body).toString("utf8")) as unknown[];
    expect(walks).toHaveLength(WALK_PAGE.defaultSize);
    expect(page.bytes).toBeLessThan(200 * 1024);
    expect(page.response.headers.get("Link")).toMatch(/^<\/api\/walks\?cursor=[\w-]+&limit=50>; rel="next"$/);

    expectBoundedReads(
      (await timed("/api/walks", heavy.token)).sql,
      (await timed("/api/walks", light.token)).sql,
      "Walk",
    );
  });

  test("following the cursors visits every walk once, in order, and a cursor we did not make is refused", async () => {
    const seen = new Set<string>();
    let next: string | null = `/api/walks?limit=100`;
    let pages = 0;
    let lastDate = "9999-12-31";
    while (next && pages < 5) {
      const answer = await callRoute(next, { headers: { Authorization: `Bearer ${heavy.token}` } });
      const walks = (await answer.json()) as { _id: string; date: string }[];
      for (const walk of walks) {
        expect(seen.has(walk._id)).toBe(false);
        expect(walk.date <= lastDate).toBe(true);
        lastDate = walk.date;
        seen.add(walk._id);
      }
      next = /<([^>]+)>; rel="next"/.exec(answer.headers.get("Link") ?? "")?.[1] ?? null;
      pages++;
    }
    expect(seen.size).toBe(500);
    expect(
      (await callRoute("/api/walks?limit=101", { headers: { Authorization: `Bearer ${heavy.token}` } })).status,
    ).toBe(400);
    const forged = await callRoute("/api/walks?cursor=not-ours", {
      headers: { Authorization: `Bearer ${heavy.token}` },
    });
    expect(forged.status).toBeLessThan(500);
  });

  test("My walks renders for 20,000 walks from bounded reads, under 200 KB, with sums computed in SQL", async () => {
    const page = await timed("/userControlPanel/walks", heavy.token, { sessionId: heavy.token });
    expect(page.response.status).toBe(200);
    expect(page.bytes).toBeLessThan(200 * 1024);
    const html = Buffer.from(page.body).toString("utf8");
    expect(html).toContain("Older walks");
    const many = await timed("/userControlPanel/walks", heavy.token, { sessionId: heavy.token });
    expectBoundedReads(
      many.sql,
      (await timed("/userControlPanel/walks", light.token, { sessionId: light.token })).sql,
      "Walk",
    );
  });
});

/** The address of the link whose text is `text` in a page's HTML, as a browser would follow it. */
function linkTo(html: string, text: string) {
  const href = new RegExp(`<a\\b[^>]*href="([^"]+)"[^>]*>${text}</a>`).exec(html)?.[1];
  return href?.replace(/&amp;/g, "&") ?? null;
}

const nextOf = (response: Response) => /<([^>]+)>; rel="next"/.exec(response.headers.get("Link") ?? "")?.[1] ?? null;

describe("admin lists bounded by design: 20,000 accounts and 20,000 feedback messages from one", () => {
  const admin = { id: "", token: "" };
  /** The statements sent with (almost) one row: the seeded and test accounts, one feedback message. */
  const one: Record<"usersApi" | "feedbackApi" | "profilesPage" | "feedbackPage", string[]> = {
    usersApi: [],
    feedbackApi: [],
    profilesPage: [],
    feedbackPage: [],
  };
  const asAdmin = () => ({ headers: { Authorization: `Bearer ${admin.token}` } });
  const profilesPage = "/adminControlPanel?option=profiles";
  const feedbackPage = "/adminControlPanel?option=feedback";

  beforeAll(async () => {
    const user = await createUser({
      username: "listadmin",
      email: "listadmin@example.test",
      password: "pass1234",
      role: "Admin",
    });
    admin.id = user.id;
    admin.token = (await createSession(user.id)).id;
    await prisma.feedback.create({
      data: {
        userId: light.id,
        username: "lightwalker",
        email: "lightwalker@example.test",
        feedback: "One message",
        createdAt: new Date(Date.UTC(2025, 0, 1)),
      },
    });
    const api = (path: string) => () => timed(path, admin.token);
    const page = (path: string) => () => timed(path, admin.token, { sessionId: admin.token });
    // Asked once first, so what is cached per data version is in the cache for both readings.
    for (const run of [api("/api/user/users"), api("/api/feedback"), page(profilesPage), page(feedbackPage)])
      await run();
    one.usersApi = (await api("/api/user/users")()).sql;
    one.feedbackApi = (await api("/api/feedback")()).sql;
    one.profilesPage = (await page(profilesPage)()).sql;
    one.feedbackPage = (await page(feedbackPage)()).sql;

    const passwordHash = (
      await prisma.user.findUniqueOrThrow({ where: { id: heavy.id }, select: { passwordHash: true } })
    ).passwordHash;
    // Made by the database in one statement each (generate_series), as the loop of createMany did row by row.
    await prisma.$executeRaw`
      INSERT INTO "User" ("username", "usernameKey", "usernameShapeKey", "email", "passwordHash", "updatedAt")
      SELECT name, name, name, name || '@example.test', ${passwordHash}, now()
      FROM (SELECT 'bulk' || lpad(n::text, 5, '0') AS name FROM generate_series(0, ${MANY - 1}) AS n) AS names`;
    // Two to a minute: a page of 333 ends between two messages of the same time, which only the id tells apart.
    await prisma.$executeRaw`
      INSERT INTO "Feedback" ("userId", "username", "email", "feedback", "createdAt")
      SELECT ${heavy.id}, 'heavywalker', 'heavywalker@example.test',
        'Message ' || n || ': the bench by the library could use some shade in the afternoon.',
        TIMESTAMP '2026-01-01 00:00:00' + (n / 2) * INTERVAL '1 minute'
      FROM generate_series(0, ${MANY - 1}) AS n`;
  }, 180_000);

  test("GET /api/user/users answers its first page (with a Link to the next) for 20,000 accounts, each user as before, from bounded reads and under 200 KB", async () => {
    const page = await timed("/api/user/users", admin.token);
    expect(page.response.status).toBe(200);
    expect(page.bytes).toBeLessThan(200 * 1024);
    const users = JSON.parse(Buffer.from(page.body).toString("utf8")) as Record<string, unknown>[];
    expect(users).toHaveLength(USER_API_PAGE.defaultSize);
    // The old client's shape, exactly: nothing added, nothing taken away.
    for (const user of users) expect(Object.keys(user).sort()).toEqual(["_id", "email", "roleType", "username"]);
    expect(page.response.headers.get("Link")).toMatch(/^<\/api\/user\/users\?cursor=[\w-]+&limit=500>; rel="next"$/);

    expectBoundedReads((await timed("/api/user/users", admin.token)).sql, one.usersApi, "User");
  });

  test("GET /api/feedback answers its first page (with a Link to the next) for 20,000 messages, each as before, from bounded reads and under 200 KB", async () => {
    const page = await timed("/api/feedback", admin.token);
    expect(page.response.status).toBe(200);
    expect(page.bytes).toBeLessThan(200 * 1024);
    const feedback = JSON.parse(Buffer.from(page.body).toString("utf8")) as Record<string, unknown>[];
    expect(feedback).toHaveLength(FEEDBACK_API_PAGE.defaultSize);
    for (const row of feedback)
      expect(Object.keys(row).sort()).toEqual(["_id", "email", "feedback", "isResolved", "username"]);
    expect(page.response.headers.get("Link")).toMatch(/^<\/api\/feedback\?cursor=[\w-]+&limit=100>; rel="next"$/);

    expectBoundedReads((await timed("/api/feedback", admin.token)).sql, one.feedbackApi, "Feedback");
  });

  test("following the Links visits users by name and feedback newest first, each once; a limit over the maximum is refused, a cursor we did not make is the first page", async () => {
    const seenUsers = new Set<string>();
    let lastName = "";
    let next: string | null = "/api/user/users?limit=1000";
    for (let pages = 0; next && pages < 3; pages++) {
      const answer = await callRoute(next, asAdmin());
      for (const user of (await answer.json()) as { _id: string; username: string }[]) {
        expect(seenUsers.has(user._id)).toBe(false);
        expect(user.username > lastName).toBe(true);
        lastName = user.username;
        seenUsers.add(user._id);
      }
      next = nextOf(answer);
    }
    expect(seenUsers.size).toBe(3000);

    const seenFeedback = new Set<string>();
    const order: string[] = [];
    next = "/api/feedback?limit=333";
    for (let pages = 0; next && pages < 4; pages++) {
      const answer = await callRoute(next, asAdmin());
      for (const row of (await answer.json()) as { _id: string; feedback: string }[]) {
        expect(seenFeedback.has(row._id)).toBe(false);
        seenFeedback.add(row._id);
        order.push(row.feedback);
      }
      next = nextOf(answer);
    }
    expect(seenFeedback.size).toBe(1332);
    // Newest first: the messages made last (highest numbers, latest minutes) come first, none skipped.
    const numbers = order.map((text) => Number(/^Message (\d+):/.exec(text)![1]));
    expect(new Set(numbers)).toEqual(new Set(Array.from({ length: 1332 }, (_, i) => MANY - 1 - i)));

    expect((await callRoute(`/api/user/users?limit=${USER_API_PAGE.maxSize + 1}`, asAdmin())).status).toBe(400);
    expect((await callRoute(`/api/feedback?limit=${FEEDBACK_API_PAGE.maxSize + 1}`, asAdmin())).status).toBe(400);
    const forged = await callRoute("/api/feedback?cursor=not-ours", asAdmin());
    expect(forged.status).toBe(200);
    expect(await forged.json()).toEqual(await (await callRoute("/api/feedback", asAdmin())).json());
  });

  test("the admin Profiles and Feedback areas render a page for 20,000 rows from bounded reads, under 200 KB, with a count in SQL and an Older link that keeps the search", async () => {
    for (const [path, more, few, table] of [
      [profilesPage, "Next users", one.profilesPage, "User"],
      [feedbackPage, "Older feedback", one.feedbackPage, "Feedback"],
    ] as const) {
      const page = await timed(path, admin.token, { sessionId: admin.token });
      expect(page.response.status).toBe(200);
      expect(page.bytes).toBeLessThan(200 * 1024);
      const html = Buffer.from(page.body).toString("utf8");
      expect(html).toContain(
        `More than 1,000 ${path === profilesPage ? "users" : "messages"}; ${ADMIN_LIST_PAGE.defaultSize} on this page`,
      );
      expect(linkTo(html, more)).toMatch(/cursor=/);
      expectBoundedReads((await timed(path, admin.token, { sessionId: admin.token })).sql, few, table);
    }

    // A search and its pages: the Older link keeps the search, and the next page goes on where this one ended.
    const first = await (await callRoute(`${profilesPage}&q=bulk1`, { sessionId: admin.token })).text();
    const names = (html: string) => [...html.matchAll(/data-user-row="([^"]+)"/g)].map((match) => match[1]);
    expect(names(first)).toHaveLength(ADMIN_LIST_PAGE.defaultSize);
    const older = linkTo(first, "Next users")!;
    expect(new URL(older, "http://localhost").searchParams.get("q")).toBe("bulk1");
    const second = await (await callRoute(older, { sessionId: admin.token })).text();
    expect(names(second)).toHaveLength(ADMIN_LIST_PAGE.defaultSize);
    expect(names(second).every((name) => name.includes("bulk1") && name > names(first).at(-1)!)).toBe(true);
    expect(linkTo(second, "First users")).toBe("/adminControlPanel?option=profiles&q=bulk1#user-results");
  });
});
