import { readFileSync } from "node:fs";
import * as fc from "fast-check";
import { describe, expect, test } from "vitest";
import { haversineMetres, type LonLat } from "~/lib/geo";
import {
  alongDelta,
  applyFix,
  benchesAlongTrail,
  checkSignal,
  describeWalk,
  loseSignal,
  nextBenchAhead,
  ON_TRAIL_METRES,
  parseStoredWalk,
  SIGNAL_LOST_AFTER_MS,
  snapToTrail,
  startWalk,
  trailLine,
  USABLE_ACCURACY_METRES,
  type WalkState,
} from "~/lib/trail-walk";

type Feature = { properties: { name: string }; geometry: { coordinates: LonLat[] } };
const features: Feature[] = JSON.parse(readFileSync("prisma/seed-data/trails.geojson", "utf8")).features;
const gold = trailLine(features.find((feature) => feature.properties.name === "Gold Trail")!.geometry.coordinates);
const seedBenches: { benchNumber: number; latitude: number; longitude: number; trail: string }[] = JSON.parse(
  readFileSync("prisma/seed-data/benches.json", "utf8"),
);
const benches = seedBenches.map((bench) => ({
  id: `bench-${bench.benchNumber}`,
  benchNumber: bench.benchNumber,
  latitude: bench.latitude,
  longitude: bench.longitude,
  trailId: bench.trail === "Gold Trail" ? "gold" : "other",
}));

/** The point `metres` along the trail from its start. */
function pointAlong(line: typeof gold, metres: number): LonLat {
  const target = ((metres % line.length) + line.length) % line.length;
  let index = line.cumulative.findIndex((value) => value >= target);
  if (index <= 0) index = 1;
  const [start, end] = [line.coordinates[index - 1], line.coordinates[index]];
  const segment = line.cumulative[index] - line.cumulative[index - 1];
  const t = segment === 0 ? 0 : (target - line.cumulative[index - 1]) / segment;
  return [start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1])];
}

/** A point `metres` north of another. */
const north = ([lon, lat]: LonLat, metres: number): LonLat => [lon, lat + metres / 111_320];

const walkAlong = (from: number, to: number, step: number, seconds = 5) => {
  const fixes = [];
  const direction = Math.sign(to - from) || 1;
  for (let index = 0, at = from; direction * (to - at) >= 0; index++, at += direction * step) {
    fixes.push({ position: pointAlong(gold, at), accuracy: 8, at: 1_000_000 + index * seconds * 1000 });
  }
  return fixes;
};

describe("the trail line", () => {
  test("the Gold Trail is a closed loop of about 1.9 km", () => {
    expect(gold.loop).toBe(true);
    expect(gold.length).toBeGreaterThan(1800);
    expect(gold.length).toBeLessThan(2000);
  });

  test("an open path is not a loop; an empty one snaps to nothing", () => {
    expect(
      trailLine([
        [-84, 33.98],
        [-84.001, 33.981],
        [-84.002, 33.982],
      ]).loop,
    ).toBe(false);
    expect(snapToTrail(trailLine([]), [-84, 33.98])).toBeNull();
  });

  test("any point of the trail snaps to itself, at its distance along the trail", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: gold.length, noNaN: true }), (metres) => {
        const snap = snapToTrail(gold, pointAlong(gold, metres))!;
        expect(snap.offTrail).toBeLessThan(0.5);
        expect(Math.abs(alongDelta(gold, metres, snap.along))).toBeLessThan(1);
      }),
    );
  });

  test("any position snaps to a trail point no farther than every vertex, inside the trail's length", () => {
    const position = fc.tuple(
      fc.double({ min: -84.012, max: -83.997, noNaN: true }),
      fc.double({ min: 33.977, max: 33.986, noNaN: true }),
    );
    fc.assert(
      fc.property(position, (point) => {
        const snap = snapToTrail(gold, point as LonLat)!;
        expect(snap.along).toBeGreaterThanOrEqual(0);
        expect(snap.along).toBeLessThanOrEqual(gold.length + 1e-6);
        expect(Math.abs(haversineMetres(point as LonLat, snap.point) - snap.offTrail)).toBeLessThan(1e-6);
        const nearestVertex = Math.min(...gold.coordinates.map((vertex) => haversineMetres(point as LonLat, vertex)));
        expect(snap.offTrail).toBeLessThanOrEqual(nearestVertex + 0.5);
      }),
    );
  });

  test("on a loop the way from one place to another is the shorter way round, and back is its opposite", () => {
    const place = fc.double({ min: 0, max: gold.length, noNaN: true });
    fc.assert(
      fc.property(place, place, (a, b) => {
        const there = alongDelta(gold, a, b);
        expect(Math.abs(there)).toBeLessThanOrEqual(gold.length / 2 + 1e-9);
        expect(Math.abs(there + alongDelta(gold, b, a))).toBeLessThan(1e-6);
      }),
    );
    expect(alongDelta(gold, gold.length - 10, 10)).toBeCloseTo(20, 6);
  });
});

