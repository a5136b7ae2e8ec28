// Where things go on the interactive map: the view's fit clear of the zoom buttons, which marker a
// pixel hits, and where a popup stands. A `.client` module, like the map itself.
import Feature from "ol/Feature";
import OlMap from "ol/Map";
import Overlay from "ol/Overlay";
import { isEmpty, type Extent } from "ol/extent";
import type { Size } from "ol/size";
import { MAP_MIN_ZOOM, MAP_ZOOM, MARKER_HIT_PX, zoomForResolution } from "~/lib/geo";
import { markerCoordinate } from "~/components/trail-map-look.client";
import { POPUP_WIDTH_PX } from "~/components/trail-map-popups";

/** Room around the trail when the map fits it. */
const FIT_PADDING_PX = 24;

/** The marker whose 44 px touch target holds the pixel (the nearest, should two ever both do). */
export function markerAtPixel(map: OlMap, markers: Feature[], pixel: number[]) {
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
export function fitExtent(map: OlMap, extent: Extent) {
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
export type Padding = [number, number, number, number];

function resolutionWithin(map: OlMap, [width, height]: Size, extent: Extent, [top, right, bottom, left]: Padding) {
  return map
    .getView()
    .getResolutionForExtent(extent, [Math.max(1, width - left - right), Math.max(1, height - top - bottom)]);
}

/** How close a popup taller than the room beside its marker may come to the map's top and bottom edges. */
const POPUP_EDGE_PX = 4;

/**
 * Above the marker in the lower half of the map, below it in the upper half; clear of the side edges.
 * A popup taller than the room on its side (a video playing in it, on a phone) slides towards the middle
 * of the map, over its marker if need be, so its heading and close button are never cut off by the
 * map's edge.
 */
export function placePopup(
  map: OlMap,
  popup: Overlay,
  coordinate: number[],
  markerRadius: number,
  popupHeight: number,
) {
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
