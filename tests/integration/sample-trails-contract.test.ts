// The Spring 2025 client's view of the three sample trails is what it was before a campus could add its
// own (decision 078): the same ids, names, colours and paths (from the seed data), the same fields of the
// same types (`slug` is the one field added), in the same order, also once a fourth trail is there.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { signedInAccount } from "../support/accounts";
import { callRoute } from "../support/routes";

type Feature = {
  properties: { name: string; color: string; spring2025_trail_id_inferred: string };
  geometry: { coordinates: [number, number][] };
};
const seeded = (JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")) as { features: Feature[] }).features
  .map(({ properties, geometry }) => ({
    _id: properties.spring2025_trail_id_inferred,
    name: properties.name,
    color: properties.color,
    coordinates: geometry.coordinates,
  }))
  // The order the client has always listed them in.
  .sort((a, b) => ["gold", "green", "gray"].indexOf(a.color) - ["gold", "green", "gray"].indexOf(b.color));

/** Every field a trail had in the answers before trails had addresses, and the types each may have. */
const FIELDS_BEFORE: Record<string, string[]> = {
  _id: ["string"],
  name: ["string"],
  color: ["string"],
  version: ["number"],
  path: ["object"],
  surface: ["string", "null"],
  steps: ["number", "null"],
  stepsLocation: ["string", "null"],
  steepestGradePercent: ["number", "null"],
  shade: ["string", "null"],
  lighting: ["string", "null"],
  restrooms: ["string", "null"],
  water: ["string", "null"],
  stepFree: ["boolean", "null"],
};
const kind = (value: unknown) => (value === null ? "null" : typeof value);

let token: string;
let adminToken: string;

async function oldClientGet(path: string) {
  const response = await callRoute(path, {
    headers: { Accept: "application/json, text/plain, */*", Authorization: `Bearer ${token}` },
  });
  expect(response.status, path).toBe(200);
  return response.json();
}

beforeAll(async () => {
  await seedDatabase(prisma);
  token = (await signedInAccount("User", "oldclient")).token;
  adminToken = (await signedInAccount("Admin", "oldadmin")).token;
});

function expectSampleContract(trails: Record<string, unknown>[]) {
  expect(trails.slice(0, 3).map((trail) => trail._id)).toEqual(seeded.map((trail) => trail._id));
  for (const [index, trail] of trails.slice(0, 3).entries()) {
    const sample = seeded[index];
    expect(trail).toMatchObject({ _id: sample._id, name: sample.name, color: sample.color });
    expect(trail.path).toEqual({ type: "LineString", coordinates: sample.coordinates });
    for (const [field, types] of Object.entries(FIELDS_BEFORE)) expect(types, field).toContain(kind(trail[field]));
    expect(Object.keys(trail).sort()).toEqual([...Object.keys(FIELDS_BEFORE), "slug"].sort());
    expect(trail.slug).toBe(sample.color);
  }
}

describe("the three sample trails, as the old client reads them", () => {
  test("ids, names, colours, paths and fields are the seed's, in the same order", async () => {
    expectSampleContract(await oldClientGet("/api/trails/trails"));
    for (const sample of seeded) {
      const one = await oldClientGet(`/api/trails/${sample._id}`);
      expect(one.path.coordinates).toEqual(sample.coordinates);
    }
  });

  test("a fourth trail comes after them and changes nothing of theirs; their pages keep their addresses", async () => {
    const added = await callRoute("/api/trails", {
      method: "POST",
      headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Another Loop",
        path: {
          type: "LineString",
          coordinates: [
            [-84.004, 33.982],
            [-84.003, 33.9825],
          ],
        },
      }),
    });
    expect(added.status).toBe(201);
    const trails = await oldClientGet("/api/trails/trails");
    expect(trails).toHaveLength(4);
    expectSampleContract(trails);
    expect(trails[3]).toMatchObject({ name: "Another Loop", slug: "another-loop" });
    for (const slug of ["gold", "green", "gray"]) expect((await callRoute(`/trails/${slug}`)).status).toBe(200);
  });
});
