// Signed-in /trails is composed once per change and rendered once per content (decision 061): what a
// warm request sends to the database, that an admin's edit and a notice's start and end still show on the next
// request, the trail's line as a file of its own, and that the reused markup is the page React renders.
import { createRemixStub } from "@remix-run/testing";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { MarkupCacheProvider, type MarkupCache } from "~/lib/shared-markup";
import { createNotice } from "~/models/notice.server";
import { createSession } from "~/models/session.server";
import { trailMapPage } from "~/models/trail-map.server";
import { getTrailWithCoordinates } from "~/models/trail.server";
import { updateCoordinate } from "~/models/trail-edit.server";
import { createUser } from "~/models/user.server";
import Trails from "~/routes/trails";
import { database, prisma } from "~/utils/db.server";
import { createMarkupCache } from "~/utils/markup-cache.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute, pageText } from "../support/routes";

const statements = await vi.hoisted(async () => (await import("../support/query-log")).installQueryLog());

const GOLD = "673e9addbf9ebe061ef810bf";
const GREEN = "673e9addbf9ebe061ef810c1";
/** The cookie the page's own "Interactive map" link leaves (createCookie's encoding of the value). */
const INTERACTIVE = `trailsMap=${encodeURIComponent(Buffer.from(JSON.stringify("interactive")).toString("base64"))}`;

let walker = "";

beforeAll(async () => {
  await seedDatabase(prisma);
  const user = await createUser({ username: "mapwalker", email: "mapwalker@example.test", password: "secret-pw-1" });
  walker = (await createSession(user.id)).id;
});

const trailsPage = async (target: string, headers: Record<string, string> = {}) =>
  (await callRoute(target, { sessionId: walker, headers })).text();

/** Runs SQL without firing triggers, so DataVersion does not move: how a test tells "held" from "read again". */
function writeBehindTheVersion(text: string) {
  return database.withSql(async (sql) => {
    await sql.exec("SET LOCAL session_replication_role = replica");
    await sql.exec(text);
  });
}

const lineAddress = (html: string) =>
  /<use href="(\/trails\/lines\/[0-9a-f]{24}-[A-Za-z0-9_-]{16}\.svg)#line"/.exec(html)?.[1] ?? null;

describe("/trails links every trail's page", () => {
  test("whichever trail is chosen, each trail's public page is a link on the map page", async () => {
    const trails = await prisma.trail.findMany({ select: { name: true } });
    expect(trails.length).toBeGreaterThanOrEqual(3);
    for (const chosen of ["gold", "gray", "green"]) {
      const html = await trailsPage(`/trails?trail=${chosen}`);
      const linked = [...html.matchAll(/<a [^>]*href="\/trails\/([a-z-]+)"[^>]*>([^<]*(?:<!-- -->)?[^<]*)<\/a>/g)].map(
        ([, slug, text]) => `${slug}: ${text.replace("<!-- -->", "")}`,
      );
      const expected = trails.map(
        ({ name }) => `${name.replace(/ Trail$/, "").toLowerCase()}: Directions and details for the ${name}`,
      );
      expect(linked.sort(), `from ${chosen}`).toEqual(expected.sort());
    }
  });
});

describe("/trails is composed once per change", () => {
  test("a warm request asks the database for the session with the data versions, one statement, and nothing else", async () => {
    await trailsPage("/trails?trail=gold");
    const before = statements.length;
    const html = await trailsPage("/trails?trail=gold&benches=1");
    const sql = statements.slice(before);
    expect(html).toContain("Map of the Gold Trail with");
    // The versions ride in the session lookup's statement (decision 063).
    expect(sql).toHaveLength(1);
    expect(sql[0]).toMatch(/"Session"/);
    expect(sql[0]).toMatch(/"DataVersion"/);
    expect(sql.join("\n")).not.toMatch(/"Trail"|"TrailPoint"|"Bench"|"Notice"/);
  });

  test("a change that moved no version is not read again; an edit through the database's front door shows on the next request", async () => {
    const bench = await prisma.bench.findFirstOrThrow({
      where: { trailId: GREEN },
      select: { id: true, location: true },
    });
    expect(await trailsPage("/trails?trail=green")).toContain(bench.location);
    await writeBehindTheVersion(
      `UPDATE "Bench" SET "location" = 'Written behind the version' WHERE "id" = '${bench.id}'`,
    );
    const held = await trailsPage("/trails?trail=green");
    expect(held).toContain(bench.location);
    expect(held).not.toContain("Written behind the version");

    await prisma.bench.update({ where: { id: bench.id }, data: { location: "Moved by an admin" } });
    const edited = await trailsPage("/trails?trail=green");
    expect(edited).toContain("Moved by an admin");
    expect(edited).not.toContain(bench.location);
  });

  test("a notice that starts later shows at its start and goes at its end, with no write in between", async () => {
    const startsAt = new Date(Date.now() + 1_500);
    const endsAt = new Date(startsAt.getTime() + 1_500);
    const posted = await createNotice(null, {
      trailId: GREEN,
      kind: "caution",
      message: "Resurfacing this afternoon",
      startsAt,
      endsAt,
    });
    if (!posted.ok) throw new Error(posted.reason);
    const text = async () => pageText(await callRoute("/trails?trail=green", { sessionId: walker }));
    expect(await text()).not.toContain("Resurfacing this afternoon");
    await new Promise((resolve) => setTimeout(resolve, startsAt.getTime() - Date.now() + 50));
    expect(await text()).toMatch(/Notices\s*Caution\s*Green Trail\s*Resurfacing this afternoon/);
    await new Promise((resolve) => setTimeout(resolve, endsAt.getTime() - Date.now() + 50));
    expect(await text()).not.toContain("Resurfacing this afternoon");
    await prisma.notice.delete({ where: { id: posted.notice.id } });
  });
});

