// No lost updates (decision 047): two admins editing the same bench, video or trail. Every edit moves
// the row's version on; an edit based on an older version (the form's hidden field, the API's If-Match)
// is refused, 409 on the page and 412 in the API, and the database keeps the edit that came first. The
// races are real: both edits start before either has finished.
import { beforeEach, describe, expect, test } from "vitest";
import {
  addBenchVideo,
  createBench,
  deleteBench,
  deleteBenchVideo,
  listBenches,
  updateBench,
} from "~/models/bench.server";
import { updateCoordinate, updateTrailFacts } from "~/models/trail-edit.server";
import { createVideo, deleteVideo, updateVideo } from "~/models/video.server";
import { listVideosBySubCategories } from "~/models/video-library.server";
import { reactToVideo, recordView } from "~/models/video-reactions.server";
import { endpointDocs } from "~/openapi/endpoints";
import { benchMessages } from "~/schemas/bench";
import { trailMessages } from "~/schemas/trail";
import { videoMessages } from "~/schemas/video";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { truncateAll } from "../support/database-template";
import { callRoute, fieldValue, pageText, textById } from "../support/routes";
import { signedInAccount } from "../support/accounts";

env.RATE_LIMIT_FACTOR = 1000;

let adminToken = "";
let userToken = "";
let trailId = "";
let benchId = "";
let videoId = "";

const VIDEO = {
  title: "Calf stretch",
  url: "https://www.youtube.com/embed/IR0yV_3DfBo",
  category: "exercise",
  subCategory: "Stretching" as const,
};

beforeEach(async () => {
  await truncateAll(database);
  adminToken = (await signedInAccount("Admin", "firstadmin")).token;
  userToken = (await signedInAccount("User", "somewalker")).token;
  trailId = (
    await prisma.trail.create({
      data: {
        name: "Race Loop",
        color: "gold",
        points: {
          create: [
            { position: 0, longitude: -84.0, latitude: 33.98 },
            { position: 1, longitude: -84.001, latitude: 33.981 },
          ],
        },
      },
      select: { id: true },
    })
  ).id;
  const bench = await createBench({
    bench_number: 7,
    location: "By the pond",
    latitude: 33.981,
    longitude: -84.004,
    trailId,
  });
  if (!bench.ok) throw new Error("the bench was not created");
  benchId = bench.bench.id;
  videoId = (await createVideo({ ...VIDEO, description: "Hold it." })).id;
});

const savedBench = () =>
  prisma.bench.findUniqueOrThrow({
    where: { id: benchId },
    select: { location: true, latitude: true, version: true, armrests: true },
  });
const savedVideo = () =>
  prisma.video.findUniqueOrThrow({ where: { id: videoId }, select: { title: true, description: true, version: true } });
const savedTrail = () =>
  prisma.trail.findUniqueOrThrow({ where: { id: trailId }, select: { surface: true, version: true } });

