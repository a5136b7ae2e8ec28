import { describe, expect, test } from "vitest";
import { benchCreateSchema, benchSchemasFor, benchUpdateSchema, benchVideoSchema } from "~/schemas/bench";
import fc from "fast-check";
import { ANYWHERE, placementRefusal, type PlacementArea } from "~/lib/geo";
import { trailSchemasFor } from "~/schemas/trail";

// The sample campus: every trail point and bench lies in this box; points are taken within 5 km of it.
const sampleArea: PlacementArea = { box: [-84.012, 33.9776, -83.9976, 33.9855], marginMetres: 5_000, hasCenter: false };
const {
  coordinate: coordinateSchema,
  coordinateUpdate: coordinateUpdateSchema,
  insertCoordinate: insertCoordinateSchema,
} = trailSchemasFor(sampleArea);
const farAway = "This point is 14,079 km from the campus; points must be within 5 km of its trails and benches.";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("coordinate schemas", () => {
  test("decimals as text or numbers are accepted", () => {
    expect(coordinateSchema.parse({ latitude: " 33.98123 ", longitude: "-84.00456" })).toEqual({
      latitude: 33.98123,
      longitude: -84.00456,
    });
    expect(insertCoordinateSchema.parse({ index: "3", coordinate: [-84.001, 33.981] })).toMatchObject({
      index: 3,
      coordinate: [-84.001, 33.981],
      swapped: false,
    });
  });

  test("a missing value asks for both; a place too far from the campus is refused with how far", () => {
    expect(messages(coordinateSchema.safeParse({ latitude: "33.98", longitude: "" }))).toEqual([
      "Please provide both latitude and longitude",
    ]);
    expect(messages(coordinateSchema.safeParse({ latitude: "34.5", longitude: "-84" }))).toEqual([
      "This point is 57 km from the campus; points must be within 5 km of its trails and benches.",
    ]);
    expect(messages(coordinateSchema.safeParse({ latitude: "33.98", longitude: "-84.07" }))).toEqual([
      "This point is 5.3 km from the campus; points must be within 5 km of its trails and benches.",
    ]);
    expect(coordinateSchema.safeParse({ latitude: "33.98", longitude: "-84.06" }).success).toBe(true);
    expect(messages(coordinateSchema.safeParse({ latitude: "abc", longitude: "-84" }))).toEqual([
      "Latitude must be a number, e.g. 33.9812.",
    ]);
    expect(messages(coordinateSchema.safeParse({ latitude: "91", longitude: "-84" }))).toEqual([
      "Latitude must be between -90 and 90.",
    ]);
    // The admin page's fields are labelled: there, values in the wrong boxes are a typing error to show.
    expect(messages(coordinateSchema.safeParse({ latitude: "-84.0", longitude: "33.98" }))).toEqual([farAway]);
  });

  test("an empty campus takes its first point anywhere on Earth", () => {
    const { coordinate, insertCoordinate } = trailSchemasFor(ANYWHERE);
    expect(coordinate.parse({ latitude: "45.52", longitude: "-122.68" })).toEqual({
      latitude: 45.52,
      longitude: -122.68,
    });
    expect(insertCoordinate.parse({ index: 0, coordinate: [-122.68, 45.52] })).toMatchObject({
      coordinate: [-122.68, 45.52],
      swapped: false,
    });
    expect(messages(coordinate.safeParse({ latitude: "45.52", longitude: "-190" }))).toEqual([
      "Longitude must be between -180 and 180.",
    ]);
  });
});

