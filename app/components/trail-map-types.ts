import type { LonLat } from "~/lib/geo";
import type { VideoPlayer } from "~/lib/video-source";
import type { NoticeKind } from "~/schemas/notice";

/** A notice showing on a trail or at a bench: the maps mark it, a closure differently from a caution. */
type MapNotice = { kind: NoticeKind; message: string };

export type MapTrail = {
  id: string;
  name: string;
  color: string;
  coordinates: LonLat[];
  notice?: MapNotice | null;
  /**
   * The address of the trail's drawn line as a file of its own (decision 061). Given, the server-drawn map
   * refers to it instead of writing the points into the page: for a document that carries them in its data.
   */
  line?: string | null;
};
export type MapBenchVideo = { id: string; title: string; url: string; player: VideoPlayer | null };
export type MapBench = {
  id: string;
  benchNumber: number;
  location: string;
  latitude: number;
  longitude: number;
  videos: MapBenchVideo[];
  notice?: MapNotice | null;
};

/** "You are here" during a walk: the position with its accuracy, and where it snaps to the trail. */
export type WalkerMarker = { position: LonLat; accuracy: number; snapped: LonLat | null; stale: boolean };

/** What both map renderers draw; the admin trail editor passes its own data the same way. */
export type TrailMapData = {
  /** Every trail to draw, each in its colour (gold, green, gray; others blue). */
  trails: MapTrail[];
  /** Bench markers, drawn when showBenches is on. */
  benches: MapBench[];
  showBenches: boolean;
  /** Accessible name of the map, e.g. "Map of the Green Trail". */
  label: string;
  /**
   * The server-drawn map's element ids start with this. A page whose map is rendered outside its own React
   * tree (markup rendered once, decision 061) names it, so the ids cannot meet React's in the rest of the page.
   */
  svgId?: string;
  /** The walker during a walk (interactive map only). */
  walker?: WalkerMarker | null;
  /** Keep the walker in the middle of the map; off once they pan it themselves. */
  followWalker?: boolean;
  /** Called when the person pans the map by hand (mouse, touch or arrow keys). */
  onUserPan?: () => void;
};

export type TrailMapProps = TrailMapData & {
  /** Tile source (public OpenStreetMap by default), from env MAP_TILE_URL / MAP_TILE_ATTRIBUTION. */
  tiles: { url: string; attribution: string };
};