describe("the next bench ahead", () => {
  const alongGold = benchesAlongTrail(gold, "gold", benches);

  test("the Gold Trail's benches are found along it, in trail order", () => {
    expect(alongGold.length).toBeGreaterThanOrEqual(3);
    for (let index = 1; index < alongGold.length; index++)
      expect(alongGold[index].along).toBeGreaterThanOrEqual(alongGold[index - 1].along);
  });

  test("is the first bench ahead in the walking direction, coming round again on a loop", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: gold.length, noNaN: true }),
        fc.constantFrom(1 as const, -1 as const),
        (along, direction) => {
          const next = nextBenchAhead(gold, alongGold, along, direction)!;
          expect(next).not.toBeNull();
          expect(next.metresAhead).toBeGreaterThanOrEqual(0);
          expect(next.metresAhead).toBeLessThanOrEqual(gold.length);
          // No other bench is nearer ahead (allowing the few metres a just-passed bench stays "next").
          for (const other of alongGold) {
            const ahead = (((direction * (other.along - along)) % gold.length) + gold.length) % gold.length;
            if (other.bench.id !== next.bench.id && ahead > 8)
              expect(ahead + 1e-6).toBeGreaterThanOrEqual(next.metresAhead);
          }
        },
      ),
    );
  });

  test("on an open trail benches behind are not ahead", () => {
    const open = trailLine([
      [-84.0, 33.98],
      [-84.0, 33.981],
      [-84.0, 33.982],
    ]);
    const behind = [{ bench: benches[0], along: 10 }];
    expect(nextBenchAhead(open, behind, 100, 1)).toBeNull();
    expect(nextBenchAhead(open, behind, 100, -1)?.metresAhead).toBeCloseTo(90, 6);
  });
});

