import { randomBytes } from "node:crypto";
import { VIMEO_PLAYER_ORIGIN } from "~/lib/video-source";
import { env } from "~/utils/env.server";

// Nonces are cut from random bytes drawn 4 KB at a time: one call into the random generator per 256
// documents instead of one each. Every nonce is still 16 bytes no other document ever gets.
const NONCE_BYTES = 16;
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

export function createNonce() {
  if (poolOffset + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(256 * NONCE_BYTES);
    poolOffset = 0;
  }
  const nonce = randomPool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** The origin of a URL template such as https://{a-c}.tile.example.org/{z}/{x}/{y}.png, or null. */
function templateOrigin(template: string | undefined): string | null {
  if (!template) return null;
  const match = /^(https?:\/\/)([^/]+)/.exec(template);
  if (!match) return null;
  // A placeholder in the host name (tile servers' {s} or {a-c}) becomes a wildcard subdomain.
  return `${match[1]}${match[2].replace(/\{[^}]*\}/g, "*")}`;
}

/**
 * What a document's inline scripts are allowed by: the per-request nonce of a page rendered for one
 * request, or the hashes of the very scripts a cached page carries (`[]`: it carries none, and no script
 * runs at all). See decisions 004 and 062.
 */
export type DocumentScripts = { nonce: string } | { hashes: string[] };

function scriptSources(scripts: DocumentScripts) {
  if ("nonce" in scripts) return ["'self'", `'nonce-${scripts.nonce}'`];
  return scripts.hashes.length > 0 ? ["'self'", ...scripts.hashes.map((hash) => `'${hash}'`)] : ["'none'"];
}

/**
 * The policy for HTML documents: scripts only from this origin and the per-request nonce (or a cached
 * page's script hashes); pictures,
 * frames, media and connections only from the hosts the app is configured to use: map tiles, the YouTube
 * player host (VIDEO_EMBED_HOST), Vimeo's player, and the hosts video files may play from
 * (VIDEO_MEDIA_ORIGINS; this origin always).
 */
function contentSecurityPolicy(scripts: DocumentScripts) {
  const tiles = templateOrigin(env.MAP_TILE_URL);
  const embeds = templateOrigin(env.VIDEO_EMBED_HOST);
  const development = env.NODE_ENV === "development";
  const directives: Record<string, (string | null)[]> = {
    "default-src": ["'self'"],
    "script-src": scriptSources(scripts),
    // Inline style attributes (map sizing, OpenLayers overlays) carry no script.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Video stills are served from this origin (fetched by the server), never from a video host.
    "img-src": ["'self'", "data:", "blob:", tiles],
    "font-src": ["'self'"],
    "connect-src": ["'self'", development ? "ws:" : null],
    "frame-src": [embeds, VIMEO_PLAYER_ORIGIN],
    "media-src": ["'self'", ...env.VIDEO_MEDIA_ORIGINS],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => {
      const list = values.filter(Boolean);
      return `${name} ${list.length > 0 ? list.join(" ") : "'none'"}`;
    })
    .join("; ");
}

// Every document rendered for one request gets the same policy but for its nonce: built once (the
// settings are read at start), with the nonce put in its place per document.
const NONCE_MARK = "\u0000nonce\u0000";
let noncePolicyParts: [string, string] | null = null;
function noncePolicy(nonce: string) {
  noncePolicyParts ??= contentSecurityPolicy({ nonce: NONCE_MARK }).split(NONCE_MARK) as [string, string];
  return `${noncePolicyParts[0]}${nonce}${noncePolicyParts[1]}`;
}

// Features no page uses; the video player's autoplay and fullscreen stay available to its frame.
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";
/** The trail map may ask for the walker's location, for our own origin only (never a frame's). */
const TRAIL_MAP_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace("geolocation=()", "geolocation=(self)");
const GEOLOCATION_PAGES = new Set(["/trails"]);

/**
 * Headers every response carries; documents add their Content-Security-Policy (a nonce, or a cached
 * page's script hashes), and the trail map's document (`pathname`) its permission to ask for the location.
 */
export function applySecurityHeaders(headers: Headers, scripts?: DocumentScripts | string, pathname?: string) {
  const documentScripts = typeof scripts === "string" ? { nonce: scripts } : scripts;
  headers.set(
    "Content-Security-Policy",
    typeof scripts === "string"
      ? noncePolicy(scripts)
      : documentScripts
        ? contentSecurityPolicy(documentScripts)
        : "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  const geolocationPage = documentScripts && pathname !== undefined && GEOLOCATION_PAGES.has(pathname.replace(/\/+$/, ""));
  headers.set("Permissions-Policy", geolocationPage ? TRAIL_MAP_PERMISSIONS_POLICY : PERMISSIONS_POLICY);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  return headers;
}
