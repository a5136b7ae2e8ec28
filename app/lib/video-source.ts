// Where a video lives and how it is played, from the link an admin gave: YouTube and Vimeo through the
// click-to-play facade (their players are frames on hosts the CSP names), video files (.mp4, .webm) in a
// native <video> element, any other https page as a link that opens in a new tab. Pure: shared by the
// admin forms (checking and normalising links), the models (player addresses) and the components.

const ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const PATH_PREFIXES = ["embed", "shorts", "live", "v", "e"];

function parseUrl(input: string): URL | null {
  const text = input.trim();
  if (!text) return null;
  try {
    // People paste links without a scheme ("youtu.be/…"); only web schemes are accepted.
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * The 11-character video id of any common YouTube link (watch?v=, youtu.be/, embed/, shorts/, live/,
 * the privacy-enhanced host), or null when the text is not a YouTube video link.
 */
export function extractYouTubeId(input: string): string | null {
  const url = parseUrl(input);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === "youtu.be" || host === "www.youtu.be") {
    candidate = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch") candidate = url.searchParams.get("v");
    else if (PATH_PREFIXES.includes(segments[0] ?? "")) candidate = segments[1];
  }
  return candidate && ID.test(candidate) ? candidate : null;
}

/** The player address on the configured (privacy-enhanced by default) embed host. */
export function youTubeEmbedUrl(id: string, embedHost: string, options: { autoplay?: boolean } = {}) {
  const url = new URL(`/embed/${id}`, embedHost);
  if (options.autoplay) url.searchParams.set("autoplay", "1");
  return url.toString();
}

/** Where YouTube keeps a still of the video: fetched by our server, never linked from a page. */
export function youTubeThumbnailUrl(id: string, thumbnailHost: string) {
  return new URL(`/vi/${id}/hqdefault.jpg`, thumbnailHost).toString();
}

/** The canonical stored form of a YouTube link (https://www.youtube.com/embed/<id>), or null if it is none. */
export function normalizeYouTubeUrl(input: string): string | null {
  const id = extractYouTubeId(input);
  return id ? `https://www.youtube.com/embed/${id}` : null;
}

// ---------------------------------------------------------------------------------------------------
// Vimeo

/** Vimeo's player host: the frame every Vimeo video plays in (and the only Vimeo host the CSP allows). */
export const VIMEO_PLAYER_ORIGIN = "https://player.vimeo.com";
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;

type VimeoVideo = { id: string; hash: string | null };

/**
 * The id (and, for unlisted videos, the privacy hash) of a Vimeo video link: vimeo.com/<id>,
 * vimeo.com/<id>/<hash>, vimeo.com/channels/<name>/<id>, vimeo.com/groups/<name>/videos/<id>,
 * player.vimeo.com/video/<id>?h=<hash>; null for anything else.
 */
export function extractVimeoVideo(input: string): VimeoVideo | null {
  const url = parseUrl(input);
  if (!url || !VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get("h");
  if (url.hostname.toLowerCase() === "player.vimeo.com") {
    if (segments[0] === "video") id = segments[1];
  } else if (segments[0] === "channels" && segments.length >= 3) {
    id = segments[2];
  } else if (segments[0] === "groups" && segments[2] === "videos") {
    id = segments[3];
  } else {
    id = segments[0];
    if (segments[1] && VIMEO_HASH.test(segments[1])) hash = segments[1];
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  return { id, hash: hash && VIMEO_HASH.test(hash) ? hash.toLowerCase() : null };
}

/** The canonical stored form of a Vimeo link: its player address, with the hash of an unlisted video. */
function vimeoStoredUrl({ id, hash }: VimeoVideo) {
  return `${VIMEO_PLAYER_ORIGIN}/video/${id}${hash ? `?h=${hash}` : ""}`;
}

/** The player address with Vimeo's do-not-track flag: no cookies or viewing data kept about the viewer. */
function vimeoEmbedUrl({ id, hash }: VimeoVideo) {
  const url = new URL(`/video/${id}`, VIMEO_PLAYER_ORIGIN);
  if (hash) url.searchParams.set("h", hash);
  url.searchParams.set("dnt", "1");
  return url.toString();
}

// ---------------------------------------------------------------------------------------------------
// Any link an admin may give

const VIDEO_FILE_TYPES = { mp4: "video/mp4", webm: "video/webm" } as const;

/** What a stored video link is, and so how it is played. */
export type VideoSource =
  | { kind: "youtube"; id: string }
  | { kind: "vimeo"; id: string; hash: string | null }
  | { kind: "file"; url: string; type: (typeof VIDEO_FILE_TYPES)[keyof typeof VIDEO_FILE_TYPES] }
  | { kind: "page"; url: string };

/**
 * An https address as typed (a missing scheme means https), or null: other schemes (http:, javascript:,
 * data:, …) and addresses with a user name or password are never accepted.
 */
function parseHttpsUrl(input: string): URL | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    if (url.protocol !== "https:" || url.username || url.password || !url.hostname.includes(".")) return null;
    return url;
  } catch {
    return null;
  }
}

function isVideoHost(hostname: string) {
  const host = hostname.toLowerCase();
  return YOUTUBE_HOSTS.has(host) || host === "youtu.be" || host === "www.youtu.be" || VIMEO_HOSTS.has(host);
}

/** What a link is: a YouTube or Vimeo video, a video file, another https page; null when none of these. */
export function videoSourceOf(input: string): VideoSource | null {
  const url = parseHttpsUrl(input);
  if (!url) return null;
  const youTubeId = extractYouTubeId(url.toString());
  if (youTubeId) return { kind: "youtube", id: youTubeId };
  const vimeo = extractVimeoVideo(url.toString());
  if (vimeo) return { kind: "vimeo", ...vimeo };
  // A link to YouTube or Vimeo that names no video is a mistake (a channel, a cut-off id), not a page to keep.
  if (isVideoHost(url.hostname)) return null;
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (extension && extension in VIDEO_FILE_TYPES) {
    return { kind: "file", url: url.toString(), type: VIDEO_FILE_TYPES[extension as keyof typeof VIDEO_FILE_TYPES] };
  }
  return { kind: "page", url: url.toString() };
}

/**
 * The form a link is stored in: YouTube and Vimeo links become their canonical player address (whatever
 * form was pasted), files and pages stay the https address given; null when the link is not acceptable.
 */
export function normalizeVideoUrl(input: string): string | null {
  const source = videoSourceOf(input);
  if (!source) return null;
  switch (source.kind) {
    case "youtube":
      return `https://www.youtube.com/embed/${source.id}`;
    case "vimeo":
      return vimeoStoredUrl(source);
    default:
      return source.url;
  }
}

/** Where the video can be watched on its host's own site: what the facade links to without JavaScript. */
export function videoHostPage(source: VideoSource): string {
  switch (source.kind) {
    case "youtube":
      return `https://www.youtube.com/watch?v=${source.id}`;
    case "vimeo":
      return `https://vimeo.com/${source.id}${source.hash ? `/${source.hash}` : ""}`;
    default:
      return source.url;
  }
}

/** The name of the site a video is on, for link texts ("Watch on vimeo.com"). */
function hostNameOf(url: string) {
  return new URL(url).hostname.replace(/^www\./, "");
}

// ---------------------------------------------------------------------------------------------------
// How a stored link is played

/** What the pages render for a video: a facade for a third-party player, a native player, or a link. */
export type VideoPlayer =
  /** YouTube or Vimeo: nothing is loaded from the host until play; `hostPage` is the video on the host's site. */
  | { kind: "embed"; src: string; hostPage: string; hostName: "YouTube" | "Vimeo" }
  /** A video file on an allowed media host, played by the browser's own <video> element. */
  | { kind: "file"; src: string; type: string }
  /** Any other page (or a file on a host the media policy does not allow): opened in a new tab. */
  | { kind: "page"; href: string; hostName: string };

type PlayerConfig = {
  /** The YouTube player host (privacy-enhanced by default). */
  youTubeEmbedHost: string;
  /** Origins whose video files may play in the page (the CSP's media-src); others become links. */
  mediaOrigins: readonly string[];
};

/** How a stored link plays under the given configuration; null when it is no acceptable link at all. */
export function videoPlayerFor(url: string, config: PlayerConfig): VideoPlayer | null {
  const source = videoSourceOf(url);
  if (!source) return null;
  switch (source.kind) {
    case "youtube":
      return {
        kind: "embed",
        src: youTubeEmbedUrl(source.id, config.youTubeEmbedHost),
        hostPage: videoHostPage(source),
        hostName: "YouTube",
      };
    case "vimeo":
      return { kind: "embed", src: vimeoEmbedUrl(source), hostPage: videoHostPage(source), hostName: "Vimeo" };
    case "file":
      if (config.mediaOrigins.includes(new URL(source.url).origin))
        return { kind: "file", src: source.url, type: source.type };
      return { kind: "page", href: source.url, hostName: hostNameOf(source.url) };
    default:
      return { kind: "page", href: source.url, hostName: hostNameOf(source.url) };
  }
}
