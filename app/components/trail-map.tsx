import { Component, lazy, Suspense, type ReactNode } from "react";
import { TrailMapSvg } from "~/components/trail-map-svg";
import type { TrailMapProps } from "~/components/trail-map-types";
import { useHydrated } from "~/lib/use-hydrated";
import openLayersStyles from "ol/ol.css";

// The OpenLayers code lives in its own chunk, fetched only once a page that asks for it has hydrated.
const OpenLayersMap = lazy(() => import("~/components/trail-map.client"));

/** Spread into the `links` of every route that shows a map, so ol.css loads on map pages only. */
export const trailMapLinks = () => [{ rel: "stylesheet", href: openLayersStyles }];

/** If the map chunk cannot load (offline, old deploy), the server-rendered map stays. */
class FallbackOnError extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The trail map: an inline SVG for everyone (no JavaScript, until hydration, and until the person asks
 * for more), replaced by the interactive OpenLayers map once the page has hydrated, where `interactive`.
 */
export function TrailMap({ interactive = true, ...props }: TrailMapProps & { interactive?: boolean }) {
  const hydrated = useHydrated();
  const svg = <TrailMapSvg {...props} />;
  if (!hydrated || !interactive) return svg;
  return (
    <FallbackOnError fallback={svg}>
      <Suspense fallback={svg}>
        <OpenLayersMap {...props} />
      </Suspense>
    </FallbackOnError>
  );
}
