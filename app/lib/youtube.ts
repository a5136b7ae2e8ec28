// Pure helpers for YouTube links: shared by the video pages (embeds) and the admin forms (normalising links).

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

/** A still image of the video, only ever used when a thumbnail host is explicitly configured. */
export function youTubeThumbnailUrl(id: string, thumbnailHost: string) {
  return new URL(`/vi/${id}/hqdefault.jpg`, thumbnailHost).toString();
}

/** The canonical stored form of a YouTube link (https://www.youtube.com/embed/<id>), or null if it is none. */
export function normalizeYouTubeUrl(input: string): string | null {
  const id = extractYouTubeId(input);
  return id ? `https://www.youtube.com/embed/${id}` : null;
}
