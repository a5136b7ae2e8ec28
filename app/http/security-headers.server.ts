import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { contentSecurityPolicy } from "helmet";
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
 * A helmet middleware run against a Fetch `Headers` (Remix's document headers, a stored page's) rather
 * than a Node response; `scriptSrc` is what the document's script-src directive says.
 */
type HeaderTarget = {
  setHeader(name: string, value: string): void;
  removeHeader(name: string): void;
  scriptSrc: string;
};
type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
function runHelmet(middleware: HelmetMiddleware, headers: Headers, scriptSrc = "") {
  const target: HeaderTarget = {
    setHeader: (name, value) => headers.set(name, value),
    removeHeader: (name) => headers.delete(name),
    scriptSrc,
  };
  middleware({} as IncomingMessage, target as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
}

/** A directive's sources without the unset ones, or `'none'` when none is left. */
const sources = (...values: (string | null | undefined)[]) => {
  const list = values.filter((value): value is string => Boolean(value));
  return list.length > 0 ? list : ["'none'"];
};

/**
 * The policy for HTML documents: scripts only from this origin and the per-request nonce (or a cached
 * page's script hashes); pictures, frames, media and connections only from the hosts the app is
 * configured to use: map tiles, the YouTube player host (VIDEO_EMBED_HOST), Vimeo's player, and the hosts
 * video files may play from (VIDEO_MEDIA_ORIGINS; this origin always). Built by helmet once at start, which
 * refuses a configured host holding `;` or `,` (a way to write a directive of its own); only script-src is
 * filled in per document.
 */
const documentPolicy = contentSecurityPolicy({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: [(_req, res) => (res as unknown as HeaderTarget).scriptSrc],
    // Inline style attributes (map sizing, OpenLayers overlays) carry no script.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Video stills are served from this origin (fetched by the server), never from a video host.
    imgSrc: sources("'self'", "data:", "blob:", templateOrigin(env.MAP_TILE_URL)),
    fontSrc: ["'self'"],
    connectSrc: sources("'self'", env.NODE_ENV === "development" ? "ws:" : null),
    frameSrc: sources(templateOrigin(env.VIDEO_EMBED_HOST), VIMEO_PLAYER_ORIGIN),
    mediaSrc: sources("'self'", ...env.VIDEO_MEDIA_ORIGINS),
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});

/** The headers of every answer but a document's Permissions-Policy; a document's policy replaces this CSP. */
const baselineHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
  },
  xContentTypeOptions: true,
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  xFrameOptions: { action: "deny" },
  crossOriginOpenerPolicy: { policy: "same-origin" },
  // Helmet's other defaults are left off: each would change what some answer does today (decision 075).
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
});

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
  runHelmet(baselineHeaders, headers);
  if (documentScripts) runHelmet(documentPolicy, headers, scriptSources(documentScripts).join(" "));
  const geolocationPage =
    documentScripts && pathname !== undefined && GEOLOCATION_PAGES.has(pathname.replace(/\/+$/, ""));
  headers.set("Permissions-Policy", geolocationPage ? TRAIL_MAP_PERMISSIONS_POLICY : PERMISSIONS_POLICY);
  return headers;
}
