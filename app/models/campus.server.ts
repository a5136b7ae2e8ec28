import { boundingBox, PLACEMENT_MARGIN_METRES, type LonLat, type PlacementArea } from "~/lib/geo";
import type { Refusal } from "~/models/refusal";
import { versionCondition, versionMismatch, type EditBase } from "~/models/edit-version";
import { listBenches } from "~/models/bench.server";
import { listTrailsWithCoordinates } from "~/models/trail.server";
import { campusMessages, type CampusChange, type CampusJson } from "~/schemas/campus";
import { prisma } from "~/utils/db.server";
import { versionedCache, type DataVersions } from "~/utils/versioned-cache.server";

// The campus settings (decision 076): one row, read by nearly every page (its name in the footer, its
// clock in every time shown), so kept in memory and reloaded when the `campus` data version moves.

export type Campus = { name: string; timeZone: string; center: LonLat | null; version: number };

/**
 * What a campus is before anyone described it (a start without sample data): a neutral name and the
 * clock the sample campus keeps, until an admin saves the Campus area.
 */
const DEFAULT_CAMPUS: Campus = { name: "Our campus", timeZone: "America/New_York", center: null, version: 0 };

const campusSelect = {
  name: true,
  timeZone: true,
  centerLongitude: true,
  centerLatitude: true,
  version: true,
} as const;

function toCampus(row: {
  name: string;
  timeZone: string;
  centerLongitude: number | null;
  centerLatitude: number | null;
  version: number;
}): Campus {
  const center: LonLat | null =
    row.centerLongitude !== null && row.centerLatitude !== null ? [row.centerLongitude, row.centerLatitude] : null;
  return { name: row.name, timeZone: row.timeZone, center, version: row.version };
}

const campusSettings = versionedCache("campus", async (): Promise<Campus> => {
  const row = await prisma.campus.findUnique({ where: { id: 1 }, select: campusSelect });
  return row ? toCampus(row) : DEFAULT_CAMPUS;
});

/** The campus settings; `versions`: the request's data versions when the caller has them. Never mutate. */
export function getCampus(versions?: DataVersions): Promise<Campus> {
  return campusSettings(versions);
}

let placement: { sources: readonly unknown[]; area: PlacementArea } | null = null;

/**
 * Where a new trail point or bench may go (decision 076): within PLACEMENT_MARGIN_METRES of the box around
 * every trail point, bench and the campus's centre; anywhere on an empty campus. Worked out again only when
 * one of the three versioned caches it is made from has moved on.
 */
export async function getPlacementArea(versions?: DataVersions): Promise<PlacementArea> {
  const sources = await Promise.all([listTrailsWithCoordinates(versions), listBenches(versions), getCampus(versions)]);
  if (placement?.sources.every((source, index) => source === sources[index])) return placement.area;
  const [trails, benches, campus] = sources;
  const points: LonLat[] = [
    ...trails.flatMap((trail) => trail.coordinates),
    ...benches.map((bench): LonLat => [bench.longitude, bench.latitude]),
    ...(campus.center ? [campus.center] : []),
  ];
  const area: PlacementArea = {
    box: boundingBox(points),
    marginMetres: PLACEMENT_MARGIN_METRES,
    hasCenter: campus.center !== null,
  };
  placement = { sources, area };
  return area;
}

export function toCampusJson(campus: Campus): CampusJson {
  return { name: campus.name, timeZone: campus.timeZone, center: campus.center, version: campus.version };
}

type CampusResult =
  { ok: true; campus: Campus } | { ok: false; reason: "stale" | "precondition-failed"; current: Campus };

export const campusRefusals = {
  stale: { status: 409, message: campusMessages.stale },
  "precondition-failed": {
    status: 412,
    message:
      "The campus settings have changed since the version named in If-Match, so nothing was saved. Read them again and retry.",
  },
} as const satisfies Record<"stale" | "precondition-failed", Refusal>;

/**
 * Changes the fields given (a `center` of null takes the centre away), moving the version on by one with
 * one conditional write, so an edit based on an older version is refused rather than lost. The row is
 * made by the first save with an insert that skips an existing row, so two first saves at once both reach
 * the conditional write (one may be refused as stale) instead of one failing on the duplicate key.
 */
export async function updateCampus(change: CampusChange, base: EditBase = {}): Promise<CampusResult> {
  return prisma.$transaction(async (tx) => {
    const read = () => tx.campus.findUnique({ where: { id: 1 }, select: campusSelect });
    const row = await read();
    const current = row ? toCampus(row) : DEFAULT_CAMPUS;
    const mismatch = versionMismatch(current.version, base);
    if (mismatch) return { ok: false, reason: mismatch, current };
    if (!row) {
      await tx.campus.createMany({
        data: [
          { id: 1, name: DEFAULT_CAMPUS.name, timeZone: DEFAULT_CAMPUS.timeZone, version: DEFAULT_CAMPUS.version },
        ],
        skipDuplicates: true,
      });
    }
    const center =
      change.center === undefined
        ? {}
        : { centerLongitude: change.center?.[0] ?? null, centerLatitude: change.center?.[1] ?? null };
    const fields = {
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.timeZone !== undefined ? { timeZone: change.timeZone } : {}),
      ...center,
    };
    const written = await tx.campus.updateMany({
      where: { id: 1, ...versionCondition(base) },
      data: { ...fields, version: { increment: 1 } },
    });
    const saved = await read();
    if (!saved) throw new Error("The campus row vanished inside its own transaction");
    if (written.count === 0)
      return { ok: false, reason: versionMismatch(saved.version, base) ?? "stale", current: toCampus(saved) };
    return { ok: true, campus: toCampus(saved) };
  });
}