describe("the trail's line as a file of its own", () => {
  test("a document with scripts draws the line from its file, kept a year; an edited path moves it to a new address", async () => {
    const html = await trailsPage("/trails?trail=gold", { Cookie: INTERACTIVE });
    const address = lineAddress(html)!;
    expect(address).toContain(GOLD);
    const file = await callRoute(address);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(file.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const svg = await file.text();
    const gold = (await getTrailWithCoordinates(GOLD))!;
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"><path id="line" d="M[^"]+" fill="none" vector-effect="non-scaling-stroke"\/><\/svg>$/,
    );
    expect(svg.split(" L").length).toBe(gold.coordinates.length);

    const [longitude, latitude] = gold.coordinates[1];
    const moved = await updateCoordinate(GOLD, 1, { longitude: longitude + 0.0005, latitude });
    expect(moved.ok).toBe(true);
    const after = lineAddress(await trailsPage("/trails?trail=gold", { Cookie: INTERACTIVE }))!;
    expect(after).not.toBe(address);
    expect((await callRoute(after)).status).toBe(200);
    expect((await callRoute(address)).status).toBe(404);
  });

  test.each([
    ["an unknown trail", `/trails/lines/${"0".repeat(24)}-AAAAAAAAAAAAAAAA.svg`],
    ["a wrong digest", `/trails/lines/${GOLD}-AAAAAAAAAAAAAAAA.svg`],
    ["a name of another shape", `/trails/lines/${GOLD}.svg`],
    ["no svg", `/trails/lines/${GOLD}-AAAAAAAAAAAAAAAA.png`],
  ])("%s is 404, kept by no one", async (_, target) => {
    const response = await callRoute(target);
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("the page without scripts is rendered once", () => {
  /** The route's page in a router, as the document renders it, with or without the server's markup cache. */
  function render(page: object, cache?: MarkupCache) {
    const Stub = createRemixStub([{ id: "routes/trails", path: "/trails", Component: Trails }]);
    const stub = createElement(Stub, {
      initialEntries: ["/trails"],
      hydrationData: { loaderData: { "routes/trails": page } },
    });
    // The stub's in-memory router warns about its layout effects on the server, which a document's router does not have.
    const quiet = vi.spyOn(console, "error").mockImplementation((message: unknown) => {
      if (!String(message).includes("useLayoutEffect does nothing on the server")) throw new Error(String(message));
    });
    try {
      return renderToString(cache ? createElement(MarkupCacheProvider, { value: cache, children: stub }) : stub);
    } finally {
      quiet.mockRestore();
    }
  }

  /** React's text separators and the router's lazy-discovery mark: nothing a browser without scripts shows or uses. */
  const shown = (html: string) => html.replaceAll("<!-- -->", "").replaceAll(' data-discover="true"', "");

  test("the reused markup is the page React renders in the router, every kind of part included, and stored text stays text", async () => {
    const bench = (await trailMapPage("gold")).benches[0];
    const notices = await Promise.all([
      createNotice(null, { trailId: GOLD, kind: "closed", message: "Closed for the <b>race</b> & more" }),
      createNotice(null, {
        benchId: bench.id,
        kind: "caution",
        message: 'Wet "paint"',
        endsAt: new Date(Date.now() + 3_600_000),
      }),
    ]);
    const cache = createMarkupCache();
    let renders = 0;
    const counting: MarkupCache = {
      template: (name, key, make) =>
        cache.template(name, key, () => {
          renders++;
          return make();
        }),
      renderEach: (elements) => cache.renderEach(elements),
    };
    const request = {
      tiles: { url: "https://tiles.example/{z}/{x}/{y}.png", attribution: "Tiles" },
      view: "simple",
      walking: false,
    };
    for (const showBenches of [false, true]) {
      const page = { ...(await trailMapPage("gold")), ...request, showBenches };
      const reused = render(page, counting);
      expect(shown(reused)).toBe(shown(render(page)));
      expect(reused).toContain("Closed for the &lt;b&gt;race&lt;/b&gt; &amp; more");
      expect(reused).toContain("Wet &quot;paint&quot;");
      expect(reused).toMatch(/<path id="trail-map-[0-9a-f]{24}" d="M/);
      expect(render(page, counting)).toBe(reused);
    }
    // One render per trail and bench choice; the second request of each was the first one's markup.
    expect(renders).toBe(2);

    // A document with scripts is hydrated, so it is rendered in the router every time.
    const scripted = { ...(await trailMapPage("gold")), ...request, showBenches: false, view: "interactive" };
    expect(shown(render(scripted, counting))).toBe(shown(render(scripted)));
    expect(renders).toBe(2);
    for (const notice of notices) if (notice.ok) await prisma.notice.delete({ where: { id: notice.notice.id } });
  });
});
