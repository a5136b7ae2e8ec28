// Replacing a trail's path from a file (decision 055), through the built app: the multipart upload,
// the preview's figures, Apply in one transaction with the version check, Cancel, who may do it, and
// every refusal answered with its sentence instead of a 500.
import { beforeAll, describe, expect, test } from "vitest";
import { pathLengthMetres, type LonLat } from "~/lib/geo";
import { trailGeoJson, trailGpx } from "~/lib/trail-export";
import { MAX_PATH_FILE_BYTES, pathFileMessages } from "~/lib/trail-path-file";
import { sweepExpired } from "~/models/housekeeping.server";
import { createSession } from "~/models/session.server";
import { getTrailPathPreview } from "~/models/trail-path-draft.server";
import { benchesInTrailOrder, getTrailWithCoordinates } from "~/models/trail.server";
import { updateCoordinate } from "~/models/trail-edit.server";
import { createUser } from "~/models/user.server";
import { trailPathMessages } from "~/schemas/trail-path";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute, pageText } from "../support/routes";

const GOLD = "673e9addbf9ebe061ef810bf";
const GREEN = "673e9addbf9ebe061ef810c1";
let adminToken: string;
let otherAdminToken: string;
let userToken: string;

beforeAll(async () => {
  await seedDatabase(prisma);
  const name = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 9)}`;
  const admin = await createUser({
    username: name("pathadmin"),
    email: `${name("a")}@example.test`,
    password: "pass1234",
    role: "Admin",
  });
  const user = await createUser({
    username: name("pathuser"),
    email: `${name("u")}@example.test`,
    password: "pass1234",
  });
  adminToken = (await createSession(admin.id)).id;
  const other = await createUser({
    username: name("otheradmin"),
    email: `${name("o")}@example.test`,
    password: "pass1234",
    role: "Admin",
  });
  otherAdminToken = (await createSession(other.id)).id;
  userToken = (await createSession(user.id)).id;
});

async function pathOf(trailId: string) {
  const rows = await prisma.trailPoint.findMany({
    where: { trailId },
    orderBy: { position: "asc" },
    select: { longitude: true, latitude: true },
  });
  return rows.map((row): LonLat => [row.longitude, row.latitude]);
}
const versionOf = async (trailId: string) =>
  (await prisma.trail.findUniqueOrThrow({ where: { id: trailId }, select: { version: true } })).version;

function fileForm(content: string | Blob, name: string) {
  const form = new FormData();
  form.append("file", typeof content === "string" ? new Blob([content]) : content, name);
  return form;
}

/** As the admin, or as `as` (a User's session; null: a visitor). */
function upload(
  trailId: string,
  body: FormData | string,
  as: string | null = adminToken,
  headers?: Record<string, string>,
) {
  return callRoute(`/adminControlPanel/trail-path?trail=${trailId}`, {
    method: "POST",
    body,
    sessionId: as ?? undefined,
    headers,
  });
}

/** Uploads a file that must be accepted; answers the draft's id from the redirect to its preview. */
async function uploaded(trailId: string, content: string, name = "new-path.gpx") {
  const response = await upload(trailId, fileForm(content, name));
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(/^\/adminControlPanel\/trail-path\/[a-f0-9]{24}$/);
  return location.split("/").pop()!;
}

function decide(draftId: string, fields: Record<string, string>, as: string | null = adminToken) {
  return callRoute(`/adminControlPanel/trail-path/${draftId}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    sessionId: as ?? undefined,
  });
}

/** A path that leaves the trail: its first few points only, then straight on north-west for 200 m. */
async function shortenedGold() {
  const gold = await pathOf(GOLD);
  const start = gold.slice(0, 4);
  const [lon, lat] = start[start.length - 1];
  return [...start, [lon - 0.0015, lat + 0.0015] as LonLat];
}

