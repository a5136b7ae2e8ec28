import { Component, lazy, Suspense, type ReactNode } from "react";
import { TrailMapSvg } from "~/components/trail-map-svg";
import type { TrailMapProps } from "~/components/trail-map-types";
import { useHydrated } from "~/lib/use-hydrated";
import openLayersStyles from "ol/ol.css";

/**
 * OpenLayers' stylesheet, added to the head when the interactive map is first asked for: the
 * server-drawn map needs none of it, so a page whose map stays drawn by the server fetches none (as a
 * `links` entry it was a second render-blocking request on every /trails). Appended last, so it comes
 * after our own stylesheet as tailwind.css expects. A stylesheet that fails to load leaves the map
 * usable, only plainer, so it settles either way.
 */
function loadOpenLayersStyles() {
  return new Promise<void>((resolve) => {
    if (document.querySelector(`link[rel="stylesheet"][href="${openLayersStyles}"]`)) return resolve();
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = openLayersStyles;
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    document.head.append(link);
  });
}

// The OpenLayers code lives in its own chunk, fetched only once a page that asks for it has hydrated,
// together with its stylesheet: the map appears with its controls already styled.
const OpenLayersMap = lazy(async () => {
  const [module] = await Promise.all([import("~/components/trail-map.client"), loadOpenLayersStyles()]);
  return module;
});

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
