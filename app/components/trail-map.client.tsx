// The interactive map. A `.client` module: the server build empties it, and the browser fetches it
// as its own chunk (React.lazy in trail-map.tsx), so pages without a map never load OpenLayers.
import Feature from "ol/Feature";
import OlMap from "ol/Map";
import Overlay from "ol/Overlay";
import View from "ol/View";
import CircleGeometry from "ol/geom/Circle";
import LineString from "ol/geom/LineString";
import Point from "ol/geom/Point";
import TileLayer from "ol/layer/Tile";
import VectorLayer from "ol/layer/Vector";
import { getBottomRight, getTopLeft, isEmpty, type Extent } from "ol/extent";
import type { FeatureLike } from "ol/Feature";
import { fromLonLat, toLonLat, transformExtent } from "ol/proj";
import type { Size } from "ol/size";
import Cluster from "ol/source/Cluster";
import OSM from "ol/source/OSM";
import VectorSource from "ol/source/Vector";
import { Circle as CircleStyle, Fill, RegularShape, Stroke, Style, Text } from "ol/style";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { BenchVideoLinks } from "~/components/bench-video-links";
import { NoticeMark } from "~/components/notice-banner";
import { ReportLink } from "~/components/report-link";
import type { MapBench, MapTrail, TrailMapProps, WalkerMarker } from "~/components/trail-map-types";
import type { NoticeKind } from "~/schemas/notice";
import { groupLabel } from "~/lib/map-frame";
import { useCampusCenter } from "~/lib/use-campus-time-zone";
import {
  BENCH_GROUP_RADIUS,
  BENCH_MARKER_FILL,
  BENCH_MARKER_RADIUS,
  BENCH_MARKER_STROKE,
  CAUTION_MARKER_FILL,
  CAUTION_MARKER_TEXT,
  CLOSED_MARKER_FILL,
  CLOSED_TRAIL_DASH,
  MAP_BACKGROUND,
  mapViewOf,
  type LonLat,
  MAP_HEIGHT_PX,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_ZOOM,
  MARKER_HIT_PX,
  TRAIL_CASING_COLOR,
  TRAIL_LINE_WIDTH,
  trailStrokeColor,
  zoomForResolution,
} from "~/lib/geo";