describe("an upload is previewed, and changes nothing until it is applied", () => {
  test("a GPX file becomes a draft whose preview gives both paths' points and lengths; the trail is untouched", async () => {
    const before = await pathOf(GOLD);
    const version = await versionOf(GOLD);
    const points = await shortenedGold();
    const draftId = await uploaded(GOLD, trailGpx({ name: "Gold (re-surveyed)", coordinates: points }, []));
    expect(await pathOf(GOLD)).toEqual(before);
    expect(await versionOf(GOLD)).toBe(version);

    const page = await callRoute(`/adminControlPanel/trail-path/${draftId}`, { sessionId: adminToken });
    expect(page.status).toBe(200);
    const text = await pageText(page);
    expect(text).toContain("New path for the Gold Trail");
    expect(text).toMatch(/From new-path\.gpx \(GPX\), uploaded by pathadmin[a-z0-9]+\./);
    const metres = (coordinates: LonLat[]) => `${Math.round(pathLengthMetres(coordinates)).toLocaleString("en-US")} m`;
    expect(text).toMatch(new RegExp(`Points ${before.length} ${points.length} −${before.length - points.length}`));
    expect(text).toContain(`Length ${metres(before)}`);
    expect(text).toContain(metres(points));

    // The trail's benches beyond the new path's end are listed with their distance from it.
    const preview = (await getTrailPathPreview(draftId))!;
    const goldBenches = await benchesInTrailOrder((await getTrailWithCoordinates(GOLD))!);
    expect(preview.farBenches.length).toBeGreaterThan(0);
    expect(preview.farBenches.length).toBeLessThanOrEqual(goldBenches.length);
    for (const bench of preview.farBenches) {
      expect(bench.metresAfter).toBeGreaterThan(30);
      expect(text).toContain(
        `Bench ${bench.benchNumber} (${bench.location}): ${Math.round(bench.metresAfter)} m from the new path`,
      );
    }
  });

  test("the trail's own export uploads as the same path: no change, and no bench left behind", async () => {
    const gold = await pathOf(GOLD);
    const draftId = await uploaded(
      GOLD,
      JSON.stringify(trailGeoJson({ name: "Gold Trail", coordinates: gold }, [])),
      "gold-trail.geojson",
    );
    const preview = (await getTrailPathPreview(draftId))!;
    expect(preview.uploaded.coordinates).toEqual(gold);
    expect(preview.farBenches).toEqual([]);
    const text = await pageText(await callRoute(`/adminControlPanel/trail-path/${draftId}`, { sessionId: adminToken }));
    expect(text).toContain(`Points ${gold.length} ${gold.length} no change`);
    expect(text).toContain("Every bench of the Gold Trail stays within 30 m of the new path.");
  });

  test("a file whose name holds = or ; (or a folder, or quotes) is read like any other", async () => {
    const gold = await pathOf(GOLD);
    const content = JSON.stringify(trailGeoJson({ name: "Gold Trail", coordinates: gold }, []));
    for (const name of [
      "gold=trail.geojson",
      "gold;v2.geojson",
      "a=b; filename=c.geojson",
      'say "gold".geojson',
      "C:\\exports\\gold;1.geojson",
    ]) {
      const draftId = await uploaded(GOLD, content, name);
      expect((await getTrailPathPreview(draftId))!.uploaded.coordinates, name).toEqual(gold);
    }
  });

  test("Cancel deletes the upload and changes nothing", async () => {
    const before = await pathOf(GREEN);
    const version = await versionOf(GREEN);
    const draftId = await uploaded(GREEN, trailGpx({ name: "x", coordinates: before.slice(0, 5) }, []));
    const answer = await decide(draftId, { intent: "cancel" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/adminControlPanel?option=trail&trail=${GREEN}#trail-path-upload`);
    expect(await prisma.trailPathDraft.count({ where: { id: draftId } })).toBe(0);
    expect(await pathOf(GREEN)).toEqual(before);
    expect(await versionOf(GREEN)).toBe(version);
    // The preview is gone with it.
    const gone = await callRoute(`/adminControlPanel/trail-path/${draftId}`, { sessionId: adminToken });
    expect(gone.status).toBe(404);
    expect(await pageText(gone)).toContain(trailPathMessages.uploadGone);
  });

  test("Apply (by any admin) replaces the path in one step, moves the version on, and uses the upload up", async () => {
    const original = await pathOf(GREEN);
    const version = await versionOf(GREEN);
    const points = original.slice(2, 9);
    const draftId = await uploaded(GREEN, trailGpx({ name: "Green", coordinates: points }, []));
    // Another admin opens the upload: it names who sent it, and they may apply it.
    const seen = await callRoute(`/adminControlPanel/trail-path/${draftId}`, { sessionId: otherAdminToken });
    expect(await pageText(seen)).toMatch(/uploaded by pathadmin[a-z0-9]+\./);
    const answer = await decide(draftId, { intent: "apply", version: String(version) }, otherAdminToken);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/adminControlPanel?option=trail&trail=${GREEN}#trail-path-upload`);
    expect(await pathOf(GREEN)).toEqual(points);
    expect(await versionOf(GREEN)).toBe(version + 1);
    expect(await prisma.trailPathDraft.count({ where: { id: draftId } })).toBe(0);
    // The public API serves the new path at once (the trails cache follows the version).
    const api = await callRoute(`/api/trails/${GREEN}`, { sessionId: adminToken });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { path: { coordinates: LonLat[] } }).path.coordinates).toEqual(points);
    // Applying again finds nothing to apply.
    const again = await decide(draftId, { intent: "apply", version: String(version + 1) });
    expect(again.status).toBe(404);
    expect(await pathOf(GREEN)).toEqual(points);

    // Put the original back the same way.
    const restore = await uploaded(GREEN, trailGpx({ name: "Green", coordinates: original }, []));
    expect((await decide(restore, { intent: "apply", version: String(version + 1) })).status).toBe(302);
    expect(await pathOf(GREEN)).toEqual(original);
  });

  test("a trail changed by someone else since the preview refuses Apply and changes nothing; the preview then shows the change", async () => {
    const gold = await pathOf(GOLD);
    const version = await versionOf(GOLD);
    const draftId = await uploaded(GOLD, trailGpx({ name: "Gold", coordinates: gold.slice(0, 6) }, []));
    const [lon, lat] = gold[0];
    expect((await updateCoordinate(GOLD, 0, { longitude: lon, latitude: lat + 0.000001 })).ok).toBe(true);
    const edited = await pathOf(GOLD);

    const answer = await decide(draftId, { intent: "apply", version: String(version) });
    expect(answer.status).toBe(409);
    const text = await pageText(answer);
    expect(text).toContain(trailPathMessages.stale);
    expect(text).toContain("The Gold Trail was changed by someone else after this file was uploaded");
    expect(await pathOf(GOLD)).toEqual(edited);
    expect(await versionOf(GOLD)).toBe(version + 1);
    expect(await prisma.trailPathDraft.count({ where: { id: draftId } })).toBe(1);

    // Cancel leaves the edit as it was; the coordinate goes back to where it was.
    expect((await decide(draftId, { intent: "cancel" })).status).toBe(302);
    expect((await updateCoordinate(GOLD, 0, { longitude: lon, latitude: lat })).ok).toBe(true);
    expect(await pathOf(GOLD)).toEqual(gold);
  });

  test("an upload left for an hour is swept, and its preview is gone", async () => {
    const draftId = await uploaded(GOLD, trailGpx({ name: "Gold", coordinates: (await pathOf(GOLD)).slice(0, 3) }, []));
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(await getTrailPathPreview(draftId, later)).toBeNull();
    expect((await sweepExpired(later)).trailPathDrafts).toBeGreaterThanOrEqual(1);
    expect(await prisma.trailPathDraft.count({ where: { id: draftId } })).toBe(0);
  });
});

