import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, test } from "vitest";
import { listTrails } from "~/models/trail.server";
import { insertCoordinate, updateCoordinate } from "~/models/trail-edit.server";
import * as benchCreate from "~/routes/api.bench.bench";
import * as benchOne from "~/routes/api.bench.bench.$id";
import * as benchAddVideo from "~/routes/api.bench.bench.$id.add-video";
import * as benchDeleteVideo from "~/routes/api.bench.bench.$id.delete-video.$videoId";
import * as benchList from "~/routes/api.bench.benches";
import * as trailOne from "~/routes/api.trails.$id";
import * as trailInsert from "~/routes/api.trails.$id.coordinate";
import * as trailCoordinate from "~/routes/api.trails.$id.coordinate.$index";
import * as trailList from "~/routes/api.trails.trails";
import { benchJsonSchema } from "~/schemas/bench";
import { trailJsonSchema, trailMessages } from "~/schemas/trail";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { getLoadContext } from "~/http/load-context.server";
import { signedInAccount } from "../support/accounts";

type Route = { loader: (args: LoaderFunctionArgs) => unknown; action: (args: ActionFunctionArgs) => unknown };

let userToken: string;
let adminToken: string;
let adminCookie: string;

function call(
  route: Route,
  method: string,
  path: string,
  params: Record<string, string>,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? adminToken : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const request = new Request(`http://localhost${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const fn = method === "GET" ? route.loader : route.action;
  return fn({ request, params, context: getLoadContext() }) as Promise<Response>;
}

async function json(response: Response | Promise<Response>) {
  const answer = await response;
  return { status: answer.status, body: await answer.json() };
}

async function trailByColor(color: string) {
  return (await listTrails()).find((trail) => trail.color === color)!;
}
async function pointsOf(trailId: string) {
  const points = await prisma.trailPoint.findMany({ where: { trailId }, orderBy: { position: "asc" } });
  return points.map((point) => ({ position: point.position, coordinate: [point.longitude, point.latitude] }));
}

const unknownId = "0123456789abcdef01234567";

beforeAll(async () => {
  await seedDatabase(prisma);
  userToken = (await signedInAccount("User", "trailuser")).token;
  ({ token: adminToken, cookie: adminCookie } = await signedInAccount("Admin", "trailadmin"));
});

describe("GET /api/trails/trails and /api/trails/{id}", () => {
  test("signed-in users get every trail as a LineString of [lng, lat]", async () => {
    const { status, body } = await json(call(trailList, "GET", "/api/trails/trails", {}, { token: userToken }));
    expect(status).toBe(200);
    expect(body.map((trail: { color: string }) => trail.color)).toEqual(["gold", "green", "gray"]);
    for (const trail of body) expect(trailJsonSchema.strict().parse(trail)).toEqual(trail);
    const green = body[1];
    expect(green.path.type).toBe("LineString");
    expect(green.path.coordinates[0][0]).toBeLessThan(-80); // longitude first
    const one = await json(call(trailOne, "GET", `/api/trails/${green._id}`, { id: green._id }, { token: userToken }));
    // The same trail, and its benches in walking order.
    const { benches, ...trail } = one.body;
    expect({ status: one.status, body: trail }).toEqual({ status: 200, body: green });
    expect(benches.length).toBeGreaterThan(0);
  });

  test("visitors get 401; unknown and malformed ids 404", async () => {
    expect((await call(trailList, "GET", "/api/trails/trails", {}, { token: null })).status).toBe(401);
    const trail = await trailByColor("gold");
    expect((await call(trailOne, "GET", "/api/trails/x", { id: trail.id }, { token: null })).status).toBe(401);
    expect(await json(call(trailOne, "GET", "/api/trails/x", { id: unknownId }, { token: userToken }))).toMatchObject({
      status: 404,
      body: { message: trailMessages.notFound },
    });
    expect((await call(trailOne, "GET", "/api/trails/x", { id: "nope" }, { token: userToken })).status).toBe(404);
  });
});

describe("coordinate writes", () => {
  test("PATCH /coordinate/{index} stores [longitude, latitude] and answers the whole trail", async () => {
    const trail = await trailByColor("gray");
    const before = await pointsOf(trail.id);
    const { status, body } = await json(
      call(
        trailCoordinate,
        "PATCH",
        "/x",
        { id: trail.id, index: "2" },
        { body: { latitude: "33.98123", longitude: -84.00456 } },
      ),
    );
    expect(status).toBe(200);
    expect(body.path.coordinates[2]).toEqual([-84.00456, 33.98123]);
    expect(body.path.coordinates).toHaveLength(before.length);
    const after = await pointsOf(trail.id);
    expect(after[2].coordinate).toEqual([-84.00456, 33.98123]);
    expect(after.filter((_, index) => index !== 2)).toEqual(before.filter((_, index) => index !== 2));
  });

  test("coordinate validation: both required, near the campus, numbers; out-of-range index 404", async () => {
    const trail = await trailByColor("gray");
    const before = await pointsOf(trail.id);
    const patch = (body: unknown, index = "0") =>
      json(call(trailCoordinate, "PATCH", "/x", { id: trail.id, index }, { body }));
    expect(await patch({ latitude: 33.98 })).toMatchObject({
      status: 400,
      body: {
        message: "Please provide both latitude and longitude",
        fieldErrors: { longitude: ["Please provide both latitude and longitude"] },
      },
    });
    expect(await patch({ latitude: 40, longitude: -84 })).toMatchObject({
      status: 400,
      body: { message: "This point is 669 km from the campus; points must be within 5 km of its trails and benches." },
    });
    expect(await patch({ latitude: 33.98, longitude: 200 })).toMatchObject({
      status: 400,
      body: { message: "Longitude must be between -180 and 180." },
    });
    expect((await patch({ latitude: "north", longitude: -84 })).status).toBe(400);
    expect(await patch({ latitude: 33.98, longitude: -84 }, String(before.length))).toMatchObject({
      status: 404,
      body: { message: trailMessages.indexOutOfRange },
    });
    expect((await patch({ latitude: 33.98, longitude: -84 }, "-1")).status).toBe(404);
    expect(await pointsOf(trail.id)).toEqual(before);
  });

  test("PATCH /coordinate inserts at index; DELETE removes; positions stay contiguous", async () => {
    const trail = await trailByColor("gold");
    const before = await pointsOf(trail.id);
    const inserted = await json(
      call(trailInsert, "PATCH", "/x", { id: trail.id }, { body: { index: 1, coordinate: [-84.001, 33.981] } }),
    );
    expect(inserted.status).toBe(200);
    expect(inserted.body.path.coordinates).toHaveLength(before.length + 1);
    expect(inserted.body.path.coordinates[1]).toEqual([-84.001, 33.981]);
    expect(inserted.body.path.coordinates[2]).toEqual(before[1].coordinate);
    const atEnd = await json(
      call(
        trailInsert,
        "PATCH",
        "/x",
        { id: trail.id },
        { body: { index: before.length + 1, coordinate: ["-84.002", "33.982"] } },
      ),
    );
    expect(atEnd.body.path.coordinates.at(-1)).toEqual([-84.002, 33.982]);

    const removed = await json(
      call(trailCoordinate, "DELETE", "/x", { id: trail.id, index: String(before.length + 1) }),
    );
    expect(removed.status).toBe(200);
    const removedFirst = await json(call(trailCoordinate, "DELETE", "/x", { id: trail.id, index: "1" }));
    expect(removedFirst.body.path.coordinates).toEqual(before.map((point) => point.coordinate));
    expect((await pointsOf(trail.id)).map((point) => point.position)).toEqual(before.map((_, index) => index));
    expect((await call(trailCoordinate, "DELETE", "/x", { id: trail.id, index: String(before.length) })).status).toBe(
      404,
    );
  });

  test("latitude and longitude sent exchanged are stored corrected, with a Warning header", async () => {
    const trail = await trailByColor("gray");
    const before = await pointsOf(trail.id);
    const saved = await call(
      trailCoordinate,
      "PATCH",
      "/x",
      { id: trail.id, index: "1" },
      { body: { latitude: -84.00456, longitude: 33.98123 } },
    );
    expect(saved.status).toBe(200);
    expect(saved.headers.get("Warning")).toBe('299 - "latitude and longitude were swapped; stored corrected"');
    expect((await saved.json()).path.coordinates[1]).toEqual([-84.00456, 33.98123]);
    expect((await pointsOf(trail.id))[1].coordinate).toEqual([-84.00456, 33.98123]);

    const inserted = await call(
      trailInsert,
      "PATCH",
      "/x",
      { id: trail.id },
      { body: { index: 2, coordinate: [33.9815, -84.0049] } },
    );
    expect(inserted.status).toBe(200);
    expect(inserted.headers.get("Warning")).toBe('299 - "latitude and longitude were swapped; stored corrected"');
    const after = await pointsOf(trail.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after[2].coordinate).toEqual([-84.0049, 33.9815]);

    // The right way round: no warning.
    const plain = await call(
      trailCoordinate,
      "PATCH",
      "/x",
      { id: trail.id, index: "1" },
      { body: { latitude: 33.98124, longitude: -84.00457 } },
    );
    expect(plain.status).toBe(200);
    expect(plain.headers.get("Warning")).toBeNull();
    // Outside the campus either way: refused, nothing stored.
    const unchanged = await pointsOf(trail.id);
    const refused = await json(
      call(trailCoordinate, "PATCH", "/x", { id: trail.id, index: "1" }, { body: { latitude: -84.0, longitude: 40 } }),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message: "This point is 14,141 km from the campus; points must be within 5 km of its trails and benches.",
      },
    });
    expect(await pointsOf(trail.id)).toEqual(unchanged);
  });

  test("insert validation: pair required, both values, near the campus, index range", async () => {
    const trail = await trailByColor("gold");
    const before = await pointsOf(trail.id);
    const insert = (body: unknown) => json(call(trailInsert, "PATCH", "/x", { id: trail.id }, { body }));
    expect(await insert({ index: 0, coordinate: [-84.0] })).toMatchObject({
      status: 400,
      body: { message: trailMessages.coordinatePair },
    });
    expect(await insert({ index: 0, coordinate: [-84.0, ""] })).toMatchObject({
      status: 400,
      body: { message: "Please provide both latitude and longitude" },
    });
    expect(await insert({ index: 0, coordinate: [34.5, -84.0] })).toMatchObject({ status: 400 });
    expect(await insert({ index: 0, coordinate: [-84.0, -84.0] })).toMatchObject({ status: 400 });
    expect(await insert({ index: -1, coordinate: [-84.0, 33.98] })).toMatchObject({
      status: 400,
      body: { message: trailMessages.index },
    });
    expect(await insert({ coordinate: [-84.0, 33.98] })).toMatchObject({ status: 400 });
    expect(await insert({ index: before.length + 1, coordinate: [-84.0, 33.98] })).toMatchObject({ status: 404 });
    expect(await pointsOf(trail.id)).toEqual(before);
  });

  test("writes need an admin: 401 visitor, 403 user, 403 cookie without X-XSRF-TOKEN; 404 unknown trail", async () => {
    const trail = await trailByColor("green");
    const body = { latitude: 33.98, longitude: -84.0 };
    const params = { id: trail.id, index: "0" };
    expect((await call(trailCoordinate, "PATCH", "/x", params, { token: null, body })).status).toBe(401);
    expect((await call(trailCoordinate, "PATCH", "/x", params, { token: userToken, body })).status).toBe(403);
    expect((await call(trailCoordinate, "DELETE", "/x", params, { token: userToken })).status).toBe(403);
    expect(
      (
        await call(
          trailInsert,
          "PATCH",
          "/x",
          { id: trail.id },
          { token: userToken, body: { index: 0, coordinate: [-84, 33.98] } },
        )
      ).status,
    ).toBe(403);
    const cookieWrite = await call(trailCoordinate, "PATCH", "/x", params, {
      token: null,
      body,
      headers: { Cookie: adminCookie },
    });
    expect(cookieWrite.status).toBe(403);
    expect((await cookieWrite.json()).message).toMatch(/X-XSRF-TOKEN/);
    expect((await call(trailCoordinate, "PATCH", "/x", { id: unknownId, index: "0" }, { body })).status).toBe(404);
    expect((await call(trailCoordinate, "DELETE", "/x", { id: "bad", index: "0" })).status).toBe(404);
    expect(
      (await call(trailInsert, "PATCH", "/x", { id: unknownId }, { body: { index: 0, coordinate: [-84, 33.98] } }))
        .status,
    ).toBe(404);
  });

  test("20 simultaneous inserts through the API give exactly the sequential outcome", async () => {
    const trail = await prisma.trail.create({
      data: {
        name: "Concurrency Loop",
        color: "purple",
        points: { create: [{ position: 0, longitude: -84.0, latitude: 33.98 }] },
      },
    });
    const coordinates = Array.from({ length: 20 }, (_, n): [number, number] => [
      -84.0 - (n + 1) / 10_000,
      33.98 + (n + 1) / 10_000,
    ]);
    const answers = await Promise.all(
      coordinates.map((coordinate) =>
        call(trailInsert, "PATCH", "/x", { id: trail.id }, { body: { index: 1, coordinate } }).then(
          (response) => response.status,
        ),
      ),
    );
    expect(answers).toEqual(coordinates.map(() => 200));
    const points = await pointsOf(trail.id);
    expect(points.map((point) => point.position)).toEqual(Array.from({ length: 21 }, (_, index) => index));
    expect(points[0].coordinate).toEqual([-84.0, 33.98]);
    // Each insert at index 1 pushed the earlier ones down: every coordinate is there exactly once.
    expect(
      points
        .slice(1)
        .map((point) => point.coordinate)
        .sort(),
    ).toEqual([...coordinates].sort());
    expect((await prisma.trail.findUniqueOrThrow({ where: { id: trail.id } })).version).toBe(20);
  });

  test("an edit based on an older version is refused, not applied over the newer one", async () => {
    const trail = await prisma.trail.create({
      data: {
        name: "Version Loop",
        color: "blue",
        points: { create: [{ position: 0, longitude: -84.0, latitude: 33.98 }] },
      },
    });
    const first = await updateCoordinate(trail.id, 0, { latitude: 33.981, longitude: -84.001 }, { expectedVersion: 0 });
    expect(first.ok).toBe(true);
    const stale = await updateCoordinate(trail.id, 0, { latitude: 33.99, longitude: -84.01 }, { expectedVersion: 0 });
    expect(stale).toEqual({ ok: false, reason: "stale" });
    const staleInsert = await insertCoordinate(trail.id, 1, [-84.01, 33.99], { expectedVersion: 0 });
    expect(staleInsert).toEqual({ ok: false, reason: "stale" });
    expect((await pointsOf(trail.id)).map((point) => point.coordinate)).toEqual([[-84.001, 33.981]]);
  });

  test("through the API an edit naming an older version is refused with 409 like on the page; without one, last write wins", async () => {
    const trail = await prisma.trail.create({
      data: {
        name: "API Version Loop",
        color: "blue",
        points: { create: [{ position: 0, longitude: -84.0, latitude: 33.98 }] },
      },
    });
    const at = (index: number) => `/api/trails/${trail.id}/coordinate/${index}`;
    const params = (index: number) => ({ id: trail.id, index: String(index) });
    const read = await json(call(trailOne, "GET", `/api/trails/${trail.id}`, { id: trail.id }));
    expect(read.body.version).toBe(0);

    const saved = await json(
      call(trailCoordinate, "PATCH", at(0), params(0), { body: { latitude: 33.981, longitude: -84.001, version: 0 } }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, path: { coordinates: [[-84.001, 33.981]] } });

    // Each write refused against the version the client last saw (0), nothing changed by any of them.
    const staleSave = await json(
      call(trailCoordinate, "PATCH", at(0), params(0), { body: { latitude: 33.99, longitude: -84.01, version: 0 } }),
    );
    const staleInsert = await json(
      call(
        trailInsert,
        "PATCH",
        `/api/trails/${trail.id}/coordinate`,
        { id: trail.id },
        { body: { index: 1, coordinate: [-84.01, 33.99], version: 0 } },
      ),
    );
    const staleDelete = await json(call(trailCoordinate, "DELETE", `${at(0)}?version=0`, params(0)));
    for (const stale of [staleSave, staleInsert, staleDelete]) {
      expect(stale).toEqual({ status: 409, body: { message: trailMessages.stale, error: trailMessages.stale } });
    }
    expect((await pointsOf(trail.id)).map((point) => point.coordinate)).toEqual([[-84.001, 33.981]]);

    const badVersion = await json(call(trailCoordinate, "DELETE", `${at(0)}?version=soon`, params(0)));
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.fieldErrors).toEqual({ version: [trailMessages.version] });

    // The current version is accepted, and a write that names none applies to the trail as it is.
    const inserted = await json(
      call(
        trailInsert,
        "PATCH",
        `/api/trails/${trail.id}/coordinate`,
        { id: trail.id },
        { body: { index: 1, coordinate: [-84.002, 33.982], version: 1 } },
      ),
    );
    expect(inserted).toMatchObject({ status: 200, body: { version: 2 } });
    const unversioned = await json(
      call(trailCoordinate, "PATCH", at(1), params(1), { body: { latitude: 33.983, longitude: -84.003 } }),
    );
    expect(unversioned).toMatchObject({ status: 200, body: { version: 3 } });
    expect((await json(call(trailCoordinate, "DELETE", `${at(0)}?version=3`, params(0)))).status).toBe(200);
    expect((await pointsOf(trail.id)).map((point) => point.coordinate)).toEqual([[-84.003, 33.983]]);
  });
});

describe("benches", () => {
  const created: { id?: string } = {};

  test("GET /api/bench/benches: every bench by number with its videos; 401 for visitors", async () => {
    const { status, body } = await json(call(benchList, "GET", "/api/bench/benches", {}, { token: userToken }));
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    for (const bench of body) expect(benchJsonSchema.strict().parse(bench)).toEqual(bench);
    const numbers = body.map((bench: { bench_number: number }) => bench.bench_number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect((await call(benchList, "GET", "/api/bench/benches", {}, { token: null })).status).toBe(401);
  });

  test("POST /api/bench/bench creates (numbers from text) with 201; duplicates 409; validation 400", async () => {
    const response = await json(
      call(
        benchCreate,
        "POST",
        "/api/bench/bench",
        {},
        { body: { bench_number: "901", location: "By the pond", latitude: "33.981", longitude: "-84.004" } },
      ),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      bench_number: 901,
      location: "By the pond",
      latitude: 33.981,
      longitude: -84.004,
      videos: [],
    });
    created.id = response.body._id;
    expect(await prisma.bench.count({ where: { benchNumber: 901 } })).toBe(1);

    const duplicate = await json(
      call(
        benchCreate,
        "POST",
        "/x",
        {},
        { body: { benchNumber: 901, location: "Elsewhere", latitude: 33.98, longitude: -84 } },
      ),
    );
    expect(duplicate).toMatchObject({ status: 409, body: { message: "Bench #901 already exists." } });
    const invalid = [
      [{ location: "x", latitude: 33.98, longitude: -84 }, "Bench number is required."],
      [
        { bench_number: "abc", location: "x", latitude: 33.98, longitude: -84 },
        "Bench number must be a whole number of at least 1.",
      ],
      [
        { bench_number: 0, location: "x", latitude: 33.98, longitude: -84 },
        "Bench number must be a whole number of at least 1.",
      ],
      [{ bench_number: 902, location: "  ", latitude: 33.98, longitude: -84 }, "Location is required."],
      [{ bench_number: 902, location: "x", longitude: -84 }, "Please provide both latitude and longitude"],
      [
        { bench_number: 902, location: "x", latitude: 12, longitude: -84 },
        "This point is 2,444 km from the campus; points must be within 5 km of its trails and benches.",
      ],
      [
        { bench_number: 902, location: "x", latitude: 33.98, longitude: -84, trailId: unknownId },
        "Choose one of the trails, or none.",
      ],
    ] as const;
    for (const [body, message] of invalid) {
      expect(await json(call(benchCreate, "POST", "/x", {}, { body }))).toMatchObject({
        status: 400,
        body: { message },
      });
    }
    expect(await prisma.bench.count({ where: { benchNumber: 902 } })).toBe(0);
  });

  test("PATCH /api/bench/bench/{id} updates some fields; duplicate number 409; unknown 404", async () => {
    const updated = await json(
      call(
        benchOne,
        "PATCH",
        "/x",
        { id: created.id! },
        { body: { location: "North side of the pond", latitude: 33.982 } },
      ),
    );
    expect(updated).toMatchObject({
      status: 200,
      body: { bench_number: 901, location: "North side of the pond", latitude: 33.982, longitude: -84.004 },
    });
    const seeded = await prisma.bench.findFirstOrThrow({ where: { benchNumber: { lt: 900 } } });
    expect(
      await json(call(benchOne, "PATCH", "/x", { id: created.id! }, { body: { bench_number: seeded.benchNumber } })),
    ).toMatchObject({
      status: 409,
      body: { message: `Bench #${seeded.benchNumber} already exists.` },
    });
    expect((await call(benchOne, "PATCH", "/x", { id: created.id! }, { body: {} })).status).toBe(400);
    expect((await call(benchOne, "PATCH", "/x", { id: unknownId }, { body: { location: "x" } })).status).toBe(404);
    expect((await call(benchOne, "PATCH", "/x", { id: "zzz" }, { body: { location: "x" } })).status).toBe(404);
    expect((await prisma.bench.findUniqueOrThrow({ where: { id: created.id! } })).benchNumber).toBe(901);
  });

  test("add-video normalises YouTube links; delete-video removes one; bad links 400; unknown ids 404", async () => {
    const added = await json(
      call(
        benchAddVideo,
        "PATCH",
        "/x",
        { id: created.id! },
        { body: { title: "Calf stretch", url: "https://youtu.be/CQYKNyeBOIY?t=3" } },
      ),
    );
    expect(added.status).toBe(200);
    expect(added.body.videos).toEqual([
      { _id: expect.any(String), title: "Calf stretch", url: "https://www.youtube.com/embed/CQYKNyeBOIY" },
    ]);
    expect(
      await json(
        call(
          benchAddVideo,
          "PATCH",
          "/x",
          { id: created.id! },
          { body: { title: "x", url: "http://example.com/v.mp4" } },
        ),
      ),
    ).toMatchObject({
      status: 400,
      body: {
        message: "Please enter an https link to a YouTube or Vimeo video, a video file (.mp4 or .webm) or a web page.",
      },
    });
    expect(
      await json(
        call(benchAddVideo, "PATCH", "/x", { id: created.id! }, { body: { url: "https://youtu.be/CQYKNyeBOIY" } }),
      ),
    ).toMatchObject({
      status: 400,
      body: { message: "Title is required." },
    });
    expect(
      (
        await call(
          benchAddVideo,
          "PATCH",
          "/x",
          { id: unknownId },
          { body: { title: "x", url: "youtu.be/CQYKNyeBOIY" } },
        )
      ).status,
    ).toBe(404);

    const videoId = added.body.videos[0]._id;
    expect((await call(benchDeleteVideo, "PATCH", "/x", { id: created.id!, videoId: unknownId })).status).toBe(404);
    expect((await call(benchDeleteVideo, "PATCH", "/x", { id: created.id!, videoId: "bad" })).status).toBe(404);
    const removed = await json(call(benchDeleteVideo, "PATCH", "/x", { id: created.id!, videoId }));
    expect(removed).toMatchObject({ status: 200, body: { videos: [] } });
    expect(await prisma.benchVideo.count({ where: { benchId: created.id! } })).toBe(0);
  });

  test("bench writes need an admin: 401 visitor, 403 user, 403 cookie without X-XSRF-TOKEN", async () => {
    const body = { bench_number: 950, location: "x", latitude: 33.98, longitude: -84 };
    expect((await call(benchCreate, "POST", "/x", {}, { token: null, body })).status).toBe(401);
    expect((await call(benchCreate, "POST", "/x", {}, { token: userToken, body })).status).toBe(403);
    expect(
      (await call(benchCreate, "POST", "/x", {}, { token: null, body, headers: { Cookie: adminCookie } })).status,
    ).toBe(403);
    expect(
      (await call(benchOne, "PATCH", "/x", { id: created.id! }, { token: userToken, body: { location: "y" } })).status,
    ).toBe(403);
    expect((await call(benchOne, "DELETE", "/x", { id: created.id! }, { token: userToken })).status).toBe(403);
    expect(
      (
        await call(
          benchAddVideo,
          "PATCH",
          "/x",
          { id: created.id! },
          { token: userToken, body: { title: "t", url: "youtu.be/CQYKNyeBOIY" } },
        )
      ).status,
    ).toBe(403);
    expect(
      (await call(benchDeleteVideo, "PATCH", "/x", { id: created.id!, videoId: unknownId }, { token: null })).status,
    ).toBe(401);
    expect(await prisma.bench.count({ where: { benchNumber: 950 } })).toBe(0);
  });

  test("DELETE /api/bench/bench/{id} removes the bench and its videos; then 404", async () => {
    const deleted = await json(call(benchOne, "DELETE", "/x", { id: created.id! }));
    expect(deleted).toMatchObject({ status: 200, body: { _id: created.id, bench_number: 901 } });
    expect(await prisma.bench.count({ where: { id: created.id! } })).toBe(0);
    expect((await call(benchOne, "DELETE", "/x", { id: created.id! })).status).toBe(404);
    expect((await call(benchOne, "DELETE", "/x", { id: "bad" })).status).toBe(404);
  });
});

