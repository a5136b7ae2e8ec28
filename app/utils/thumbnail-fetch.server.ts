// Fetching a video's still from its host, for the server to store and serve itself. Only the known
// host for each kind of video is asked, over https (or plain http to this machine, for a stand-in in
// tests), with a time limit and a size cap enforced while the bytes arrive; what comes back must be a
// JPEG, PNG or WebP by its own bytes, whatever the host says it is.
import * as z from "zod";
import { videoHostPage, youTubeThumbnailUrl, type VideoSource } from "~/lib/video-source";
import { isLoopbackHost } from "~/utils/env.server";
import { imageInfo, type ImageInfo } from "~/utils/image-info.server";

type ThumbnailHosts = {
  /** Serves YouTube's stills at /vi/<id>/hqdefault.jpg. */
  youTubeImages: string;
  /** Answers Vimeo's oEmbed at /api/oembed.json. */
  vimeoOEmbed: string;
  /** Where Vimeo's stills may be fetched from: the oEmbed answer must point there. */
  vimeoImages: string;
};

export type ThumbnailLimits = { timeoutMs: number; maxBytes: number };
export const DEFAULT_THUMBNAIL_LIMITS: ThumbnailLimits = { timeoutMs: 5_000, maxBytes: 1_000_000 };

type ThumbnailImage = ImageInfo & { bytes: Uint8Array };

/**
 * Why no picture came back. `unreachable` (no answer, a time-out, a server error) is worth retrying
 * soon; the others are answers the host gave and are retried only after a long wait.
 */
export type ThumbnailFailure = "unreachable" | "not-found" | "too-large" | "not-an-image" | "bad-answer";

export class ThumbnailFetchError extends Error {
  constructor(
    readonly reason: ThumbnailFailure,
    message: string,
  ) {
    super(message);
    this.name = "ThumbnailFetchError";
  }
}

/** https anywhere, plain http only to this machine (a stand-in host in tests and development). */
function isFetchableUrl(url: URL) {
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
}

async function get(url: URL, accept: string, limits: ThumbnailLimits): Promise<Uint8Array> {
  if (!isFetchableUrl(url)) throw new ThumbnailFetchError("bad-answer", `refusing to fetch ${url.protocol} address`);
  let response: Response;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    // No redirects: a host could otherwise send the server anywhere (an internal address, say).
    response = await fetch(url, { headers: { Accept: accept }, redirect: "manual", signal });
  } catch (error) {
    throw new ThumbnailFetchError(
      "unreachable",
      `${url.host} did not answer: ${error instanceof Error ? error.name : "error"}`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    if (response.status >= 500 || response.status === 429)
      throw new ThumbnailFetchError("unreachable", `${url.host} answered ${response.status}`);
    throw new ThumbnailFetchError(
      response.status === 404 || response.status === 410 ? "not-found" : "bad-answer",
      `${url.host} answered ${response.status}`,
    );
  }
  const declared = Number(response.headers.get("content-length"));
  if (declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new ThumbnailFetchError("too-large", `${url.host} offered ${declared} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    // Counted as it arrives: a length header can be missing or wrong.
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      size += part.value.byteLength;
      if (size > limits.maxBytes) {
        await reader?.cancel().catch(() => {});
        throw new ThumbnailFetchError("too-large", `${url.host} sent more than ${limits.maxBytes} bytes`);
      }
      chunks.push(part.value);
    }
  } catch (error) {
    if (error instanceof ThumbnailFetchError) throw error;
    throw new ThumbnailFetchError(
      "unreachable",
      `${url.host} stopped answering: ${error instanceof Error ? error.name : "error"}`,
    );
  }
  return Buffer.concat(chunks);
}

async function getImage(url: URL, limits: ThumbnailLimits): Promise<ThumbnailImage> {
  const bytes = await get(url, "image/webp,image/jpeg,image/png", limits);
  const info = imageInfo(bytes);
  if (!info) throw new ThumbnailFetchError("not-an-image", `${url.host} sent no JPEG, PNG or WebP picture`);
  return { ...info, bytes };
}

const vimeoOEmbedSchema = z.object({ thumbnail_url: z.string().url() });

/** Vimeo names its still in its oEmbed answer; only a still on Vimeo's image host is fetched. */
async function vimeoThumbnail(
  source: Extract<VideoSource, { kind: "vimeo" }>,
  hosts: ThumbnailHosts,
  limits: ThumbnailLimits,
) {
  const oEmbed = new URL("/api/oembed.json", hosts.vimeoOEmbed);
  oEmbed.searchParams.set("url", videoHostPage(source));
  oEmbed.searchParams.set("width", "640");
  const body = await get(oEmbed, "application/json", limits);
  let parsed: z.infer<typeof vimeoOEmbedSchema>;
  try {
    parsed = vimeoOEmbedSchema.parse(JSON.parse(Buffer.from(body).toString("utf8")));
  } catch {
    throw new ThumbnailFetchError("bad-answer", "Vimeo's oEmbed answer names no thumbnail");
  }
  const still = new URL(parsed.thumbnail_url);
  if (still.origin !== new URL(hosts.vimeoImages).origin) {
    throw new ThumbnailFetchError("bad-answer", `Vimeo's oEmbed answer points at ${still.host}, not its image host`);
  }
  return getImage(still, limits);
}

/**
 * The still of a YouTube or Vimeo video from its host; null for sources that have none (video files
 * and other pages, which show their topic's illustration). Throws ThumbnailFetchError when it fails.
 */
export async function fetchVideoThumbnail(
  source: VideoSource,
  hosts: ThumbnailHosts,
  limits: ThumbnailLimits = DEFAULT_THUMBNAIL_LIMITS,
): Promise<ThumbnailImage | null> {
  switch (source.kind) {
    case "youtube":
      // hqdefault exists for every video (480×360); the larger sizes do not.
      return getImage(new URL(youTubeThumbnailUrl(source.id, hosts.youTubeImages)), limits);
    case "vimeo":
      return vimeoThumbnail(source, hosts, limits);
    default:
      return null;
  }
}

/** Whether a source has a still on its host at all. */
export function hasHostThumbnail(
  source: VideoSource | null,
): source is Extract<VideoSource, { kind: "youtube" | "vimeo" }> {
  return source?.kind === "youtube" || source?.kind === "vimeo";
}
