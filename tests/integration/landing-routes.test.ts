// The landing page and the greeting on the user's home, through the built app's own request handler.
import { beforeAll, describe, expect, test } from "vitest";
import { createSession, NEW_ACCOUNT_GREETING_MS } from "~/models/session.server";
import { createTrail } from "~/models/trail-lifecycle.server";
import { createUser } from "~/models/user.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { seedDatabase } from "~/utils/seed.server";
import { truncateAll } from "../support/database-template";
import { callRoute, pageText } from "../support/routes";

env.RATE_LIMIT_FACTOR = 1000;

let walker = "";
let boss = "";

beforeAll(async () => {
  await truncateAll(database);
  walker = (await createUser({ username: "walker", email: "walker@example.test", password: "walker-pw" })).id;
  boss = (await createUser({ username: "boss", email: "boss@example.test", password: "boss-pw", role: "Admin" })).id;
});

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

/** The session id in a sign-in or sign-up answer's cookie. */
async function sessionOf(response: Response) {
  const { sessionCookie } = await import("~/http/session-cookie.server");
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  return (await sessionCookie.parse(cookie!.split(";")[0])) as string;
}

/** The landing page's hero: its words, its links to trails, and its picture's tag. */
async function hero() {
  const response = await callRoute("/");
  expect(response.status).toBe(200);
  const html = await response.text();
  const section = /<section[^>]*aria-labelledby="hero-heading"[\s\S]*?<\/section>/.exec(html)![0];
  return {
    html,
    text: await pageText(new Response(section)),
    trailLinks: [...section.matchAll(/<a [^>]*href="(\/trails\/[^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]),
    image: /<img\b[^>]*>/.exec(section)?.[0] ?? null,
  };
}

describe("/", () => {
  test("on an empty campus: no count of trails, no links to trails, no picture", async () => {
    const { text, trailLinks, image } = await hero();
    expect(text).toContain("Watch short exercise videos and learn evidence-based habits");
    expect(text).not.toMatch(/marked trail|Know before you go/);
    expect(trailLinks).toEqual([]);
    expect(image).toBeNull();
  });

  test("the sample campus: three marked trails, a link to each, and its map preview, sized and described, with no scripts", async () => {
    await seedDatabase(prisma);
    const { html, text, trailLinks, image } = await hero();
    expect(text).toContain("Explore three marked trails across campus, stop at benches with short exercise videos");
    expect(trailLinks).toEqual([
      ["/trails/gold", "Gold Trail"],
      ["/trails/green", "Green Trail"],
      ["/trails/gray", "Gray Trail"],
    ]);
    const src = /src="([^"]+)"/.exec(image!)![1];
    expect(src).toMatch(/^\/trails\/preview\/[A-Za-z0-9_-]{16}\.svg$/);
    const benches = await prisma.bench.count();
    expect(image).toContain(
      `alt="Map of the campus&#x27;s three trails (Gold Trail, Green Trail, and Gray Trail) with ${benches} benches."`,
    );
    expect(html).not.toMatch(/<script\b[^>]*src=/);

    // The picture is what the drawing of the campus's trails and benches gives, kept for a year.
    const file = await callRoute(src);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(file.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const svg = await file.text();
    const [width, height] = [/width="(\d+)"/.exec(svg)![1], /height="(\d+)"/.exec(svg)![1]];
    expect(image).toContain(`width="${width}"`);
    expect(image).toContain(`height="${height}"`);
    for (const name of ["Gold Trail", "Green Trail", "Gray Trail", "Benches"]) expect(svg).toContain(`>${name}</text>`);
    expect(svg.match(/<circle cx="[\d.]+" cy="[\d.]+" r="6"\/>/g)).toHaveLength(benches);

    // A fourth trail of its own: counted, linked, drawn at a new address; the old one is gone.
    const added = await createTrail({
      name: "Riverside Loop",
      coordinates: [
        [-84.0041, 33.9821],
        [-84.0035, 33.9826],
      ],
    });
    expect(added.ok).toBe(true);
    const after = await hero();
    expect(after.text).toContain("Explore four marked trails across campus");
    expect(after.trailLinks).toContainEqual(["/trails/riverside-loop", "Riverside Loop"]);
    const newSrc = /src="([^"]+)"/.exec(after.image!)![1];
    expect(newSrc).not.toBe(src);
    expect(await (await callRoute(newSrc)).text()).toContain(">Riverside Loop</text>");
    expect((await callRoute(src)).status).toBe(404);
    expect((await callRoute("/trails/preview/not-a-drawing.svg")).status).toBe(404);
  });

  test("a signed-in User or Admin is sent to their own home, by the server", async () => {
    for (const [userId, home] of [
      [walker, "/userHome"],
      [boss, "/adminHome"],
    ]) {
      const response = await callRoute("/", { sessionId: (await createSession(userId)).id });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(home);
    }
  });
});

describe("the greeting on /userHome", () => {
  test('a new account is greeted "Welcome" for the visit sign-up began (reloads too); a later sign-in says "Welcome back"', async () => {
    const signedUp = await callRoute(
      "/authorization?formType=signup",
      form({
        intent: "signup",
        username: "newcomer",
        email: "newcomer@example.test",
        password: "newcomer-pw",
        confirmPassword: "newcomer-pw",
      }),
    );
    expect(signedUp.headers.get("Location")).toBe("/userHome");
    const first = await sessionOf(signedUp);
    const heading = async (sessionId: string) =>
      /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await (await callRoute("/userHome", { sessionId })).text())?.[1];
    expect(await heading(first)).toBe("Welcome, newcomer");
    expect(await heading(first)).toBe("Welcome, newcomer");

    const signedIn = await callRoute(
      "/authorization?formType=signin",
      form({ intent: "signin", email: "newcomer@example.test", password: "newcomer-pw" }),
    );
    expect(await heading(await sessionOf(signedIn))).toBe("Welcome back, newcomer");

    // The sign-up visit left open past a day no longer counts as the first.
    await prisma.session.update({
      where: { id: first },
      data: { createdAt: new Date(Date.now() - NEW_ACCOUNT_GREETING_MS - 1000) },
    });
    expect(await heading(first)).toBe("Welcome back, newcomer");
    expect(await pageText(await callRoute("/userHome", { sessionId: (await createSession(walker)).id }))).toContain(
      "Welcome back, walker",
    );
  });

  test("an account made through the API is new in the session it was given", async () => {
    const response = await callRoute("/api/user/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        username: "apinew",
        email: "apinew@example.test",
        password: "apinew-pw",
        confirmPassword: "apinew-pw",
      }),
    });
    expect(response.status).toBe(201);
    const { token } = (await response.json()) as { token: string };
    expect(await pageText(await callRoute("/userHome", { sessionId: token }))).toContain("Welcome, apinew");
  });
});
