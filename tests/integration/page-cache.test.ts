// The page cache (decision 062): visitors' pages served from memory by the middleware
// in front of Remix, through the same express stack server.ts builds, on this file's own database. That a
// hit skips the loaders and React is proved by the SQL it sends (one version lookup) and by render counts.
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { data, type ServerBuild } from "@remix-run/node";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { PAGE_CACHE_ENTRIES, pageValidUntil } from "~/http/page-cache-store.server";
import { PAGE_CACHE_HEADER } from "~/http/page-cache.server";
import { createNotice, deleteNotice } from "~/models/notice.server";
import { createSession } from "~/models/session.server";
import { getTrailBySlug } from "~/models/trail.server";
import { updateTrailFacts } from "~/models/trail-edit.server";
import { createUser } from "~/models/user.server";
import { database, prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { truncateAll } from "../support/database-template";
import { build, kit, startPageStack, type PageStack } from "../support/page-stack";
import { sessionCookieFor } from "../support/routes";

const statements = await vi.hoisted(async () => (await import("../support/query-log")).installQueryLog());

let stack: PageStack;

beforeAll(async () => {
  await truncateAll(database);
  await seedDatabase(prisma);
  stack = await startPageStack();
});

afterAll(async () => {
  await stack?.close();
});

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(stack.url + path, { method, headers: { "Accept-Encoding": "identity", ...headers } });
  return { response, body: await response.text() };
}

/** Requests a page until the cache holds it: the first render marks it cacheable, the next is stored. */
async function warm(path: string) {
  await get(path);
  await get(path);
}

/** What one request sends to the database, and its answer. */
async function statementsOf(path: string, headers: Record<string, string> = {}) {
  const before = statements.length;
  const answer = await get(path, headers);
  return { ...answer, sql: statements.slice(before) };
}

const hits = () => kit.pageCacheStats().hits;

