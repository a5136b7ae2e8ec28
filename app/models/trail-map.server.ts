import { createHash } from "node:crypto";
import { encodePath } from "~/lib/encoded-path";
import { DEFAULT_TRAIL_COLOR, trailFacts, type LonLat } from "~/lib/geo";
import { frameOriginFor, pathData } from "~/lib/map-frame";
import { listBenches } from "~/models/bench.server";
import { noticesForWalkers, type NoticeMarkData } from "~/models/notice-view.server";
import {
  benchesInTrailOrder,
  getTrailWithCoordinates,
  listTrailsWithCoordinates,
  type TrailSummary,
} from "~/models/trail.server";
import type { NoticeKind, NoticeView } from "~/schemas/notice";
import { currentDataCache } from "~/utils/current-data-cache.server";
import type { DataVersions } from "~/utils/versioned-cache.server";

/** A trail is addressed by its slug (?trail=gold, ?trail=riverside-loop), as its public page is. */
function trailParam(trail: Pick<TrailSummary, "slug">) {
  return trail.slug;
}

/**
 * Everything /trails shows of every trail, worked out once per change (decision 061): the chooser with
 * each trail's notice, and for each trail its path encoded once, its length and walking time, its
 * benches in walking order with their notices, and the notices of its places. Rebuilt when any data
 * version moves (an admin's edit of a trail, a bench, a video or a notice, on any instance) and at the
 * next moment a notice starts or ends, so a request reads one row of versions and picks its trail.
 */
const trailMaps = currentDataCache(async (now) => {
  const [trails, benches, { notices, benchMarks, trailMarks, nextChangeAt }] = await Promise.all([
    listTrailsWithCoordinates(),
    listBenches(),
    noticesForWalkers(undefined, now),
  ]);
  const chooser = trails.map(({ id, name, slug, color }) => ({
    id,
    name,
    color,
    param: trailParam({ slug }),
    notice: trailMarks[id]?.kind ?? null,
  }));
  const pages = new Map<string, TrailMapPage>();
  for (const trail of trails) {
    // Its own benches only (set for it, or within 30 m of it): the map frames them with the trail, and
    // the list does not offer a bench on another trail.
    // What the map, the list and the walk show of each, and no more: a document with scripts carries it.
    const onTrail = (await benchesInTrailOrder(trail, benches)).map(
      ({ bench: { id, benchNumber, location, latitude, longitude, trailId, videos } }): BenchOnMap => ({
        id,
        benchNumber,
        location,
        latitude,
        longitude,
        trailId,
        videos,
        notice: benchMarks[id] ?? null,
      }),
    );
    const benchIds = new Set(onTrail.map((bench) => bench.id));
    const page = withContentKey({
      trails: chooser,
      // The path once, compactly: the page decodes it for the server SVG and the interactive map alike.
      trail: {
        id: trail.id,
        name: trail.name,
        color: trail.color,
        path: encodePath(trail.coordinates),
        line: trailLineAddress(trail.id, trail.coordinates),
        notice: trailMarks[trail.id] ?? null,
      },
      facts: trailFacts(trail.coordinates),
      // The banner: the trail's own notices and its benches'.
      notices: notices.filter(
        (notice) =>
          notice.place.trailId === trail.id || (notice.place.benchId !== null && benchIds.has(notice.place.benchId)),
      ),
      nextChangeAt,
      benches: onTrail,
    });
    // An old link may name the trail by its id (how trails beyond the sample three were addressed before).
    pages.set(trailParam(trail), page).set(trail.id, page);
  }
  const empty = withContentKey({ trails: chooser, trail: null, facts: null, notices: [], nextChangeAt, benches: [] });
  return { value: { pages, empty }, validUntil: nextChangeAt ? new Date(nextChangeAt) : null };
});

type BenchOnMap = Pick<
  Awaited<ReturnType<typeof listBenches>>[number],
  "id" | "benchNumber" | "location" | "latitude" | "longitude" | "trailId" | "videos"
> & {
  notice: NoticeMarkData | null;
};

/**
 * A digest of everything the page shows of its trail, worked out once per composition: two requests with
 * the same key show the same thing, so the server may reuse what it rendered for one (decision 061).
 */
function withContentKey(page: Omit<TrailMapPage, "contentKey">): TrailMapPage {
  return { ...page, contentKey: createHash("sha256").update(JSON.stringify(page)).digest("base64url").slice(0, 22) };
}

type TrailMapPage = {
  /** Every trail for the chooser, in display order, with its address and its strongest notice. */
  trails: (Pick<TrailSummary, "id" | "name" | "color"> & { param: string; notice: NoticeKind | null })[];
  trail: {
    id: string;
    name: string;
    color: string;
    /** The path as an encoded polyline (app/lib/encoded-path.ts). */
    path: string;
    /** Where the drawn line is served as a file of its own, for a document that carries `path` already. */
    line: string;
    notice: NoticeMarkData | null;
  } | null;
  facts: ReturnType<typeof trailFacts> | null;
  notices: NoticeView[];
  /** When a notice of any place next starts or ends: the open page reloads its data then. */
  nextChangeAt: string | null;
  benches: BenchOnMap[];
  contentKey: string;
};

/**
 * /trails' map of the trail `requested` (its slug, any case, or its id); an unknown or missing one shows the
 * default trail rather than an error, as the address is the person's to edit. Shared between requests:
 * never mutate it. `versions`: the request's data versions, when it has read them (dataVersionsOf).
 */
export async function trailMapPage(
  requested: string | null | undefined,
  versions?: DataVersions,
  now = new Date(),
): Promise<TrailMapPage> {
  const { pages, empty } = await trailMaps(versions, now);
  return (
    (requested ? (pages.get(requested.toLowerCase()) ?? pages.get(requested)) : undefined) ??
    pages.get(DEFAULT_TRAIL_COLOR) ??
    pages.values().next().value ??
    empty
  );
}

/** A trail's line in frame units around its own origin: the one the map draws it in when it is the map's trail. */
const lineDrawing = (coordinates: readonly LonLat[]) => pathData(coordinates, frameOriginFor(coordinates));

const lineDigest = (drawing: string) => createHash("sha256").update(drawing).digest("base64url").slice(0, 16);

/** The address of a trail's drawn line: its digest names the drawing, so the file at it never changes. */
function trailLineAddress(trailId: string, coordinates: readonly LonLat[]) {
  return `/trails/lines/${trailId}-${lineDigest(lineDrawing(coordinates))}.svg`;
}

/**
 * The SVG file of a trail's line, to be drawn by `<use href="…#line">` (decision 061): the path alone, with
 * no stroke, so each use gives it its own (the casing, then the colour). Null when the trail is gone or
 * its line is no longer the one `digest` names.
 */
export async function trailLineSvg(trailId: string, digest: string): Promise<string | null> {
  const trail = await getTrailWithCoordinates(trailId);
  if (!trail) return null;
  const drawing = lineDrawing(trail.coordinates);
  if (lineDigest(drawing) !== digest) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg"><path id="line" d="${drawing}" fill="none" vector-effect="non-scaling-stroke"/></svg>`;
}