describe("a walk", () => {
  const run = (fixes: ReturnType<typeof walkAlong>, state: WalkState = startWalk("gold", 1_000_000)) =>
    fixes.reduce((current, fix) => applyFix(gold, current, fix), state);

  test("walking along the trail counts the distance walked, in the direction walked", () => {
    const forward = run(walkAlong(100, 400, 20));
    expect(forward.walkedMetres).toBeGreaterThan(295);
    expect(forward.walkedMetres).toBeLessThan(305);
    expect(forward.direction).toBe(1);
    const backward = run(walkAlong(400, 100, 20));
    expect(backward.walkedMetres).toBeCloseTo(forward.walkedMetres, 0);
    expect(backward.direction).toBe(-1);
    // Across the start of the loop: 50 m before the end to 50 m after the start.
    const across = run(walkAlong(gold.length - 50, gold.length + 50, 10));
    expect(across.walkedMetres).toBeGreaterThan(95);
    expect(across.walkedMetres).toBeLessThan(105);
  });

  test("jitter around one spot never adds distance, and the walked distance never shrinks", () => {
    const spot = pointAlong(gold, 300);
    const jitter = fc.array(
      fc.tuple(fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true })),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(jitter, (offsets) => {
        let state = startWalk("gold", 0);
        offsets.forEach(([dx, dy], index) => {
          const before = state.walkedMetres;
          state = applyFix(gold, state, {
            position: [spot[0] + dx / 92_000, spot[1] + dy / 111_320],
            accuracy: 5,
            at: index * 1000,
          });
          expect(state.walkedMetres).toBeGreaterThanOrEqual(before);
        });
        expect(state.walkedMetres).toBe(0);
      }),
    );
  });

  test("off the trail nothing counts and the distance to the trail is shown; back on, counting resumes", () => {
    const onTrail = run(walkAlong(100, 200, 20));
    const away = applyFix(gold, onTrail, { position: north(pointAlong(gold, 200), 60), accuracy: 5, at: 2_000_000 });
    const view = describeWalk(gold, away, []);
    expect(view.onTrail).toBe(false);
    expect(view.offTrailMetres).toBeGreaterThan(ON_TRAIL_METRES);
    expect(view.nextBench).toBeNull();
    expect(away.walkedMetres).toBe(onTrail.walkedMetres);
    const back = run(
      walkAlong(300, 400, 20).map((fix) => ({ ...fix, at: fix.at + 2_000_000 })),
      away,
    );
    expect(describeWalk(gold, back, []).onTrail).toBe(true);
    // The shortcut from 200 m to 300 m is not walked along the trail; 300 to 400 m is.
    expect(back.walkedMetres - onTrail.walkedMetres).toBeGreaterThan(95);
    expect(back.walkedMetres - onTrail.walkedMetres).toBeLessThan(105);
  });

  test("a weak position moves nothing; a lost signal is shown as lost and ends nothing; a jump after it is not counted", () => {
    const walked = run(walkAlong(100, 200, 20));
    const weak = applyFix(gold, walked, {
      position: pointAlong(gold, 600),
      accuracy: USABLE_ACCURACY_METRES + 1,
      at: 1_100_000,
    });
    expect(weak.signal).toBe("weak");
    expect(weak.last).toEqual(walked.last);
    const lost = loseSignal(weak);
    expect(lost.signal).toBe("lost");
    expect(lost.walkedMetres).toBe(walked.walkedMetres);
    // 400 m further along two seconds later is a glitch, not a walk.
    const jumped = applyFix(gold, lost, { position: pointAlong(gold, 600), accuracy: 5, at: walked.anchorAt! + 2000 });
    expect(jumped.signal).toBe("ok");
    expect(jumped.walkedMetres).toBe(walked.walkedMetres);
    expect(jumped.anchorAlong).toBeCloseTo(600, 0);
  });

  test("silence for longer than the limit shows the signal as lost", () => {
    const walked = run(walkAlong(100, 120, 20));
    const lastAt = walked.last!.at;
    expect(checkSignal(walked, lastAt + SIGNAL_LOST_AFTER_MS - 1).signal).toBe("ok");
    expect(checkSignal(walked, lastAt + SIGNAL_LOST_AFTER_MS + 1).signal).toBe("lost");
  });

  test("what is left is one length of the trail less the distance walked, at 3 mph", () => {
    const walked = run(walkAlong(0, 201, 20));
    const view = describeWalk(gold, walked, []);
    expect(view.leftMetres).toBeCloseTo(gold.length - walked.walkedMetres, 6);
    expect(view.leftSeconds).toBeCloseTo(view.leftMetres / 1.34112, 6);
  });

  test("a stored walk reads back; anything else is no walk", () => {
    const walked = run(walkAlong(100, 200, 20));
    expect(parseStoredWalk(JSON.stringify(walked))).toEqual(walked);
    expect(parseStoredWalk(null)).toBeNull();
    expect(parseStoredWalk(JSON.stringify({ ...walked, walkedMetres: "far" }))).toBeNull();
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(parseStoredWalk(text)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(parseStoredWalk(JSON.stringify(value))).toBeNull();
      }),
    );
  });
});