describe("OpenAPI description of the trail and bench endpoints", () => {
  test("every trail and bench call is documented, with its body schema", async () => {
    const openapi = await import("~/routes/api.openapi[.]json");
    const { paths } = await json(call(openapi, "GET", "/api/openapi.json", {}, { token: null })).then(
      (answer) => answer.body,
    );
    const expected = [
      ["get", "/api/trails/trails"],
      ["get", "/api/trails/{id}"],
      ["patch", "/api/trails/{id}/coordinate/{index}"],
      ["delete", "/api/trails/{id}/coordinate/{index}"],
      ["patch", "/api/trails/{id}/coordinate"],
      ["get", "/api/bench/benches"],
      ["post", "/api/bench/bench"],
      ["patch", "/api/bench/bench/{id}"],
      ["delete", "/api/bench/bench/{id}"],
      ["patch", "/api/bench/bench/{id}/add-video"],
      ["patch", "/api/bench/bench/{id}/delete-video/{videoId}"],
    ];
    for (const [method, path] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const insert = paths["/api/trails/{id}/coordinate"].patch;
    expect(Object.keys(insert.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "coordinate",
      "index",
      "version",
    ]);
    expect(Object.keys(paths["/api/bench/bench"].post.responses)).toContain("409");
    expect(Object.keys(paths["/api/bench/bench"].post.responses)).toContain("201");
  });
});
