import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { decodePath, encodePath } from "~/lib/encoded-path";
import type { LonLat } from "~/lib/geo";

const coordinate = fc.tuple(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.double({ min: -90, max: 90, noNaN: true }),
) as fc.Arbitrary<LonLat>;

describe("encoded trail paths", () => {
  test("decode what was encoded, to six decimals, in order", () => {
    fc.assert(
      fc.property(fc.array(coordinate, { maxLength: 200 }), (path) => {
        const decoded = decodePath(encodePath(path));
        expect(decoded).toHaveLength(path.length);
        for (const [index, [lon, lat]] of path.entries()) {
          expect(Math.abs(decoded[index][0] - lon)).toBeLessThanOrEqual(5.000001e-7);
          expect(Math.abs(decoded[index][1] - lat)).toBeLessThanOrEqual(5.000001e-7);
        }
      }),
      { numRuns: 300 },
    );
  });

  test("a seeded trail takes a fraction of the bytes its JSON numbers do", () => {
    const features = JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features as {
      geometry: { coordinates: LonLat[] };
    }[];
    for (const { geometry } of features) {
      const encoded = encodePath(geometry.coordinates);
      expect(encoded.length).toBeLessThan(JSON.stringify(geometry.coordinates).length / 4);
      expect(decodePath(encoded)).toEqual(
        geometry.coordinates.map(([lon, lat]) => [Math.round(lon * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6]),
      );
    }
  });
});
