// The interactive map. A `.client` module: the server build empties it, and the browser fetches it as its
// own chunk (React.lazy in trail-map.tsx), so pages without a map never load OpenLayers. What it draws is
// in trail-map-look.client.ts, where things go in trail-map-view.client.ts.
import OlMap from "ol/Map";
import Overlay from "ol/Overlay";
import View from "ol/View";
import TileLayer from "ol/layer/Tile";
import VectorLayer from "ol/layer/Vector";
import { getBottomRight, getTopLeft, isEmpty } from "ol/extent";
import { fromLonLat, toLonLat, transformExtent } from "ol/proj";
import Cluster from "ol/source/Cluster";
import OSM from "ol/source/OSM";
import VectorSource from "ol/source/Vector";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { MapBench, TrailMapProps } from "~/components/trail-map-types";
import { useCampusCenter } from "~/lib/use-campus-time-zone";
import {
  BENCH_GROUP_RADIUS,
  BENCH_MARKER_RADIUS,
  MAP_BACKGROUND,
  mapViewOf,
  type LonLat,
  MAP_HEIGHT_PX,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_ZOOM,
  MARKER_HIT_PX,
} from "~/lib/geo";
import {
  type MapParts,
  markerStyle,
  benchesOf,
  markerCoordinate,
  trailFeature,
  benchFeature,
  walkerFeatures,
} from "~/components/trail-map-look.client";
import { markerAtPixel, fitExtent, placePopup } from "~/components/trail-map-view.client";
import { BenchPopup, GroupPopup } from "~/components/trail-map-popups";

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