describe("in the models, an edit based on an older version never overwrites a newer one", () => {
  test("two bench edits racing from the same version: one applies, the other is refused as stale, whatever the order", async () => {
    const [first, second] = await Promise.all([
      updateBench(benchId, { location: "North shore" }, { expectedVersion: 0 }),
      updateBench(benchId, { location: "South shore" }, { expectedVersion: 0 }),
    ]);
    const outcomes = [first, second];
    expect(outcomes.filter((result) => result.ok)).toHaveLength(1);
    const refused = outcomes.find((result) => !result.ok)!;
    const winner = outcomes.find((result) => result.ok)!;
    expect(refused).toMatchObject({ ok: false, reason: "stale", current: { version: 1 } });
    const kept = winner.ok ? winner.bench.location : "";
    expect(await savedBench()).toMatchObject({ location: kept, version: 1 });
    // The refusal brings the bench as it is now: what the page shows beside what was typed.
    expect(!refused.ok && "current" in refused && refused.current.location).toBe(kept);
  });

  test("ten edits of a video from the same version: exactly one applies", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => updateVideo(videoId, { title: `Title ${i}` }, { ifMatch: [0] })),
    );
    const applied = results.filter((result) => result.ok);
    expect(applied).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.reason)).toEqual(
      Array(9).fill("precondition-failed"),
    );
    expect(await savedVideo()).toMatchObject({ title: applied[0].ok ? applied[0].video.title : "", version: 1 });
  });

  test("trail facts edits race the same way, and coordinate edits and facts edits share one version", async () => {
    const results = await Promise.all([
      updateTrailFacts(trailId, { surface: "gravel" }, { expectedVersion: 0 }),
      updateTrailFacts(trailId, { surface: "grass" }, { expectedVersion: 0 }),
    ]);
    expect(results.map((result) => (result.ok ? "ok" : result.reason)).sort()).toEqual(["ok", "stale"]);
    const winner = results.find((result) => result.ok)!;
    expect(await savedTrail()).toEqual({ surface: winner.ok ? winner.trail.facts.surface : "", version: 1 });
    // A coordinate edit based on the version before the facts edit is refused too: the trail changed.
    expect(await updateCoordinate(trailId, 0, { latitude: 33.99, longitude: -84.01 }, { expectedVersion: 0 })).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(await updateCoordinate(trailId, 0, { latitude: 33.99, longitude: -84.01 }, { ifMatch: [0] })).toEqual({
      ok: false,
      reason: "precondition-failed",
    });
    expect((await updateCoordinate(trailId, 0, { latitude: 33.99, longitude: -84.01 }, { ifMatch: [1] })).ok).toBe(
      true,
    );
    expect((await savedTrail()).version).toBe(2);
  });

  test("a stale deletion leaves the bench and the video as they are", async () => {
    expect((await updateBench(benchId, { location: "Moved" })).ok).toBe(true);
    expect(await deleteBench(benchId, { expectedVersion: 0 })).toMatchObject({ ok: false, reason: "stale" });
    expect(await deleteBench(benchId, { ifMatch: [0] })).toMatchObject({ ok: false, reason: "precondition-failed" });
    expect(await savedBench()).toMatchObject({ location: "Moved", version: 1 });
    expect((await updateVideo(videoId, { title: "Renamed" })).ok).toBe(true);
    expect(await deleteVideo(videoId, { expectedVersion: 0 })).toMatchObject({ ok: false, reason: "stale" });
    expect(await savedVideo()).toMatchObject({ title: "Renamed", version: 1 });
    expect(await deleteVideo(videoId, { expectedVersion: 1 })).toEqual({ ok: true });
    expect(await deleteVideo(videoId, { expectedVersion: 1 })).toEqual({ ok: false, reason: "not-found" });
  });

  test("what moves a version: every edit, the bench's videos included; views and reactions do not", async () => {
    const added = await addBenchVideo(benchId, { title: "Stretch", url: VIDEO.url });
    expect(added.ok && added.bench.version).toBe(1);
    const videoOfBench = added.ok ? added.bench.videos[0].id : "";
    // A video that is not the bench's: refused, and the version's move undone with it.
    expect(await deleteBenchVideo(benchId, "0123456789abcdef01234567")).toEqual({
      ok: false,
      reason: "video-not-found",
    });
    expect((await savedBench()).version).toBe(1);
    expect(await addBenchVideo(benchId, { title: "Other", url: VIDEO.url }, { ifMatch: [0] })).toMatchObject({
      ok: false,
      reason: "precondition-failed",
    });
    expect(await prisma.benchVideo.count({ where: { benchId } })).toBe(1);
    expect((await deleteBenchVideo(benchId, videoOfBench, { ifMatch: [1] })).ok).toBe(true);
    expect((await savedBench()).version).toBe(2);
    // The bench list (cached) shows the version of every bench.
    expect((await listBenches()).find((bench) => bench.id === benchId)?.version).toBe(2);

    const user = await prisma.user.findFirstOrThrow({ where: { role: "User" }, select: { id: true } });
    await reactToVideo(user.id, videoId, "LIKE");
    await recordView(user.id, videoId);
    expect((await savedVideo()).version).toBe(0);
    // An edit that stores the values already there is still an edit; the cached catalogue follows it.
    expect((await listVideosBySubCategories(["Stretching"]))[0].version).toBe(0);
    expect((await updateVideo(videoId, { title: VIDEO.title })).ok).toBe(true);
    expect((await listVideosBySubCategories(["Stretching"]))[0].version).toBe(1);
  });

  test("without a version, the old way: every edit applies to the row as it is (last write wins)", async () => {
    await Promise.all([updateBench(benchId, { location: "One" }), updateBench(benchId, { location: "Two" })]);
    expect((await savedBench()).version).toBe(2);
    await Promise.all([updateVideo(videoId, { title: "One" }), updateVideo(videoId, { title: "Two" })]);
    expect((await savedVideo()).version).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------------
// The API: ETag on the answers about one resource, If-Match on every edit of one.

async function api(
  method: string,
  path: string,
  { body, headers = {}, token = adminToken }: { body?: unknown; headers?: Record<string, string>; token?: string } = {},
) {
  const response = await callRoute(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, etag: response.headers.get("ETag"), body: await response.json() };
}

describe("in the API, ETag and If-Match", () => {
  test("a video: GET's ETag, an edit with it applies and answers the next; the same tag again is refused with 412", async () => {
    const read = await api("GET", `/api/video/${videoId}`, { token: userToken });
    expect(read).toMatchObject({ status: 200, etag: '"0"', body: { version: 0 } });

    const first = await api("PATCH", `/api/video/${videoId}`, {
      body: { title: "First admin's title" },
      headers: { "If-Match": read.etag! },
    });
    expect(first).toMatchObject({ status: 200, etag: '"1"', body: { title: "First admin's title", version: 1 } });

    // The second admin read the same version: refused, and told the current tag.
    const second = await api("PATCH", `/api/video/${videoId}`, {
      body: { title: "Second admin's title" },
      headers: { "If-Match": read.etag! },
    });
    expect(second).toEqual({
      status: 412,
      etag: '"1"',
      body: { message: videoMessages.preconditionFailed, error: videoMessages.preconditionFailed },
    });
    const staleDelete = await api("DELETE", `/api/video/${videoId}`, { headers: { "If-Match": '"0"' } });
    expect(staleDelete.status).toBe(412);
    expect(await savedVideo()).toMatchObject({ title: "First admin's title", version: 1 });

    // Retrying with the tag just answered works.
    expect(
      (
        await api("PATCH", `/api/video/${videoId}`, {
          body: { title: "Second admin's title" },
          headers: { "If-Match": first.etag! },
        })
      ).status,
    ).toBe(200);
    expect((await api("DELETE", `/api/video/${videoId}`, { headers: { "If-Match": '"2"' } })).status).toBe(200);
  });

  test("two admins saving a video at once with the same ETag: one 200, one 412, and the database holds the 200's", async () => {
    const [a, b] = await Promise.all(
      ["Admin A", "Admin B"].map((title) =>
        api("PATCH", `/api/video/${videoId}`, { body: { title }, headers: { "If-Match": '"0"' } }),
      ),
    );
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const winner = a.status === 200 ? a : b;
    expect(await savedVideo()).toMatchObject({ title: winner.body.title, version: 1 });
  });

  test("two admins saving a bench at once with the version from the list: one 200, one 412", async () => {
    const list = await api("GET", "/api/bench/benches", { token: userToken });
    expect(list.etag).toBeNull();
    const listed = list.body.find((bench: { _id: string }) => bench._id === benchId);
    expect(listed.version).toBe(0);
    const [a, b] = await Promise.all(
      ["North shore", "South shore"].map((location) =>
        api("PATCH", `/api/bench/bench/${benchId}`, {
          body: { location },
          headers: { "If-Match": `"${listed.version}"` },
        }),
      ),
    );
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
    expect(winner.etag).toBe('"1"');
    expect(loser).toMatchObject({ etag: '"1"', body: { message: benchMessages.preconditionFailed } });
    expect(await savedBench()).toMatchObject({ location: winner.body.location, version: 1 });

    // Every other edit of the bench checks it too, and a refused one changes nothing.
    const stale = { headers: { "If-Match": '"0"' } };
    expect(
      (
        await api("PATCH", `/api/bench/bench/${benchId}/add-video`, {
          ...stale,
          body: { title: "Stretch", url: VIDEO.url },
        })
      ).status,
    ).toBe(412);
    expect((await api("DELETE", `/api/bench/bench/${benchId}`, stale)).status).toBe(412);
    expect(await savedBench()).toMatchObject({ location: winner.body.location, version: 1 });
    expect(await prisma.benchVideo.count({ where: { benchId } })).toBe(0);
  });

  test("a trail: GET's ETag, If-Match on facts and coordinates (412), and the coordinates' body version still answers 409", async () => {
    const read = await api("GET", `/api/trails/${trailId}`, { token: userToken });
    expect(read).toMatchObject({ status: 200, etag: '"0"', body: { version: 0 } });
    const facts = await api("PATCH", `/api/trails/${trailId}`, {
      body: { surface: "gravel" },
      headers: { "If-Match": '"0"' },
    });
    expect(facts).toMatchObject({ status: 200, etag: '"1"', body: { surface: "gravel", version: 1 } });

    const staleFacts = await api("PATCH", `/api/trails/${trailId}`, {
      body: { surface: "grass" },
      headers: { "If-Match": '"0"' },
    });
    expect(staleFacts).toMatchObject({ status: 412, body: { message: trailMessages.preconditionFailed } });
    const point = { latitude: 33.9805, longitude: -84.0005 };
    expect(
      (await api("PATCH", `/api/trails/${trailId}/coordinate/0`, { body: point, headers: { "If-Match": '"0"' } }))
        .status,
    ).toBe(412);
    expect(
      (
        await api("PATCH", `/api/trails/${trailId}/coordinate`, {
          body: { index: 0, coordinate: [-84.0005, 33.9805] },
          headers: { "If-Match": '"0"' },
        })
      ).status,
    ).toBe(412);
    expect(
      (await api("DELETE", `/api/trails/${trailId}/coordinate/0`, { headers: { "If-Match": '"0"' } })).status,
    ).toBe(412);
    // The version in the body, as before If-Match existed: 409. If-Match is checked first.
    expect(await api("PATCH", `/api/trails/${trailId}/coordinate/0`, { body: { ...point, version: 0 } })).toMatchObject(
      {
        status: 409,
        body: { message: trailMessages.stale },
      },
    );
    expect(
      (
        await api("PATCH", `/api/trails/${trailId}/coordinate/0`, {
          body: { ...point, version: 0 },
          headers: { "If-Match": '"0"' },
        })
      ).status,
    ).toBe(412);
    expect(await savedTrail()).toEqual({ surface: "gravel", version: 1 });
    expect(await prisma.trailPoint.count({ where: { trailId } })).toBe(2);

    const moved = await api("PATCH", `/api/trails/${trailId}/coordinate/0`, {
      body: { ...point, version: 1 },
      headers: { "If-Match": '"1"' },
    });
    expect(moved).toMatchObject({ status: 200, etag: '"2"', body: { version: 2 } });
  });

  test("no If-Match is the old client's last write wins; '*', a list and weak tags match; a header that is no tag list is 400", async () => {
    const path = `/api/video/${videoId}`;
    expect(await api("PATCH", path, { body: { title: "No header" } })).toMatchObject({ status: 200, etag: '"1"' });
    expect(await api("PATCH", path, { body: { title: "Any version" }, headers: { "If-Match": "*" } })).toMatchObject({
      status: 200,
      etag: '"2"',
    });
    expect(
      await api("PATCH", path, { body: { title: "One of these" }, headers: { "If-Match": '"1", "2"' } }),
    ).toMatchObject({ status: 200, etag: '"3"' });
    // A proxy that compresses may weaken the tag it passes on; it still names the version.
    expect(await api("PATCH", path, { body: { title: "Weakened" }, headers: { "If-Match": 'W/"3"' } })).toMatchObject({
      status: 200,
      etag: '"4"',
    });
    for (const tag of ['"abc"', '"99999999999"', '"3"']) {
      expect((await api("PATCH", path, { body: { title: "Never" }, headers: { "If-Match": tag } })).status, tag).toBe(
        412,
      );
    }
    for (const header of ["4", "'4'", '"4', ","]) {
      const refused = await api("PATCH", path, { body: { title: "Never" }, headers: { "If-Match": header } });
      expect(refused, header).toMatchObject({
        status: 400,
        body: { message: 'If-Match must be "*" or a list of entity tags such as "3", as sent in ETag.' },
      });
    }
    expect(await savedVideo()).toMatchObject({ title: "Weakened", version: 4 });
  });

  test("every documented If-Match answers 412 to an older version and changes nothing; every documented ETag is the answer's version", async () => {
    // One real call per documented edit, each with an If-Match no row has.
    const bench = await prisma.bench.create({
      data: {
        benchNumber: 99,
        location: "Spare",
        latitude: 33.98,
        longitude: -84.005,
        videos: { create: { title: "v", url: VIDEO.url } },
      },
      select: { id: true, videos: { select: { id: true } } },
    });
    const notice = await prisma.notice.create({
      data: { benchId: bench.id, kind: "caution", message: "Wet paint" },
      select: { id: true },
    });
    const calls: Record<string, { path: string; body?: unknown }> = {
      "PATCH /api/trails/{id}": { path: `/api/trails/${trailId}`, body: { surface: "grass" } },
      "DELETE /api/trails/{id}": { path: `/api/trails/${trailId}` },
      "PATCH /api/trails/{id}/coordinate/{index}": {
        path: `/api/trails/${trailId}/coordinate/0`,
        body: { latitude: 33.9805, longitude: -84.0005 },
      },
      "DELETE /api/trails/{id}/coordinate/{index}": { path: `/api/trails/${trailId}/coordinate/0` },
      "PATCH /api/trails/{id}/coordinate": {
        path: `/api/trails/${trailId}/coordinate`,
        body: { index: 0, coordinate: [-84.0005, 33.9805] },
      },
      "PATCH /api/bench/bench/{id}": { path: `/api/bench/bench/${bench.id}`, body: { location: "Moved" } },
      "DELETE /api/bench/bench/{id}": { path: `/api/bench/bench/${bench.id}` },
      "PATCH /api/bench/bench/{id}/add-video": {
        path: `/api/bench/bench/${bench.id}/add-video`,
        body: { title: "w", url: VIDEO.url },
      },
      "PATCH /api/bench/bench/{id}/delete-video/{videoId}": {
        path: `/api/bench/bench/${bench.id}/delete-video/${bench.videos[0].id}`,
      },
      "PATCH /api/video/{id}": { path: `/api/video/${videoId}`, body: { title: "Never" } },
      "DELETE /api/video/{id}": { path: `/api/video/${videoId}` },
      "PATCH /api/notices/{id}": { path: `/api/notices/${notice.id}`, body: { message: "Never" } },
      "DELETE /api/notices/{id}": { path: `/api/notices/${notice.id}` },
      "PATCH /api/campus": { path: "/api/campus", body: { name: "Never" } },
    };
    const documented = endpointDocs
      .filter((doc) => doc.ifMatch)
      .map((doc) => `${doc.method.toUpperCase()} ${doc.path}`);
    expect(documented.sort()).toEqual(Object.keys(calls).sort());
    const saved = async () =>
      JSON.stringify([
        await savedTrail(),
        await prisma.bench.findMany({ include: { videos: true } }),
        await prisma.video.findMany(),
        await prisma.notice.findMany(),
        await prisma.campus.findMany(),
      ]);
    const before = await saved();
    for (const key of documented) {
      const [method] = key.split(" ");
      const answer = await api(method, calls[key].path, { body: calls[key].body, headers: { "If-Match": '"41"' } });
      expect(answer.status, key).toBe(412);
      // The refusal names the current version, for a retry.
      expect(answer.etag, key).toBe('"0"');
    }
    expect(await saved()).toBe(before);

    // And every answer documented with an ETag carries its body's version: each edit but a deletion of
    // the resource itself (a coordinate's deletion answers the trail), and the single reads.
    const tagged = [
      ...documented.filter((k) => !/^DELETE \/api\/(video|bench\/bench|notices|trails)\/\{id\}$/.test(k)),
      "GET /api/trails/{id}",
      "GET /api/video/{id}",
      "GET /api/campus",
    ];
    for (const key of tagged) {
      const [method] = key.split(" ");
      const reads: Record<string, string> = {
        "GET /api/trails/{id}": `/api/trails/${trailId}`,
        "GET /api/video/{id}": `/api/video/${videoId}`,
        "GET /api/campus": "/api/campus",
      };
      const call = calls[key] ?? { path: reads[key] };
      const answer = await api(method, call.path, { body: call.body });
      expect(answer.status, key).toBe(200);
      expect(answer.etag, key).toBe(`"${answer.body.version}"`);
    }
    const documentedTags = endpointDocs
      .filter((doc) => doc.etag)
      .map((doc) => `${doc.method.toUpperCase()} ${doc.path}`);
    expect(documentedTags.sort()).toEqual(
      [...tagged, "POST /api/bench/bench", "POST /api/video/videos", "POST /api/notices", "POST /api/trails"].sort(),
    );
    const created = await api("POST", "/api/video/videos", { body: VIDEO });
    expect(created).toMatchObject({ status: 201, etag: '"0"' });
  });
});

// ---------------------------------------------------------------------------------------------------
// The admin pages: the same race through the forms, as a browser without JavaScript sends them.

function form(path: string, fields: Record<string, string>) {
  return callRoute(path, { method: "POST", sessionId: adminToken, body: new URLSearchParams(fields) });
}

/** The HTML of the element with this id, start to end (a form), for reading its fields. */
function elementHtml(html: string, id: string) {
  const start = html.indexOf(`id="${id}"`);
  return start === -1 ? "" : html.slice(html.lastIndexOf("<", start), html.indexOf("</form>", start));
}

describe("on the admin pages, a stale save answers 409 with both versions and overwrites nothing", () => {
  test("the bench form: what the admin typed stays in the form, the saved values beside it; saving again replaces them", async () => {
    const page = `/adminControlPanel?option=bench&bench=${benchId}`;
    const opened = await (await callRoute(page, { sessionId: adminToken })).text();
    const version = fieldValue(elementHtml(opened, "edit-bench"), "version");
    expect(version).toBe("0");

    // Meanwhile another admin moves the bench through the API.
    expect(
      (await api("PATCH", `/api/bench/bench/${benchId}`, { body: { location: "Their location", latitude: 33.9822 } }))
        .status,
    ).toBe(200);

    const fields = {
      intent: "update-bench",
      benchId,
      version: version!,
      bench_number: "7",
      location: "My location",
      latitude: "33.9811",
      longitude: "-84.004",
      trailId,
    };
    const stale = await form(page, fields);
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(await pageText(new Response(html))).toContain("This bench was changed by someone else since you opened it.");
    const editForm = elementHtml(html, "edit-bench");
    expect(fieldValue(editForm, "location")).toBe("My location");
    expect(fieldValue(editForm, "latitude")).toBe("33.9811");
    // The form now carries the version it showed beside the typed values.
    expect(fieldValue(editForm, "version")).toBe("1");
    const versions = textById(html, "edit-bench-versions")!;
    expect(versions).toContain("Location (differs) My location Their location");
    expect(versions).toContain("Latitude (differs) 33.9811 33.9822");
    expect(versions).toContain("Bench number 7 7");
    expect(versions).toContain("Trail Race Loop Race Loop");
    expect(await savedBench()).toMatchObject({ location: "Their location", latitude: 33.9822, version: 1 });

    // Having seen both, the admin saves again: based on the version shown, it applies.
    const again = await form(page, { ...fields, version: "1" });
    expect(again.status).toBe(302);
    expect(await savedBench()).toMatchObject({ location: "My location", latitude: 33.9811, version: 2 });
  });

  test("the bench facts form and the bench deletion are refused the same way", async () => {
    const page = `/adminControlPanel?option=bench&bench=${benchId}`;
    expect((await api("PATCH", `/api/bench/bench/${benchId}`, { body: { armrests: true } })).status).toBe(200);
    const facts = {
      intent: "save-bench-facts",
      benchId,
      version: "0",
      backrest: "",
      armrests: "no",
      shade: "",
      seatHeightCm: "",
      wheelchairSpace: "",
    };
    const stale = await form(page, facts);
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(textById(html, "bench-facts-versions")).toContain("Armrests (differs) No Yes");
    expect(await pageText(new Response(html))).toContain("This bench was changed by someone else since you opened it.");
    const deletion = await form(page, { intent: "delete-bench", benchId, version: "0" });
    expect(deletion.status).toBe(409);
    expect(await savedBench()).toMatchObject({ armrests: true, version: 1 });
  });

  test("the video form: 'This video was changed…', both versions, nothing overwritten", async () => {
    const page = `/adminControlPanel?option=videos&edit=${videoId}`;
    const opened = await (await callRoute(page, { sessionId: adminToken })).text();
    expect(fieldValue(elementHtml(opened, `edit-video-${videoId}`), "version")).toBe("0");
    expect((await api("PATCH", `/api/video/${videoId}`, { body: { title: "Their title" } })).status).toBe(200);

    const fields = {
      intent: "update",
      id: videoId,
      version: "0",
      q: "",
      ...VIDEO,
      title: "My title",
      description: "Hold it.",
    };
    const stale = await form(page, fields);
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(await pageText(new Response(html))).toContain("This video was changed by someone else since you opened it.");
    expect(fieldValue(elementHtml(html, `edit-video-${videoId}`), "title")).toBe("My title");
    expect(textById(html, "edit-video-versions")).toContain("Title (differs) My title Their title");
    expect(await savedVideo()).toMatchObject({ title: "Their title", version: 1 });
    expect((await form(page, { intent: "delete", id: videoId, version: "0" })).status).toBe(409);
    expect(await prisma.video.count({ where: { id: videoId } })).toBe(1);
  });

  test("the trail facts form too, with a message about the trail, not its coordinates", async () => {
    const page = `/adminControlPanel?option=trail&trail=${trailId}`;
    expect((await api("PATCH", `/api/trails/${trailId}`, { body: { surface: "boardwalk" } })).status).toBe(200);
    const stale = await form(page, {
      intent: "save-facts",
      trailId,
      version: "0",
      surface: "gravel",
      steps: "",
      stepsLocation: "",
      steepestGradePercent: "",
      shade: "",
      lighting: "",
      restrooms: "",
      water: "",
    });
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(await pageText(new Response(html))).toContain(trailMessages.staleFacts);
    expect(textById(html, "trail-facts-versions")).toContain("Surface (differs) Gravel Boardwalk");
    expect(await savedTrail()).toEqual({ surface: "boardwalk", version: 1 });
  });
});