describe("refusals", () => {
  const gold = async () => (await pathOf(GOLD)).slice(0, 4);

  async function refused(body: FormData | string, status: number, message: string, headers?: Record<string, string>) {
    const drafts = await prisma.trailPathDraft.count();
    const before = await pathOf(GOLD);
    const answer = await upload(GOLD, body, adminToken, headers);
    expect(answer.status).toBe(status);
    const text = await pageText(answer);
    expect(text).toContain("There is a problem");
    expect(text).toContain(message);
    // The form is there again, for the next file.
    expect(text).toContain("Replace the path from a file");
    expect(await prisma.trailPathDraft.count()).toBe(drafts);
    expect(await pathOf(GOLD)).toEqual(before);
  }

  test("files we cannot use are refused with a sentence that says why", async () => {
    await refused(fileForm("<gpx><trk><trkseg>", "broken.gpx"), 400, pathFileMessages.unreadable);
    await refused(fileForm(`<!DOCTYPE gpx [<!ENTITY a "b">]><gpx/>`, "laughs.gpx"), 400, pathFileMessages.doctype);
    await refused(fileForm(`<gpx><wpt lat="33.98" lon="-84.005"/></gpx>`, "points.gpx"), 400, pathFileMessages.noTrack);
    const many: LonLat[] = Array.from({ length: 6_200 }, (_, i) => [-84.005 + i * 1e-7, 33.98]);
    await refused(
      fileForm(trailGpx({ name: "Long", coordinates: many }, []), "long.gpx"),
      400,
      "The track has 6,200 points; at most 5,000.",
    );
    const away: LonLat[] = [...(await gold()), [-74.006, 40.7128]];
    await refused(
      fileForm(JSON.stringify({ type: "LineString", coordinates: away }), "away.json"),
      400,
      "Point 5 of the track (latitude 40.7128, longitude -74.006): this point is 1,156 km from the campus; points must be within 5 km of its trails and benches.",
    );
    await refused(
      fileForm(trailGpx({ name: "Gold", coordinates: await gold() }, []), "gold.kml"),
      400,
      trailPathMessages.fileType,
    );
    await refused(new FormData(), 400, trailPathMessages.fileRequired);
  });

  test("a file over 1 MB is refused with its own sentence, and only 1 MB of it is ever kept", async () => {
    const padding = " ".repeat(MAX_PATH_FILE_BYTES);
    await refused(
      fileForm(trailGpx({ name: "Gold", coordinates: await gold() }, []) + padding, "big.gpx"),
      400,
      "The file is larger than 1 MB.",
    );
  });

  test("a body that is no multipart form is refused, not a 500", async () => {
    await refused("file=abc", 400, pathFileMessages.unreadable, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    await refused(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.gpx"\r\n\r\n<gpx',
      400,
      pathFileMessages.unreadable,
      {
        "Content-Type": "multipart/form-data; boundary=x",
      },
    );
  });

  test("an unknown trail is refused, and the upload page says so", async () => {
    const answer = await callRoute(`/adminControlPanel/trail-path?trail=${"0".repeat(24)}`, {
      method: "POST",
      body: fileForm(trailGpx({ name: "Gold", coordinates: await gold() }, []), "gold.gpx"),
      sessionId: adminToken,
    });
    expect(answer.status).toBe(404);
    expect(await pageText(answer)).toContain("Trail not found.");
  });
});

describe("admins only", () => {
  test("a User gets 403 and a visitor is sent to sign in, for the upload, the preview, Apply and Cancel; nothing changes", async () => {
    const gold = await pathOf(GOLD);
    const version = await versionOf(GOLD);
    const draftId = await uploaded(GOLD, trailGpx({ name: "Gold", coordinates: gold.slice(0, 3) }, []));
    const file = () => fileForm(trailGpx({ name: "Gold", coordinates: gold.slice(0, 3) }, []), "a.gpx");
    for (const [as, status] of [
      [userToken, 403],
      [null, 302],
    ] as const) {
      const drafts = await prisma.trailPathDraft.count();
      const sessionId = as ?? undefined;
      expect((await upload(GOLD, file(), as)).status).toBe(status);
      expect((await callRoute(`/adminControlPanel/trail-path?trail=${GOLD}`, { sessionId })).status).toBe(status);
      expect((await callRoute(`/adminControlPanel/trail-path/${draftId}`, { sessionId })).status).toBe(status);
      expect((await decide(draftId, { intent: "apply", version: String(version) }, as)).status).toBe(status);
      expect((await decide(draftId, { intent: "cancel" }, as)).status).toBe(status);
      expect(await prisma.trailPathDraft.count()).toBe(drafts);
    }
    expect(await prisma.trailPathDraft.count({ where: { id: draftId } })).toBe(1);
    expect(await pathOf(GOLD)).toEqual(gold);
    expect(await versionOf(GOLD)).toBe(version);
  });
});