const POPUP_WIDTH_PX = 256;
/** Room around the trail when the map fits it. */
const FIT_PADDING_PX = 24;

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
function markerStyle(marker: FeatureLike) {
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

const benchesOf = (marker: FeatureLike) => marker.get("features") as Feature[];
const markerCoordinate = (marker: FeatureLike) => (marker.getGeometry() as Point).getCoordinates();

/** The marker whose 44 px touch target holds the pixel (the nearest, should two ever both do). */
function markerAtPixel(map: OlMap, markers: Feature[], pixel: number[]) {
  let nearest: Feature | null = null;
  let nearestDistance = MARKER_HIT_PX / 2;
  for (const marker of markers) {
    const at = map.getPixelFromCoordinate(markerCoordinate(marker));
    if (!at) continue;
    const distance = Math.hypot(at[0] - pixel[0], at[1] - pixel[1]);
    if (distance <= nearestDistance) [nearest, nearestDistance] = [marker, distance];
  }
  return nearest;
}

/**
 * Shows the whole extent with some room, zooming out past the map's minimum zoom (MAP_MIN_ZOOM) when a narrow screen needs
 * it (and letting the person zoom out that far), but never in past the usual opening zoom.
 */
function fitExtent(map: OlMap, extent: Extent) {
  const size = map.getSize();
  if (!size || isEmpty(extent)) return;
  const view = map.getView();
  const padding = clearOfZoomButtons(map, size, extent);
  const needed = zoomForResolution(resolutionWithin(map, size, extent, padding));
  view.setMinZoom(Math.min(MAP_MIN_ZOOM, Math.floor(needed * 100) / 100));
  view.fit(extent, { padding, maxZoom: MAP_ZOOM });
}

/**
 * The fit's padding (top, right, bottom, left): room all round, and the zoom buttons' corner kept clear,
 * beside them or below them, whichever leaves the trail larger. On a phone the trail fills the width,
 * and its corner lay under the buttons.
 */
function clearOfZoomButtons(map: OlMap, size: Size, extent: Extent): Padding {
  const around: Padding = [FIT_PADDING_PX, FIT_PADDING_PX, FIT_PADDING_PX, FIT_PADDING_PX];
  const element = map.getViewport();
  const buttons = element?.querySelector(".ol-zoom")?.getBoundingClientRect();
  if (!element || !buttons || buttons.width === 0) return around;
  const viewport = element.getBoundingClientRect();
  const beside: Padding = [
    FIT_PADDING_PX,
    FIT_PADDING_PX,
    FIT_PADDING_PX,
    buttons.right - viewport.left + FIT_PADDING_PX / 2,
  ];
  const below: Padding = [
    buttons.bottom - viewport.top + FIT_PADDING_PX / 2,
    FIT_PADDING_PX,
    FIT_PADDING_PX,
    FIT_PADDING_PX,
  ];
  return resolutionWithin(map, size, extent, beside) <= resolutionWithin(map, size, extent, below) ? beside : below;
}

/** Top, right, bottom and left, in pixels. */
type Padding = [number, number, number, number];

function resolutionWithin(map: OlMap, [width, height]: Size, extent: Extent, [top, right, bottom, left]: Padding) {
  return map
    .getView()
    .getResolutionForExtent(extent, [Math.max(1, width - left - right), Math.max(1, height - top - bottom)]);
}

function trailFeature(trail: MapTrail) {
  const feature = new Feature({ geometry: new LineString(trail.coordinates.map((point) => fromLonLat(point))) });
  feature.setId(trail.id);
  feature.set("color", trail.color);
  feature.set("notice", trail.notice?.kind ?? null);
  feature.setStyle(trailStyle(trail.color, trail.notice?.kind === "closed"));
  return feature;
}

function benchFeature(bench: MapBench) {
  const feature = new Feature({ geometry: new Point(fromLonLat([bench.longitude, bench.latitude])) });
  feature.setId(bench.id);
  feature.set("benchId", bench.id);
  feature.set("benchNumber", bench.benchNumber);
  feature.set("notice", bench.notice?.kind ?? null);
  return feature;
}

/** How close a popup taller than the room beside its marker may come to the map's top and bottom edges. */
const POPUP_EDGE_PX = 4;

/**
 * Above the marker in the lower half of the map, below it in the upper half; clear of the side edges.
 * A popup taller than the room on its side (a video playing in it, on a phone) slides towards the middle
 * of the map, over its marker if need be, so its heading and close button are never cut off by the
 * map's edge.
 */
function placePopup(map: OlMap, popup: Overlay, coordinate: number[], markerRadius: number, popupHeight: number) {
  const pixel = map.getPixelFromCoordinate(coordinate);
  const [width, height] = map.getSize() ?? [0, 0];
  const gap = markerRadius + 6;
  const above = pixel ? pixel[1] > height / 2 : true;
  const sideRoom = POPUP_WIDTH_PX / 2 + 8;
  const horizontal = !pixel
    ? "center"
    : pixel[0] < sideRoom
      ? "left"
      : pixel[0] > width - sideRoom
        ? "right"
        : "center";
  let dy = above ? -gap : gap;
  if (pixel && popupHeight > 0) {
    const y = pixel[1];
    // Its top stays inside the map first (the heading and the close button are there), then its bottom.
    dy = above
      ? Math.max(Math.min(dy, height - POPUP_EDGE_PX - y), popupHeight + POPUP_EDGE_PX - y)
      : Math.max(Math.min(dy, height - POPUP_EDGE_PX - popupHeight - y), POPUP_EDGE_PX - y);
  }
  popup.setPositioning(`${above ? "bottom" : "top"}-${horizontal}`);
  popup.setOffset([horizontal === "left" ? -gap : horizontal === "right" ? gap : 0, dy]);
  popup.setPosition(coordinate);
}

const WALKER_COLOR = "#0b5ed7";
const STALE_WALKER_COLOR = "#57534e";

/** The accuracy circle and the "you are here" dot (on the trail when snapped), greyed when the signal is lost. */
function walkerFeatures(walker: WalkerMarker) {
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

type MapParts = {
  map: OlMap;
  walkerSource: VectorSource;
  trailSource: VectorSource;
  benchSource: VectorSource;
  markerSource: Cluster;
  benchLayer: VectorLayer;
  popup: Overlay;
};

export default function OpenLayersTrailMap({
  trails,
  benches,
  showBenches,
  label,
  tiles,
  walker = null,
  followWalker = false,
  onUserPan,
}: TrailMapProps) {
  const campusCenter = useCampusCenter();
  const onUserPanRef = useRef(onUserPan);
  const targetRef = useRef<HTMLDivElement>(null);
  const partsRef = useRef<MapParts | null>(null);
  const [popupElement] = useState(() => document.createElement("div"));
  // A bench, or a group of benches too close to tell apart (whose popup lists them), and where it is.
  const [selection, setSelection] = useState<{ benchIds: string[]; at: number[] } | null>(null);
  const followingWalker = useRef(false);
  // Kept current for the map's own listeners and the effects below, which run after this one.
  useEffect(() => {
    onUserPanRef.current = onUserPan;
    followingWalker.current = walker !== null && followWalker;
  });

  useEffect(() => {
    const target = targetRef.current!;
    const trailSource = new VectorSource();
    const benchSource = new VectorSource();
    // Markers closer than a touch target share one, so every target on screen is separately hittable.
    const markerSource = new Cluster({ source: benchSource, distance: MARKER_HIT_PX, minDistance: MARKER_HIT_PX });
    const trailLayer = new VectorLayer({ source: trailSource });
    const benchLayer = new VectorLayer({ source: markerSource, style: markerStyle, visible: false });
    const walkerSource = new VectorSource();
    const walkerLayer = new VectorLayer({ source: walkerSource });
    // No auto-pan: the popup is placed on whichever side of its marker has room (placePopup), so
    // opening it never moves the map under the pointer.
    const popup = new Overlay({ element: popupElement, stopEvent: true });
    // Opens on, and pans around, what it was given to show: the campus is wherever its trails are.
    const view = mapViewOf(
      [
        ...trails.flatMap((trail) => trail.coordinates),
        ...benches.map((bench): LonLat => [bench.longitude, bench.latitude]),
      ],
      campusCenter,
    );
    const map = new OlMap({
      target,
      layers: [
        // Tiles are decoration: when they fail (no network) the vector layers still draw on the background.
        new TileLayer({ source: new OSM({ url: tiles.url, attributions: tiles.attribution }) }),
        trailLayer,
        benchLayer,
        walkerLayer,
      ],
      overlays: [popup],
      view: new View({
        center: fromLonLat(view.center),
        zoom: MAP_ZOOM,
        minZoom: MAP_MIN_ZOOM,
        maxZoom: MAP_MAX_ZOOM,
        extent: transformExtent(view.extent, "EPSG:4326", "EPSG:3857"),
        constrainOnlyCenter: true,
      }),
    });

    const shownMarkers = () => (benchLayer.getVisible() ? markerSource.getFeatures() : []);
    map.on("singleclick", (event) => {
      const marker = markerAtPixel(map, shownMarkers(), event.pixel);
      if (!marker) {
        setSelection(null);
        return;
      }
      const members = benchesOf(marker);
      setSelection({
        benchIds: members.map((bench) => bench.get("benchId") as string),
        at: members.length === 1 ? markerCoordinate(members[0]) : markerCoordinate(marker),
      });
    });
    // Panning by hand stops the map following the walker (until they press Recentre).
    map.on("pointerdrag", () => onUserPanRef.current?.());
    const onKeyDown = (event: KeyboardEvent) => {
      if (["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].includes(event.key)) onUserPanRef.current?.();
    };
    target.addEventListener("keydown", onKeyDown);
    map.on("pointermove", (event) => {
      if (event.dragging) return;
      target.style.cursor = markerAtPixel(map, shownMarkers(), event.pixel) ? "pointer" : "";
    });
    // What was actually drawn, for tests and debugging: set from the rendered layers' real features.
    map.on("postrender", () => {
      target.dataset.trail = trailSource
        .getFeatures()
        .map((feature) => feature.get("color"))
        .join(",");
      target.dataset.benchesVisible = String(benchLayer.getVisible() ? benchSource.getFeatures().length : 0);
      // The places drawn with a notice's style: "closed:3" for Bench 3, "closed:trail" for a closed trail.
      target.dataset.notices = [
        ...trailSource
          .getFeatures()
          .flatMap((feature) => (feature.get("notice") ? [`${feature.get("notice")}:trail`] : [])),
        ...(benchLayer.getVisible() ? benchSource.getFeatures() : []).flatMap((feature) =>
          feature.get("notice") ? [`${feature.get("notice")}:${feature.get("benchNumber")}`] : [],
        ),
      ].join(",");
      target.dataset.walker = String(walkerSource.getFeatures().length > 0);
      // The trails' bounding box in the map's pixels: left, top, right, bottom.
      const trailExtent = trailSource.getExtent();
      if (trailExtent && !isEmpty(trailExtent)) {
        const corners = [getTopLeft(trailExtent), getBottomRight(trailExtent)].map(
          (at) => map.getPixelFromCoordinate(at) as number[] | null,
        );
        if (corners[0] && corners[1])
          target.dataset.trailBox = [...corners[0], ...corners[1]].map((n) => Math.round(n)).join(",");
      }
      // The view and each marker's pixel (in the map element) with the bench numbers it stands for.
      const view = map.getView();
      const center = view.getCenter();
      if (!center) return;
      const [lon, lat] = toLonLat(center);
      target.dataset.center = `${lon.toFixed(7)},${lat.toFixed(7)}`;
      target.dataset.zoom = view.getZoom()!.toFixed(5);
      target.dataset.markers = JSON.stringify(
        shownMarkers().flatMap((marker) => {
          // No pixel while the map has no frame (resized to nothing, as during a full-page capture).
          const at = map.getPixelFromCoordinate(markerCoordinate(marker));
          if (!at) return [];
          const [x, y] = at;
          return [
            {
              benches: benchesOf(marker).map((bench) => bench.get("benchNumber") as number),
              x: Math.round(x * 10) / 10,
              y: Math.round(y * 10) / 10,
            },
          ];
        }),
      );
      target.dataset.rendered = "true";
    });

    // Presses inside the popup are not map clicks: without this, OpenLayers counts a press on the close
    // button and a quick click on the next marker as a double-click and zooms in.
    const stopPointerDown = (event: PointerEvent) => event.stopPropagation();
    popupElement.addEventListener("pointerdown", stopPointerDown);

    partsRef.current = { map, walkerSource, trailSource, benchSource, markerSource, benchLayer, popup };
    return () => {
      partsRef.current = null;
      target.removeEventListener("keydown", onKeyDown);
      popupElement.removeEventListener("pointerdown", stopPointerDown);
      map.setTarget(undefined);
      map.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the tile source is configuration: it does not change while the page is open
  }, [popupElement]);

  // Fitted when a different trail is shown, not when an edit changes the one on screen.
  const fittedTrails = useRef<string | null>(null);
  useEffect(() => {
    const { map, trailSource } = partsRef.current!;
    trailSource.clear();
    trailSource.addFeatures(trails.map(trailFeature));
    const shown = trails.map((trail) => trail.id).join(",");
    const extent = trailSource.getExtent();
    if (extent && shown !== fittedTrails.current && !followingWalker.current) fitExtent(map, extent);
    fittedTrails.current = shown;
  }, [trails]);

  useEffect(() => {
    const parts = partsRef.current!;
    parts.benchSource.clear();
    parts.benchSource.addFeatures(benches.map(benchFeature));
  }, [benches]);

  useEffect(() => {
    partsRef.current!.benchLayer.setVisible(showBenches);
  }, [showBenches]);

  useEffect(() => {
    const { map, walkerSource } = partsRef.current!;
    walkerSource.clear();
    if (!walker) return;
    walkerSource.addFeatures(walkerFeatures(walker));
    if (followWalker) map.getView().setCenter(fromLonLat(walker.snapped ?? walker.position));
  }, [walker, followWalker]);

  const selectedBenches =
    showBenches && selection ? benches.filter((bench) => selection.benchIds.includes(bench.id)) : [];
  const selectedKey = selectedBenches.map((bench) => bench.id).join(",");

  const shownKey = useRef("");
  useEffect(() => {
    const { map, popup } = partsRef.current!;
    if (!selectedKey || !selection) {
      popup.setPosition(undefined);
      shownKey.current = selectedKey;
      return;
    }
    const radius = selection.benchIds.length > 1 ? BENCH_GROUP_RADIUS : BENCH_MARKER_RADIUS;
    const place = () => placePopup(map, popup, selection.at, radius, popupElement.offsetHeight);
    place();
    // Move focus into a newly opened popup, once it is placed and visible.
    if (shownKey.current !== selectedKey)
      popupElement.querySelector<HTMLElement>("[data-popup-close]")?.focus({ preventScroll: true });
    shownKey.current = selectedKey;
    // Placed again when it changes size: shown (it had none while hidden), or a video starts playing in it.
    const resized = new ResizeObserver(place);
    resized.observe(popupElement);
    return () => resized.disconnect();
  }, [selectedKey, selection, popupElement]);

  const closePopup = () => {
    setSelection(null);
    targetRef.current?.focus();
  };
  const chooseBench = (bench: MapBench) =>
    setSelection({ benchIds: [bench.id], at: fromLonLat([bench.longitude, bench.latitude]) });

  return (
    <>
      <div
        ref={targetRef}
        role="region"
        aria-roledescription="map"
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focused, the map pans with the arrow keys and zooms with + and - (OpenLayers' keyboard interactions)
        tabIndex={0}
        data-map="openlayers"
        className="w-full overflow-hidden rounded-lg border border-stone-300"
        style={{ height: MAP_HEIGHT_PX, background: MAP_BACKGROUND }}
      />
      {selectedBenches.length === 1
        ? createPortal(<BenchPopup bench={selectedBenches[0]} onClose={closePopup} />, popupElement)
        : selectedBenches.length > 1
          ? createPortal(
              <GroupPopup benches={selectedBenches} onChoose={chooseBench} onClose={closePopup} />,
              popupElement,
            )
          : null}
    </>
  );
}

function PopupFrame({ heading, onClose, children }: { heading: string; onClose: () => void; children: ReactNode }) {
  const headingId = useId();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes a dialog, as in every dialog of the app
    <div
      role="dialog"
      aria-labelledby={headingId}
      style={{ width: POPUP_WIDTH_PX }}
      className="relative rounded-lg border border-stone-300 bg-white p-4 text-sm text-stone-800 shadow-lg"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <div className="flex items-start justify-between gap-2">
        {/* The map follows the page's h1 (the sections after it are h2): an h3 here skipped a level. */}
        <h2 id={headingId} className="text-base font-semibold text-stone-900">
          {heading}
        </h2>
        <button
          data-popup-close
          type="button"
          onClick={onClose}
          aria-label="Close bench details"
          className="-mt-2 -mr-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded text-lg leading-none text-stone-700 hover:bg-stone-100"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {children}
    </div>
  );
}

function BenchPopup({ bench, onClose }: { bench: MapBench; onClose: () => void }) {
  return (
    <PopupFrame heading={`Bench ${bench.benchNumber}`} onClose={onClose}>
      <p className="mt-1">{bench.location}</p>
      {bench.notice ? <NoticeMark notice={bench.notice} /> : null}
      <BenchVideoLinks videos={bench.videos} />
      <ReportLink bench={bench} />
    </PopupFrame>
  );
}

function GroupPopup({
  benches,
  onChoose,
  onClose,
}: {
  benches: MapBench[];
  onChoose: (bench: MapBench) => void;
  onClose: () => void;
}) {
  return (
    <PopupFrame heading={`${benches.length} benches here`} onClose={onClose}>
      <ul className="mt-1 grid gap-1">
        {[...benches]
          .sort((a, b) => a.benchNumber - b.benchNumber)
          .map((bench) => (
            <li key={bench.id}>
              <button
                type="button"
                onClick={() => onChoose(bench)}
                className="flex min-h-11 w-full flex-col items-start justify-center rounded px-2 py-1 text-left hover:bg-stone-100"
              >
                <span className="font-semibold text-brand-700 underline underline-offset-2">
                  Bench {bench.benchNumber}
                  {bench.notice ? (bench.notice.kind === "closed" ? ", closed" : ", caution") : ""}
                </span>{" "}
                <span className="text-stone-700">{bench.location}</span>
              </button>
            </li>
          ))}
      </ul>
    </PopupFrame>
  );
}
