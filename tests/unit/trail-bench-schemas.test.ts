import { describe, expect, test } from "vitest";
import { benchCreateSchema, benchUpdateSchema, benchVideoSchema } from "~/schemas/bench";
import { coordinateSchema, insertCoordinateSchema } from "~/schemas/trail";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("coordinate schemas", () => {
  test("decimals as text or numbers are accepted", () => {
    expect(coordinateSchema.parse({ latitude: " 33.98123 ", longitude: "-84.00456" })).toEqual({ latitude: 33.98123, longitude: -84.00456 });
    expect(insertCoordinateSchema.parse({ index: "3", coordinate: [-84.001, 33.981] })).toEqual({ index: 3, coordinate: [-84.001, 33.981] });
  });

  test("a missing value asks for both; values outside campus name the range", () => {
    expect(messages(coordinateSchema.safeParse({ latitude: "33.98", longitude: "" }))).toEqual(["Please provide both latitude and longitude"]);
    expect(messages(coordinateSchema.safeParse({ latitude: "34.5", longitude: "-84" }))).toEqual([
      "Latitude must be within the campus area (33.96 to 34.00).",
    ]);
    expect(messages(coordinateSchema.safeParse({ latitude: "33.98", longitude: "-85" }))).toEqual([
      "Longitude must be within the campus area (-84.03 to -83.98).",
    ]);
    expect(messages(coordinateSchema.safeParse({ latitude: "abc", longitude: "-84" }))).toEqual(["Latitude must be a number, e.g. 33.9812."]);
    // [lat, lng] by mistake is out of the area on both counts.
    expect(insertCoordinateSchema.safeParse({ index: 0, coordinate: [33.98, -84.0] }).success).toBe(false);
  });
});

describe("bench schemas", () => {
  test("numbers from text, benchNumber alias, blank trail means none", () => {
    expect(benchCreateSchema.parse({ benchNumber: "12", location: " Pond ", latitude: "33.98", longitude: "-84", trailId: "" })).toEqual({
      bench_number: 12,
      location: "Pond",
      latitude: 33.98,
      longitude: -84,
      trailId: null,
    });
    expect(messages(benchCreateSchema.safeParse({ bench_number: "1.5", location: "x", latitude: 33.98, longitude: -84 }))).toEqual([
      "Bench number must be a whole number of at least 1.",
    ]);
  });

  test("an update needs at least one field", () => {
    expect(benchUpdateSchema.parse({ location: "New" })).toEqual({ location: "New" });
    expect(messages(benchUpdateSchema.safeParse({}))).toEqual(["Send at least one bench field to change."]);
  });

  test("video links of any common YouTube form are stored as the embed URL", () => {
    for (const url of ["https://www.youtube.com/watch?v=CQYKNyeBOIY", "youtu.be/CQYKNyeBOIY", "https://www.youtube.com/shorts/CQYKNyeBOIY"]) {
      expect(benchVideoSchema.parse({ title: "T", url }).url).toBe("https://www.youtube.com/embed/CQYKNyeBOIY");
    }
    expect(messages(benchVideoSchema.safeParse({ title: "T", url: "https://vimeo.com/1" }))).toEqual([
      "Please enter a YouTube video link (youtube.com or youtu.be).",
    ]);
  });
});
