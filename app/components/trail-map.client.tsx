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
import { fromLonLat, transformExtent } from "ol/proj";
import OSM from "ol/source/OSM";
import VectorSource from "ol/source/Vector";
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from "ol/style";
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { BenchVideoLinks } from "~/components/bench-video-links";
import type { MapBench, MapTrail, TrailMapProps, WalkerMarker } from "~/components/trail-map-types";
import {
  BENCH_MARKER_FILL,
  BENCH_MARKER_RADIUS,
  BENCH_MARKER_STROKE,
  CAMPUS_BOUNDS,
  MAP_BACKGROUND,
  MAP_CENTER,
  MAP_HEIGHT_PX,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_ZOOM,
  TRAIL_CASING_COLOR,
  TRAIL_LINE_WIDTH,
  trailStrokeColor,
} from "~/lib/geo";

const POPUP_WIDTH_PX = 256;

function trailStyle(color: string) {
  return [
    new Style({ stroke: new Stroke({ color: TRAIL_CASING_COLOR, width: TRAIL_LINE_WIDTH + 2, lineJoin: "round" }) }),
    new Style({ stroke: new Stroke({ color: trailStrokeColor(color), width: TRAIL_LINE_WIDTH, lineJoin: "round" }) }),
  ];
}

function benchStyle(benchNumber: number) {
  return new Style({
    image: new CircleStyle({
      radius: BENCH_MARKER_RADIUS,
      fill: new Fill({ color: BENCH_MARKER_FILL }),
      stroke: new Stroke({ color: BENCH_MARKER_STROKE, width: 2 }),
    }),
    text: new Text({
      text: String(benchNumber),
      font: "bold 10px system-ui, sans-serif",
      fill: new Fill({ color: BENCH_MARKER_STROKE }),
    }),
  });
}

function trailFeature(trail: MapTrail) {
  const feature = new Feature({ geometry: new LineString(trail.coordinates.map((point) => fromLonLat(point))) });
  feature.setId(trail.id);
  feature.set("color", trail.color);
  feature.setStyle(trailStyle(trail.color));
  return feature;
}

function benchFeature(bench: MapBench) {
  const feature = new Feature({ geometry: new Point(fromLonLat([bench.longitude, bench.latitude])) });
  feature.setId(bench.id);
  feature.set("benchId", bench.id);
  feature.setStyle(benchStyle(bench.benchNumber));
  return feature;
}

/** Above the marker in the lower half of the map, below it in the upper half; clear of the side edges. */
function placePopup(map: OlMap, popup: Overlay, coordinate: number[]) {
  const pixel = map.getPixelFromCoordinate(coordinate);
  const [width, height] = map.getSize() ?? [0, 0];
  const gap = BENCH_MARKER_RADIUS + 6;
  const above = pixel ? pixel[1] > height / 2 : true;
  const sideRoom = POPUP_WIDTH_PX / 2 + 8;
  const horizontal = !pixel ? "center" : pixel[0] < sideRoom ? "left" : pixel[0] > width - sideRoom ? "right" : "center";
  popup.setPositioning(`${above ? "bottom" : "top"}-${horizontal}`);
  popup.setOffset([horizontal === "left" ? -gap : horizontal === "right" ? gap : 0, above ? -gap : gap]);
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
      image: new CircleStyle({ radius: 8, fill: new Fill({ color }), stroke: new Stroke({ color: "#ffffff", width: 3 }) }),
    }),
  );
  return [accuracy, dot];
}