describe("API coordinates sent with latitude and longitude exchanged", () => {
  test("a pair that only fits the campus exchanged is taken exchanged, and says so", () => {
    expect(coordinateUpdateSchema.parse({ latitude: -84.0051, longitude: 33.9812 })).toEqual({
      latitude: 33.9812,
      longitude: -84.0051,
      swapped: true,
      version: undefined,
    });
    expect(coordinateUpdateSchema.parse({ latitude: "33.9812", longitude: "-84.0051", version: 3 })).toEqual({
      latitude: 33.9812,
      longitude: -84.0051,
      swapped: false,
      version: 3,
    });
    expect(insertCoordinateSchema.parse({ index: 0, coordinate: [33.98, -84.0] })).toEqual({
      index: 0,
      coordinate: [-84.0, 33.98],
      swapped: true,
      version: undefined,
    });
    expect(insertCoordinateSchema.parse({ index: "1", coordinate: [-84.001, 33.981] })).toMatchObject({
      coordinate: [-84.001, 33.981],
      swapped: false,
    });
  });

  test("a pair outside the campus either way is refused with the range messages at its fields", () => {
    const update = coordinateUpdateSchema.safeParse({ latitude: 40, longitude: -84 });
    expect(update.success).toBe(false);
    expect(update.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["latitude", "This point is 669 km from the campus; points must be within 5 km of its trails and benches."],
    ]);
    // Exchanged, -84 would be a fine longitude but 40 no latitude of ours.
    expect(coordinateUpdateSchema.safeParse({ latitude: -84, longitude: 40 }).success).toBe(false);
    const insert = insertCoordinateSchema.safeParse({ index: 0, coordinate: [34.5, -84.0] });
    expect(insert.error?.issues.map((issue) => issue.path.join("."))).toEqual(["coordinate"]);
    expect(messages(coordinateUpdateSchema.safeParse({ latitude: -84.0 }))).toEqual([
      "Please provide both latitude and longitude",
    ]);
  });

  test("property: any pair is stored inside the campus area or refused, and exchanged only when it fits no other way", () => {
    const inArea = (lat: number, lon: number) =>
      Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && placementRefusal(sampleArea, [lon, lat]) === null;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -90, max: 90, noNaN: true }),
          fc.double({ min: 33.95, max: 34.01, noNaN: true }),
          fc.double({ min: -84.04, max: -83.97, noNaN: true }),
        ),
        fc.oneof(
          fc.double({ min: -180, max: 180, noNaN: true }),
          fc.double({ min: 33.95, max: 34.01, noNaN: true }),
          fc.double({ min: -84.04, max: -83.97, noNaN: true }),
        ),
        (latitude, longitude) => {
          const parsed = coordinateUpdateSchema.safeParse({ latitude, longitude });
          if (!parsed.success) return !inArea(latitude, longitude) && !inArea(longitude, latitude);
          const { latitude: lat, longitude: lon, swapped } = parsed.data;
          if (!inArea(lat, lon)) return false;
          return swapped
            ? !inArea(latitude, longitude) && lat === longitude && lon === latitude
            : lat === latitude && lon === longitude;
        },
      ),
    );
  });
});

describe("bench schemas", () => {
  test("numbers from text, benchNumber alias, blank trail means none", () => {
    expect(
      benchCreateSchema.parse({
        benchNumber: "12",
        location: " Pond ",
        latitude: "33.98",
        longitude: "-84",
        trailId: "",
      }),
    ).toEqual({
      bench_number: 12,
      location: "Pond",
      latitude: 33.98,
      longitude: -84,
      trailId: null,
    });
    expect(
      messages(benchCreateSchema.safeParse({ bench_number: "1.5", location: "x", latitude: 33.98, longitude: -84 })),
    ).toEqual(["Bench number must be a whole number of at least 1."]);
  });

  test("a bench's place must be near the campus's trails and benches, even when only one of the two changes", () => {
    const { create, update } = benchSchemasFor(sampleArea);
    expect(messages(create.safeParse({ bench_number: 1, location: "x", latitude: 45.52, longitude: -122.68 }))).toEqual(
      ["This point is 3,505 km from the campus; points must be within 5 km of its trails and benches."],
    );
    expect(create.safeParse({ bench_number: 1, location: "x", latitude: 33.98, longitude: -84 }).success).toBe(true);
    expect(
      update.safeParse({ latitude: 45.52 }).error?.issues.map((issue) => [issue.path.join("."), issue.message]),
    ).toEqual([
      ["latitude", "This point is 1,283 km from the campus; points must be within 5 km of its trails and benches."],
    ]);
    expect(update.safeParse({ longitude: -84.001 }).success).toBe(true);
  });

  test("an update needs at least one field", () => {
    expect(benchUpdateSchema.parse({ location: "New" })).toEqual({ location: "New" });
    expect(messages(benchUpdateSchema.safeParse({}))).toEqual(["Send at least one bench field to change."]);
  });

  test("video links of any common YouTube form are stored as the embed URL", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=CQYKNyeBOIY",
      "youtu.be/CQYKNyeBOIY",
      "https://www.youtube.com/shorts/CQYKNyeBOIY",
    ]) {
      expect(benchVideoSchema.parse({ title: "T", url }).url).toBe("https://www.youtube.com/embed/CQYKNyeBOIY");
    }
    expect(benchVideoSchema.parse({ title: "T", url: "https://vimeo.com/1" }).url).toBe(
      "https://player.vimeo.com/video/1",
    );
    expect(messages(benchVideoSchema.safeParse({ title: "T", url: "javascript:alert(1)" }))).toEqual([
      "Please enter an https link to a YouTube or Vimeo video, a video file (.mp4 or .webm) or a web page.",
    ]);
  });
});
