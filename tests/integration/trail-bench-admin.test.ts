import { beforeAll, describe, expect, test } from "vitest";
import { listTrails, getTrailWithCoordinates } from "~/models/trail.server";
import { action, loader } from "~/routes/adminControlPanel/route";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { getLoadContext } from "~/http/load-context.server";
import { signedInAccount } from "../support/accounts";

let userCookie: string;
let adminCookie: string;

beforeAll(async () => {
  await seedDatabase(prisma);
  userCookie = (await signedInAccount("User", "areauser")).cookie;
  adminCookie = (await signedInAccount("Admin", "areaadmin")).cookie;
});

/** Calls the control panel's action like a form post; answers the Response (thrown or returned) or data. */
async function post(option: string, fields: Record<string, string>, cookie?: string) {
  const request = new Request(`http://localhost/adminControlPanel?option=${option}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  try {
    return await action({ request, params: {}, context: getLoadContext() });
  } catch (thrown) {
    return thrown;
  }
}

function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  const init = (answer as { init?: { status?: number } }).init;
  return init?.status ?? 200;
}
/** The reply a refused form gets: its intent, and Conform's result (messages by field, "" for the form; what was typed). */
function replyOf(answer: unknown) {
  return (
    answer as {
      data: { intent: string; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
    }
  ).data;
}

async function goldTrail() {
  const summary = (await listTrails()).find((trail) => trail.color === "gold")!;
  return (await getTrailWithCoordinates(summary.id))!;
}

describe("every trail and bench action is for admins only", () => {
  const intents = {
    trail: ["save-coordinate", "insert-below", "insert-end", "delete-coordinate"],
    bench: ["create-bench", "update-bench", "delete-bench", "add-video", "delete-video"],
  };

  test("a User gets 403 and a visitor is sent to sign in; nothing changes", async () => {
    const trail = await goldTrail();
    const bench = await prisma.bench.findFirstOrThrow({ include: { videos: true }, where: { videos: { some: {} } } });
    const fields = {
      trailId: trail.id,
      version: String(trail.version),
      index: "0",
      latitude: "33.99",
      longitude: "-84.01",
      benchId: bench.id,
      videoId: bench.videos[0].id,
      bench_number: "977",
      location: "Nowhere",
      title: "t",
      url: "https://youtu.be/CQYKNyeBOIY",
    };
    for (const [option, list] of Object.entries(intents)) {
      for (const intent of list) {
        expect(statusOf(await post(option, { ...fields, intent }, userCookie)), `${option}/${intent} as User`).toBe(
          403,
        );
        const visitor = await post(option, { ...fields, intent });
        expect(statusOf(visitor), `${option}/${intent} as visitor`).toBe(302);
        expect((visitor as Response).headers.get("Location")).toMatch(/^\/authorization\?formType=signin/);
      }
    }
    expect(await getTrailWithCoordinates(trail.id)).toEqual(trail);
    expect(await prisma.bench.count({ where: { id: bench.id } })).toBe(1);
    expect(await prisma.benchVideo.count({ where: { id: bench.videos[0].id } })).toBe(1);
    expect(await prisma.bench.count({ where: { benchNumber: 977 } })).toBe(0);
  });

  test("the areas' pages are refused the same way", async () => {
    for (const option of ["trail", "bench"]) {
      const request = (cookie?: string) =>
        new Request(`http://localhost/adminControlPanel?option=${option}`, {
          headers: cookie ? { Cookie: cookie } : {},
        });
      const asUser = await loader({ request: request(userCookie), params: {}, context: getLoadContext() }).catch(
        (thrown: unknown) => thrown,
      );
      expect(statusOf(asUser)).toBe(403);
      const asVisitor = await loader({ request: request(), params: {}, context: getLoadContext() }).catch(
        (thrown: unknown) => thrown,
      );
      expect(statusOf(asVisitor)).toBe(302);
    }
  });
});