type MapParts = {
  map: OlMap;
  walkerSource: VectorSource;
  trailSource: VectorSource;
  benchSource: VectorSource;
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
  const onUserPanRef = useRef(onUserPan);
  onUserPanRef.current = onUserPan;
  const targetRef = useRef<HTMLDivElement>(null);
  const partsRef = useRef<MapParts | null>(null);
  const [popupElement] = useState(() => document.createElement("div"));
  const [selectedBenchId, setSelectedBenchId] = useState<string | null>(null);

  useEffect(() => {
    const target = targetRef.current!;
    const trailSource = new VectorSource();
    const benchSource = new VectorSource();
    const trailLayer = new VectorLayer({ source: trailSource });
    const benchLayer = new VectorLayer({ source: benchSource, visible: false });
    const walkerSource = new VectorSource();
    const walkerLayer = new VectorLayer({ source: walkerSource });
    // No auto-pan: the popup is placed on whichever side of its marker has room (placePopup), so
    // opening it never moves the map under the pointer.
    const popup = new Overlay({ element: popupElement, stopEvent: true });
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
        center: fromLonLat(MAP_CENTER),
        zoom: MAP_ZOOM,
        minZoom: MAP_MIN_ZOOM,
        maxZoom: MAP_MAX_ZOOM,
        extent: transformExtent(CAMPUS_BOUNDS, "EPSG:4326", "EPSG:3857"),
        constrainOnlyCenter: true,
      }),
    });

    map.on("singleclick", (event) => {
      const hit = map.forEachFeatureAtPixel(event.pixel, (feature) => feature, {
        layerFilter: (layer) => layer === benchLayer,
        hitTolerance: 4,
      });
      if (hit) {
        setSelectedBenchId(hit.get("benchId") as string);
        return;
      }
      setSelectedBenchId(null);
    });
    // Panning by hand stops the map following the walker (until they press Recentre).
    map.on("pointerdrag", () => onUserPanRef.current?.());
    const onKeyDown = (event: KeyboardEvent) => {
      if (["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].includes(event.key)) onUserPanRef.current?.();
    };
    target.addEventListener("keydown", onKeyDown);
    map.on("pointermove", (event) => {
      if (event.dragging) return;
      const overMarker = map.hasFeatureAtPixel(event.pixel, { layerFilter: (layer) => layer === benchLayer });
      target.style.cursor = overMarker ? "pointer" : "";
    });
    // What was actually drawn, for tests and debugging: set from the rendered layers' real features.
    map.on("postrender", () => {
      target.dataset.trail = trailSource
        .getFeatures()
        .map((feature) => feature.get("color"))
        .join(",");
      target.dataset.benchesVisible = String(benchLayer.getVisible() ? benchSource.getFeatures().length : 0);
      target.dataset.walker = String(walkerSource.getFeatures().length > 0);
      target.dataset.rendered = "true";
    });

    // Presses inside the popup are not map clicks: without this, OpenLayers counts a press on the close
    // button and a quick click on the next marker as a double-click and zooms in.
    const stopPointerDown = (event: PointerEvent) => event.stopPropagation();
    popupElement.addEventListener("pointerdown", stopPointerDown);

    partsRef.current = { map, walkerSource, trailSource, benchSource, benchLayer, popup };
    return () => {
      partsRef.current = null;
      target.removeEventListener("keydown", onKeyDown);
      popupElement.removeEventListener("pointerdown", stopPointerDown);
      map.setTarget(undefined);
      map.dispose();
    };
    // The tile source is configuration: it does not change while the page is open.
  }, [popupElement]);

  useEffect(() => {
    const parts = partsRef.current!;
    parts.trailSource.clear();
    parts.trailSource.addFeatures(trails.map(trailFeature));
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

  const selectedBench = showBenches ? benches.find((bench) => bench.id === selectedBenchId) ?? null : null;

  const shownBenchId = useRef<string | null>(null);
  useEffect(() => {
    const { map, popup } = partsRef.current!;
    if (selectedBench) placePopup(map, popup, fromLonLat([selectedBench.longitude, selectedBench.latitude]));
    else popup.setPosition(undefined);
    // Move focus into a newly opened popup, once it is placed and visible.
    if (selectedBench && shownBenchId.current !== selectedBench.id) {
      popupElement.querySelector<HTMLElement>("[data-popup-close]")?.focus({ preventScroll: true });
    }
    shownBenchId.current = selectedBench?.id ?? null;
  }, [selectedBench, popupElement]);

  const closePopup = () => {
    setSelectedBenchId(null);
    targetRef.current?.focus();
  };

  return (
    <>
      <div
        ref={targetRef}
        role="region"
        aria-roledescription="map"
        aria-label={label}
        tabIndex={0}
        data-map="openlayers"
        className="w-full overflow-hidden rounded-lg border border-stone-300"
        style={{ height: MAP_HEIGHT_PX, background: MAP_BACKGROUND }}
      />
      {selectedBench ? createPortal(<BenchPopup bench={selectedBench} onClose={closePopup} />, popupElement) : null}
    </>
  );
}

function BenchPopup({ bench, onClose }: { bench: MapBench; onClose: () => void }) {
  const headingId = useId();
  return (
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
        <h3 id={headingId} className="text-base font-semibold text-stone-900">
          Bench {bench.benchNumber}
        </h3>
        <button
          data-popup-close
          type="button"
          onClick={onClose}
          aria-label="Close bench details"
          className="-mt-1 -mr-1 inline-flex min-h-8 min-w-8 items-center justify-center rounded text-lg leading-none text-stone-700 hover:bg-stone-100"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="mt-1">{bench.location}</p>
      <BenchVideoLinks videos={bench.videos} />
    </div>
  );
}