describe("a visitor's page is rendered once per change", () => {
  test("the second visitor gets the stored page: no loader, no render, one query for the data versions", async () => {
    await warm("/trails/gold");
    const rendersBefore = kit.pageCacheStats().renders;
    const hitsBefore = hits();
    const { response, body, sql } = await statementsOf("/trails/gold");
    expect(response.status).toBe(200);
    expect(body).toMatch(/<h1[^>]*>Gold Trail<\/h1>/);
    expect(hits()).toBe(hitsBefore + 1);
    expect(kit.pageCacheStats().renders).toBe(rendersBefore);
    expect(sql).toHaveLength(1);
    expect(sql[0]).toMatch(/"DataVersion"/);
    expect(sql.join("\n")).not.toMatch(/"Trail"|"Bench"|"TrailPoint"/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(response.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(response.headers.get("Vary")).toMatch(/Cookie/);
    expect(Number(response.headers.get("Content-Length"))).toBe(Buffer.byteLength(body));
  });

  test("a render answers with the same headers and ETag as the stored copy", async () => {
    await get("/privacy");
    const fresh = await get("/privacy");
    const stored = await get("/privacy");
    expect(fresh.response.headers.get("ETag")).toBe(stored.response.headers.get("ETag"));
    expect(fresh.response.headers.get("Cache-Control")).toBe(stored.response.headers.get("Cache-Control"));
    expect(fresh.response.headers.get("Content-Security-Policy")).toBe(
      stored.response.headers.get("Content-Security-Policy"),
    );
    expect(fresh.body).toBe(stored.body);
  });

  test("for a browser asking for gzip too, the render and the stored copy answer the same encoding and tag", async () => {
    const answers = [];
    for (let load = 0; load < 3; load++) {
      const response = await fetch(`${stack.url}/about?encoded`, {
        headers: { "Accept-Encoding": "gzip, deflate, br" },
      });
      answers.push({
        encoding: response.headers.get("Content-Encoding"),
        etag: response.headers.get("ETag"),
        body: await response.text(),
      });
    }
    // The second is a render that is stored, the third the stored copy.
    expect(answers[1]).toEqual(answers[2]);
    expect(answers[2].encoding).toBe("gzip");
    expect(answers[2].etag).toMatch(/-gzip"$/);
  });

  test("an admin's edit shows on the next request, under a new ETag", async () => {
    await warm("/trails/green");
    const before = await get("/trails/green");
    expect(before.body).not.toContain("Boardwalk");
    const trail = (await getTrailBySlug("green"))!;
    expect((await updateTrailFacts(trail.id, { surface: "boardwalk" })).ok).toBe(true);
    const after = await get("/trails/green");
    expect(after.body).toMatch(/Boardwalk/i);
    expect(after.response.headers.get("ETag")).not.toBe(before.response.headers.get("ETag"));
    // And the new page is stored in turn.
    const hitsBefore = hits();
    expect((await get("/trails/green")).body).toBe(after.body);
    expect(hits()).toBe(hitsBefore + 1);
  });

  test("a notice posted on a trail reaches its stored visitor page at once, and leaves it at its end with nobody acting", async () => {
    await warm("/trails/gray");
    const before = await get("/trails/gray");
    expect(before.body).not.toContain("Resurfacing by the lake");
    const gray = (await getTrailBySlug("gray"))!;
    const endsAt = new Date(Date.now() + 3_000);
    const posted = await createNotice(null, {
      trailId: gray.id,
      kind: "caution",
      message: "Resurfacing by the lake",
      endsAt,
    });
    expect(posted.ok).toBe(true);
    // Posting moved the notices' data version: the next visitor gets a page with the banner.
    const during = await get("/trails/gray");
    expect(during.body).toContain("Resurfacing by the lake");
    expect(during.response.headers.get("ETag")).not.toBe(before.response.headers.get("ETag"));
    const hitsBefore = hits();
    expect((await get("/trails/gray")).body).toContain("Resurfacing by the lake");
    expect(hits()).toBe(hitsBefore + 1);
    // The stored page holds only until the notice ends: after it, the page is rendered again without it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, endsAt.getTime() - Date.now()) + 200));
    const after = await get("/trails/gray");
    expect(after.body).not.toContain("Resurfacing by the lake");
    if (posted.ok) await deleteNotice(posted.notice.id);
  });

  test("If-None-Match with the current ETag is answered 304 with no body, for either encoding's tag", async () => {
    await warm("/");
    const { response } = await get("/");
    const etag = response.headers.get("ETag")!;
    const revalidated = await get("/", { "If-None-Match": etag });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.response.headers.get("ETag")).toBe(etag);
    const gzipTag = (await get("/", { "Accept-Encoding": "gzip" })).response.headers.get("ETag")!;
    expect(gzipTag).toBe(`"${etag.slice(1, -1)}-gzip"`);
    expect((await get("/", { "If-None-Match": gzipTag })).response.status).toBe(304);
    expect((await get("/", { "If-None-Match": '"something-else"' })).response.status).toBe(200);
  });

  test("a browser asking for gzip gets the stored compressed copy of the same page", async () => {
    await warm("/about");
    const plain = await get("/about");
    const hitsBefore = hits();
    const response = await fetch(`${stack.url}/about`, { headers: { "Accept-Encoding": "gzip" } });
    expect(hits()).toBe(hitsBefore + 1);
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Vary")).toMatch(/Accept-Encoding/);
    // fetch decodes gzip itself; the raw bytes are checked through a second, undecoded read below.
    expect(await response.text()).toBe(plain.body);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import("node:http").then(({ get: httpGet }) =>
        httpGet(`${stack.url}/about`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        }).on("error", reject),
      );
    });
    expect(gunzipSync(raw).toString()).toBe(plain.body);
  });

  test("HEAD is answered from the stored page: its headers, no body", async () => {
    await warm("/privacy");
    const full = await get("/privacy");
    const head = await get("/privacy", {}, "HEAD");
    expect(head.response.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.response.headers.get("ETag")).toBe(full.response.headers.get("ETag"));
    expect(head.response.headers.get("Content-Length")).toBe(String(Buffer.byteLength(full.body)));
  });

  test("a cookie no page reads (XSRF-TOKEN, another app's) does not stop the cache", async () => {
    await warm("/about");
    const hitsBefore = hits();
    const { response } = await get("/about", { Cookie: `XSRF-TOKEN=${"a".repeat(48)}; __device=abc; theme=dark` });
    expect(response.headers.get("Cache-Control")).toMatch(/^public/);
    expect(hits()).toBe(hitsBefore + 1);
  });

  test("random query strings never hold more than the cap of pages", async () => {
    const targets = Array.from({ length: PAGE_CACHE_ENTRIES + 20 }, (_, i) => `/about?x=${i}-${Math.random()}`);
    for (let i = 0; i < targets.length; i += 10)
      await Promise.all(targets.slice(i, i + 10).map((target) => get(target)));
    expect(kit.pageCacheStats().entries).toBeLessThanOrEqual(PAGE_CACHE_ENTRIES);
  });

  test("a client's own page-cache header is ignored: it cannot store a page under versions it names", async () => {
    const storesBefore = kit.pageCacheStats().stores;
    await get("/trails/gray", { [PAGE_CACHE_HEADER]: "trails:0" });
    expect(kit.pageCacheStats().stores).toBe(storesBefore);
  });
});

