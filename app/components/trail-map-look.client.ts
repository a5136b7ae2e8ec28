// What the interactive map draws: the trails, the bench markers (alone, grouped, under a notice) and the
// walker, as OpenLayers features and styles. A `.client` module, like the map itself.
import Feature from "ol/Feature";
import type OlMap from "ol/Map";
import type Overlay from "ol/Overlay";
import type VectorLayer from "ol/layer/Vector";
import type Cluster from "ol/source/Cluster";
import type VectorSource from "ol/source/Vector";
import CircleGeometry from "ol/geom/Circle";
import LineString from "ol/geom/LineString";
import Point from "ol/geom/Point";
import type { FeatureLike } from "ol/Feature";
import { fromLonLat } from "ol/proj";
import { Circle as CircleStyle, Fill, RegularShape, Stroke, Style, Text } from "ol/style";
import type { MapBench, MapTrail, WalkerMarker } from "~/components/trail-map-types";
import type { NoticeKind } from "~/schemas/notice";
import { groupLabel } from "~/lib/map-frame";
import {
  BENCH_GROUP_RADIUS,
  BENCH_MARKER_FILL,
  BENCH_MARKER_RADIUS,
  BENCH_MARKER_STROKE,
  CAUTION_MARKER_FILL,
  CAUTION_MARKER_TEXT,
  CLOSED_MARKER_FILL,
  CLOSED_TRAIL_DASH,
  TRAIL_CASING_COLOR,
  TRAIL_LINE_WIDTH,
  trailStrokeColor,
} from "~/lib/geo";

/** A trail's line over a dark casing; a closed trail's line dashed, as on the server's map. */
function trailStyle(color: string, closed: boolean) {
  return [
    new Style({ stroke: new Stroke({ color: TRAIL_CASING_COLOR, width: TRAIL_LINE_WIDTH + 2, lineJoin: "round" }) }),
    new Style({
      stroke: new Stroke({
        color: trailStrokeColor(color),
        width: TRAIL_LINE_WIDTH,
        lineJoin: "round",
        lineCap: closed ? "butt" : "round",
        lineDash: closed ? [...CLOSED_TRAIL_DASH] : undefined,
      }),
    }),
  ];
}

/** A bench's marker: round in the bench colour; a closed bench's a dark square, a caution's amber (as on the server's map). */
function benchStyle(benchNumber: number, notice: NoticeKind | null) {
  const image =
    notice === "closed"
      ? new RegularShape({
          points: 4,
          radius: BENCH_MARKER_RADIUS * Math.SQRT2,
          angle: Math.PI / 4,
          fill: new Fill({ color: CLOSED_MARKER_FILL }),
          stroke: new Stroke({ color: BENCH_MARKER_STROKE, width: 2 }),
        })
      : new CircleStyle({
          radius: BENCH_MARKER_RADIUS,
          fill: new Fill({ color: notice === "caution" ? CAUTION_MARKER_FILL : BENCH_MARKER_FILL }),
          stroke: new Stroke({ color: notice === "caution" ? CAUTION_MARKER_TEXT : BENCH_MARKER_STROKE, width: 2 }),
        });
  return new Style({
    image,
    text: new Text({
      text: String(benchNumber),
      font: "bold 10px system-ui, sans-serif",
      fill: new Fill({ color: notice === "caution" ? CAUTION_MARKER_TEXT : BENCH_MARKER_STROKE }),
    }),
  });
}

/** Benches too close to tell apart: a larger, white marker ringed in the bench colour, showing how many. */
function groupStyle(count: number) {
  return new Style({
    image: new CircleStyle({
      radius: BENCH_GROUP_RADIUS,
      fill: new Fill({ color: BENCH_MARKER_STROKE }),
      stroke: new Stroke({ color: BENCH_MARKER_FILL, width: 3 }),
    }),
    text: new Text({
      text: groupLabel(count),
      font: "bold 12px system-ui, sans-serif",
      fill: new Fill({ color: BENCH_MARKER_FILL }),
    }),
  });
}

const markerStyles = new Map<string, Style>();
/** A cluster of one is that bench's own marker. */
export function markerStyle(marker: FeatureLike) {
  const members = benchesOf(marker);
  const notice = members.length === 1 ? ((members[0].get("notice") as NoticeKind | undefined) ?? null) : null;
  const key = members.length === 1 ? `bench ${members[0].get("benchNumber")} ${notice}` : `group ${members.length}`;
  let style = markerStyles.get(key);
  if (!style) {
    style =
      members.length === 1 ? benchStyle(members[0].get("benchNumber") as number, notice) : groupStyle(members.length);
    markerStyles.set(key, style);
  }
  return style;
}

export const benchesOf = (marker: FeatureLike) => marker.get("features") as Feature[];
export const markerCoordinate = (marker: FeatureLike) => (marker.getGeometry() as Point).getCoordinates();

export function trailFeature(trail: MapTrail) {
  const feature = new Feature({ geometry: new LineString(trail.coordinates.map((point) => fromLonLat(point))) });
  feature.setId(trail.id);
  feature.set("color", trail.color);
  feature.set("notice", trail.notice?.kind ?? null);
  feature.setStyle(trailStyle(trail.color, trail.notice?.kind === "closed"));
  return feature;
}

export function benchFeature(bench: MapBench) {
  const feature = new Feature({ geometry: new Point(fromLonLat([bench.longitude, bench.latitude])) });
  feature.setId(bench.id);
  feature.set("benchId", bench.id);
  feature.set("benchNumber", bench.benchNumber);
  feature.set("notice", bench.notice?.kind ?? null);
  return feature;
}

const WALKER_COLOR = "#0b5ed7";
const STALE_WALKER_COLOR = "#57534e";

/** The accuracy circle and the "you are here" dot (on the trail when snapped), greyed when the signal is lost. */
export function walkerFeatures(walker: WalkerMarker) {
  const color = walker.stale ? STALE_WALKER_COLOR : WALKER_COLOR;
  const centre = fromLonLat(walker.position);
  // Web Mercator stretches distances by 1/cos(latitude): a radius in metres on the ground is larger on the map.
  const radius = walker.accuracy / Math.cos((walker.position[1] * Math.PI) / 180);
  const accuracy = new Feature({ geometry: new CircleGeometry(centre, radius) });
  accuracy.setStyle(new Style({ fill: new Fill({ color: `${color}26` }), stroke: new Stroke({ color, width: 1 }) }));
  const dot = new Feature({ geometry: new Point(fromLonLat(walker.snapped ?? walker.position)) });
  dot.setStyle(
    new Style({
      image: new CircleStyle({
        radius: 8,
        fill: new Fill({ color }),
        stroke: new Stroke({ color: "#ffffff", width: 3 }),
      }),
    }),
  );
  return [accuracy, dot];
}

/** The map and the parts of it the component changes after it is made. */
export type MapParts = {
  map: OlMap;
  walkerSource: VectorSource;
  trailSource: VectorSource;
  benchSource: VectorSource;
  markerSource: Cluster;
  benchLayer: VectorLayer;
  popup: Overlay;
};