describe("admin trail edits", () => {
  test("the coordinate table shows ten points a page; a page out of range shows the nearest one", async () => {
    const trail = await goldTrail();
    type Points = { page: number; pages: number; first: number; end: number };
    const points = async (search: string) => {
      const request = new Request(`http://localhost/adminControlPanel?option=trail&trail=${trail.id}${search}`, {
        headers: { Cookie: adminCookie },
      });
      return ((await loader({ request, params: {}, context: getLoadContext() })) as { area: { points: Points } }).area
        .points;
    };
    const pages = Math.ceil(trail.coordinates.length / 10);
    expect(pages).toBeGreaterThan(1);
    expect(await points("")).toMatchObject({ page: 1, pages, first: 0, end: 10 });
    expect(await points("&page=2")).toMatchObject({ page: 2, first: 10, end: 20 });
    expect(await points(`&page=${pages}`)).toMatchObject({
      page: pages,
      first: (pages - 1) * 10,
      end: trail.coordinates.length,
    });
    for (const [asked, shown] of [
      ["999", pages],
      ["0", 1],
      ["-3", 1],
      ["two", 1],
      ["1.5", 1],
    ] as const) {
      expect((await points(`&page=${asked}`)).page, asked).toBe(shown);
    }
  });

  test("save redirects back to the trail with a flash; a stale version is refused with the message", async () => {
    const trail = await goldTrail();
    const original = trail.coordinates[3];
    const saved = await post(
      "trail",
      {
        intent: "save-coordinate",
        trailId: trail.id,
        version: String(trail.version),
        index: "3",
        latitude: "33.9801",
        longitude: "-84.0071",
      },
      adminCookie,
    );
    expect(statusOf(saved)).toBe(302);
    // Back on the saved point's row (#4, 1-based), where its message stands.
    expect((saved as Response).headers.get("Location")).toBe(
      `/adminControlPanel?option=trail&trail=${trail.id}#point-4`,
    );
    expect((await getTrailWithCoordinates(trail.id))!.coordinates[3]).toEqual([-84.0071, 33.9801]);
    // Ten points a page: #13's answer lands on the second page, which shows its row.
    const [longitude, latitude] = trail.coordinates[12];
    const later = await post(
      "trail",
      {
        intent: "save-coordinate",
        trailId: trail.id,
        version: String(trail.version + 1),
        index: "12",
        latitude: String(latitude),
        longitude: String(longitude),
      },
      adminCookie,
    );
    expect((later as Response).headers.get("Location")).toBe(
      `/adminControlPanel?option=trail&trail=${trail.id}&page=2#point-13`,
    );

    const stale = await post(
      "trail",
      {
        intent: "insert-below",
        trailId: trail.id,
        version: String(trail.version),
        index: "3",
        latitude: "33.99",
        longitude: "-84.01",
      },
      adminCookie,
    );
    expect(statusOf(stale)).toBe(409);
    expect(replyOf(stale).result.error).toEqual({
      "": ["This trail was changed by someone else. Reload to see the latest coordinates."],
    });
    const after = (await getTrailWithCoordinates(trail.id))!;
    expect(after.coordinates).toHaveLength(trail.coordinates.length);

    const missing = await post(
      "trail",
      {
        intent: "insert-end",
        trailId: trail.id,
        version: String(after.version),
        index: String(after.coordinates.length),
        latitude: "33.98",
        longitude: "",
      },
      adminCookie,
    );
    expect(statusOf(missing)).toBe(400);
    expect(replyOf(missing).result.error).toEqual({ longitude: ["Please provide both latitude and longitude"] });
    expect(replyOf(missing).result.initialValue).toMatchObject({ latitude: "33.98" });

    const restored = await post(
      "trail",
      {
        intent: "save-coordinate",
        trailId: trail.id,
        version: String(after.version),
        index: "3",
        latitude: String(original[1]),
        longitude: String(original[0]),
      },
      adminCookie,
    );
    expect(statusOf(restored)).toBe(302);
    expect((await getTrailWithCoordinates(trail.id))!.coordinates).toEqual(trail.coordinates);
  });
});

describe("admin bench edits", () => {
  test("create, duplicate refused, update, add and delete a video, delete the bench", async () => {
    const fields = {
      bench_number: "931",
      location: "By the gym",
      latitude: "33.981",
      longitude: "-84.004",
      trailId: "",
    };
    const created = await post("bench", { intent: "create-bench", ...fields }, adminCookie);
    expect(statusOf(created)).toBe(302);
    const bench = await prisma.bench.findUniqueOrThrow({ where: { benchNumber: 931 } });
    expect((created as Response).headers.get("Location")).toBe(
      `/adminControlPanel?option=bench&bench=${bench.id}#edit-bench`,
    );

    const duplicate = await post("bench", { intent: "create-bench", ...fields, location: "Other" }, adminCookie);
    expect(statusOf(duplicate)).toBe(409);
    expect(replyOf(duplicate).result.error).toEqual({ bench_number: ["Bench #931 already exists."] });
    expect(replyOf(duplicate).result.initialValue).toMatchObject({ location: "Other" });

    const updated = await post(
      "bench",
      { intent: "update-bench", benchId: bench.id, version: "0", ...fields, location: "Behind the gym" },
      adminCookie,
    );
    expect(statusOf(updated)).toBe(302);
    expect((await prisma.bench.findUniqueOrThrow({ where: { id: bench.id } })).location).toBe("Behind the gym");

    const video = await post(
      "bench",
      { intent: "add-video", benchId: bench.id, title: "Stretch", url: "https://www.youtube.com/watch?v=CQYKNyeBOIY" },
      adminCookie,
    );
    expect(statusOf(video)).toBe(302);
    const stored = await prisma.benchVideo.findFirstOrThrow({ where: { benchId: bench.id } });
    expect(stored.url).toBe("https://www.youtube.com/embed/CQYKNyeBOIY");
    expect(
      statusOf(await post("bench", { intent: "delete-video", benchId: bench.id, videoId: stored.id }, adminCookie)),
    ).toBe(302);
    expect(await prisma.benchVideo.count({ where: { benchId: bench.id } })).toBe(0);

    // The update and the two video changes each moved the version on.
    expect(
      statusOf(await post("bench", { intent: "delete-bench", benchId: bench.id, version: "3" }, adminCookie)),
    ).toBe(302);
    expect(await prisma.bench.count({ where: { id: bench.id } })).toBe(0);
  });
});