describe("pages for people are their own", () => {
  test("a signed-in request after a visitor's cached hit gets its own page (its header, its name), private, no-store", async () => {
    await warm("/benches/" + (await prisma.bench.findFirstOrThrow({ select: { id: true } })).id);
    const bench = await prisma.bench.findFirstOrThrow({ select: { id: true } });
    const hitsBefore = hits();
    const visitor = await get(`/benches/${bench.id}`);
    expect(hits()).toBe(hitsBefore + 1);
    expect(visitor.body).toContain("Sign in to start a walk from here");
    expect(visitor.body).not.toContain("Logout");

    const user = await createUser({
      username: "cachewalker",
      email: "cachewalker@example.test",
      password: "cachewalker-pw",
    });
    const cookie = await sessionCookieFor((await createSession(user.id)).id);
    const own = await get(`/benches/${bench.id}`, { Cookie: cookie });
    expect(hits()).toBe(hitsBefore + 1);
    expect(own.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(own.response.headers.get("ETag")).toBeNull();
    // The header of a signed-in person (its Logout button), and what only a signed-in person is offered.
    expect(own.body).toContain("Logout");
    expect(own.body).toContain("Log a walk on the");
    expect(own.body).not.toContain("Sign in to start a walk from here");
    // The signed-in page went nowhere near the store: the next visitor still gets the visitor's page.
    expect((await get(`/benches/${bench.id}`)).body).toBe(visitor.body);
  });

  test("a forged session cookie bypasses the cache and gets a page no one keeps", async () => {
    await warm("/about");
    const hitsBefore = hits();
    const { response, body } = await get("/about", { Cookie: "__session=forged" });
    expect(hits()).toBe(hitsBefore);
    expect(response.status).toBe(200);
    expect(body).toContain("About Walking Trails");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  test("a flash message's cookie bypasses the cache, and that page is kept by no one", async () => {
    await warm("/");
    const hitsBefore = hits();
    const rendersBefore = kit.pageCacheStats().renders;
    const { response } = await get("/", { Cookie: "__toast=anything" });
    expect(hits()).toBe(hitsBefore);
    expect(kit.pageCacheStats().renders).toBe(rendersBefore);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  test("pages that did not opt in are never stored, even for visitors", async () => {
    const storesBefore = kit.pageCacheStats().stores;
    for (let i = 0; i < 3; i++) {
      const { response } = await get("/authorization");
      expect(response.headers.get("ETag")).toBeNull();
      expect(response.headers.get("Cache-Control") ?? "").not.toMatch(/public/);
    }
    expect(kit.pageCacheStats().stores).toBe(storesBefore);
  });

  test("a 404 is never stored", async () => {
    for (let i = 0; i < 3; i++) expect((await get("/trails/purple")).response.status).toBe(404);
    expect((await get("/trails/purple")).response.headers.get("ETag")).toBeNull();
  });
});

describe("the stored page's Content-Security-Policy matches its body", () => {
  const policyOf = (response: Response) => response.headers.get("Content-Security-Policy")!;

  test("a page without scripts allows none, and carries no nonce", async () => {
    await warm("/");
    const { response, body } = await get("/");
    expect(policyOf(response)).toMatch(/script-src 'none'/);
    expect(policyOf(response)).not.toMatch(/nonce-/);
    expect(body).not.toMatch(/<script/);
    expect(body).not.toMatch(/nonce=/);
  });

  /**
   * A trail's page ships scripts only while a notice on it is due to start or end (decision 064): an
   * upcoming one, which shows nothing yet, for the length of `fn`.
   */
  async function withNoticeDue(slug: string, fn: () => Promise<void>) {
    const trail = (await getTrailBySlug(slug))!;
    const startsAt = new Date(Date.now() + 3_600_000);
    const posted = await createNotice(null, {
      trailId: trail.id,
      kind: "caution",
      message: "Mowing next hour",
      startsAt,
    });
    if (!posted.ok) throw new Error(`the notice was refused: ${posted.reason}`);
    try {
      await fn();
    } finally {
      await deleteNotice(posted.notice.id);
    }
  }

  test("a trail's page with no notice due has no script and allows none", async () => {
    await warm("/trails/gold");
    const { response, body } = await get("/trails/gold");
    expect(policyOf(response)).toMatch(/script-src 'none'/);
    expect(body).not.toMatch(/<script/);
  });

  test("a page with scripts allows exactly the hashes of its own inline scripts", async () => {
    await withNoticeDue("gold", async () => {
      await warm("/trails/gold");
      const { response, body } = await get("/trails/gold");
      const policy = policyOf(response);
      expect(policy).not.toMatch(/nonce-/);
      expect(body).not.toMatch(/nonce=/);
      const inline = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter((match) => !/\bsrc=/.test(match[1]))
        .map((match) => match[2]);
      expect(inline.length).toBeGreaterThan(0);
      const allowed = [...policy.matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]).sort();
      const hashes = [
        ...new Set(inline.map((script) => `sha256-${createHash("sha256").update(script).digest("base64")}`)),
      ].sort();
      expect(allowed).toEqual(hashes);
      expect(policy).toMatch(/script-src 'self' 'sha256-/);
    });
  });

  test("a signed-in person's page keeps its per-request nonce", async () => {
    const user = await createUser({
      username: "noncewalker",
      email: "noncewalker@example.test",
      password: "noncewalker-pw",
    });
    const cookie = await sessionCookieFor((await createSession(user.id)).id);
    await withNoticeDue("gold", async () => {
      const { response, body } = await get("/trails/gold", { Cookie: cookie });
      const nonce = /'nonce-([^']+)'/.exec(policyOf(response))![1];
      expect(body).toContain(`nonce="${nonce}"`);
    });
  });
});

describe("a page may say when it stops being true", () => {
  // A route of this test's own over the real build (root layout, entry, middleware): its loader says
  // the page holds until `until`, as a closure notice that ends will.
  let loaderCalls = 0;
  let until = new Date();
  const id = "routes/test-notice";
  const about = build.assets.routes["routes/about"];
  const noticeBuild: ServerBuild = {
    ...build,
    routes: {
      ...build.routes,
      [id]: {
        id,
        parentId: "root",
        path: "test-notice",
        index: undefined,
        caseSensitive: undefined,
        module: {
          handle: { scripts: false, publicCache: true },
          loader: () => {
            loaderCalls++;
            return data({ until: until.toISOString() }, { headers: pageValidUntil(until) });
          },
          default: () => createElement("p", null, "The path is closed for now."),
        },
      },
    },
    assets: {
      ...build.assets,
      routes: { ...build.assets.routes, [id]: { ...about, id, path: "test-notice", hasLoader: true } },
    },
  };
  let noticeStack: PageStack;

  beforeAll(async () => {
    noticeStack = await startPageStack(noticeBuild);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await noticeStack?.close();
  });

  const notice = () => fetch(`${noticeStack.url}/test-notice`, { headers: { "Accept-Encoding": "identity" } });

  test("the cache and a CDN keep the page no longer than it holds, and the cache renders it again after", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-01T09:00:00Z") });
    until = new Date("2026-12-01T09:01:30Z");
    await notice();
    await notice();
    expect(loaderCalls).toBe(2);
    const hit = await notice();
    expect(loaderCalls).toBe(2);
    expect(await hit.text()).toContain("The path is closed for now.");
    // 90 s left: a CDN may keep it 60 s and serve it stale only for the 30 s after.
    expect(hit.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=30");
    expect(hit.headers.get("X-Page-Valid-Until")).toBeNull();

    vi.setSystemTime(new Date("2026-12-01T09:01:10Z"));
    const later = await notice();
    expect(loaderCalls).toBe(2);
    expect(later.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=20, stale-while-revalidate=0");

    // Past its end: rendered again, with nobody acting.
    vi.setSystemTime(new Date("2026-12-01T09:01:31Z"));
    until = new Date("2026-12-01T10:00:00Z");
    await notice();
    expect(loaderCalls).toBe(3);
    await notice();
    expect(loaderCalls).toBe(3);
  });
});
