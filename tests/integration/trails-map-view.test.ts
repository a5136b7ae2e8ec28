// /trails ships scripts only once asked (decision 067): the "Interactive map" choice is a cookie that
// selects a view and grants nothing, and the document carries the trail's points once (decision 061).
import { beforeAll, describe, expect, test } from "vitest";
import { encodePath } from "~/lib/encoded-path";
import { createSession } from "~/models/session.server";
import { getTrailBySlug } from "~/models/trail.server";
import { createUser } from "~/models/user.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { seedDatabase } from "~/utils/seed.server";
import { truncateAll } from "../support/database-template";
import { callRoute, sessionCookieFor } from "../support/routes";

env.RATE_LIMIT_FACTOR = 1000;

let walkerCookie = "";
/** The cookie as the page's own "Interactive map" link leaves it (createCookie's encoding of the value). */
const encoded = (value: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"));
const INTERACTIVE = `trailsMap=${encoded("interactive")}`;

beforeAll(async () => {
  await truncateAll(database);
  await seedDatabase(prisma);
  const walker = await createUser({ username: "walker", email: "walker@example.test", password: "secret-pw-1" });
  walkerCookie = await sessionCookieFor((await createSession(walker.id)).id);
});

async function trails(path: string, ...cookies: string[]) {
  const response = await callRoute(path, { headers: { Cookie: [walkerCookie, ...cookies].join("; ") } });
  return { response, html: await response.text() };
}

const hasScripts = (html: string) => /<script\b/.test(html);

describe("/trails and the interactive map choice", () => {
  test("a first load ships no script; the server-drawn map writes the trail's points once", async () => {
    const { response, html } = await trails("/trails?trail=gold");
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie") ?? "").not.toContain("trailsMap");
    expect(hasScripts(html)).toBe(false);
    const d = /<path id="[^"]+" d="([^"]+)"/.exec(html)![1];
    expect(d.split(" L").length).toBeGreaterThan(10);
    expect(html.split(d).length - 1).toBe(1);
    expect(html).toContain(">Interactive map<");
    expect(html).toContain(">Start walk<");
  });

  test("?map=interactive remembers the choice for a year and ships the scripts; ?map=simple forgets it", async () => {
    const asked = await trails("/trails?trail=gold&map=interactive");
    const set = asked.response.headers.get("Set-Cookie")!;
    expect(set).toMatch(new RegExp(`^${INTERACTIVE}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax`));
    expect(hasScripts(asked.html)).toBe(true);
    expect(asked.html).toContain(">Simple map<");
    // The points once with scripts too: the data carries them (encoded, once), so the drawing takes its
    // line from a file of its own instead of writing them again (decision 061).
    expect(asked.html).not.toMatch(/<path id="[^"]+" d="/);
    expect(asked.html.match(/<use href="\/trails\/lines\/[0-9a-f]{24}-[A-Za-z0-9_-]{16}\.svg#line"/g)).toHaveLength(2);
    // Its longest run without a backslash, which the data escapes.
    const [encoded] = encodePath((await getTrailBySlug("gold"))!.coordinates)
      .split("\\")
      .sort((a, b) => b.length - a.length);
    expect(encoded.length).toBeGreaterThan(20);
    expect(asked.html.split(encoded).length - 1).toBe(1);

    const remembered = await trails("/trails?trail=green", INTERACTIVE);
    expect(hasScripts(remembered.html)).toBe(true);
    expect(remembered.response.headers.get("Set-Cookie") ?? "").not.toContain("trailsMap");

    const simple = await trails("/trails?trail=green&map=simple", INTERACTIVE);
    expect(simple.response.headers.get("Set-Cookie")).toMatch(/^trailsMap=; Max-Age=0; Path=\//);
    expect(hasScripts(simple.html)).toBe(false);
  });

  test.each([
    ["a raw value", "trailsMap=interactive"],
    ["another value", `trailsMap=${encoded("admin")}`],
    ["an object", `trailsMap=${encoded({ view: "interactive", role: "admin" })}`],
    ["garbage", "trailsMap=%E0%A4%A"],
  ])("a forged cookie (%s) is ignored: the simple map, no scripts", async (_, cookie) => {
    const { response, html } = await trails("/trails?trail=gold", cookie);
    expect(response.status).toBe(200);
    expect(hasScripts(html)).toBe(false);
    expect(html).toContain(">Interactive map<");
  });

  test("the choice grants nothing: no map without a session, no admin page for a walker", async () => {
    const visitor = await callRoute("/trails", { headers: { Cookie: INTERACTIVE } });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/authorization\?formType=signin/);
    const admin = await callRoute("/adminControlPanel", { headers: { Cookie: `${walkerCookie}; ${INTERACTIVE}` } });
    expect(admin.status).toBe(403);
    // An unknown ?map= is ignored and remembers nothing.
    const odd = await trails("/trails?map=%3Cscript%3E");
    expect(odd.response.status).toBe(200);
    expect(odd.response.headers.get("Set-Cookie") ?? "").not.toContain("trailsMap");
    expect(hasScripts(odd.html)).toBe(false);
  });
});
