import { Writable } from "node:stream";
import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { log, redactPath } from "~/utils/logger.server";
import { NonceProvider } from "~/lib/nonce";
import { MarkupCacheProvider } from "~/lib/shared-markup";
import { markupCache } from "~/utils/markup-cache.server";
import { applySecurityHeaders, createNonce } from "~/http/security-headers.server";
import { applyPrivacyHeaders, withPrivacyHeaders } from "~/http/document-headers.server";
import { finishPublicPage, isPersonalRequest, isPublicPageRoute, publicPageKey } from "~/http/public-page.server";
import { startThumbnailSweeps } from "~/models/video-thumbnail.server";
import { startHousekeeping } from "~/models/housekeeping.server";
import { announceMailDelivery } from "~/utils/mailer.server";

// The database is migrated and seeded by now: the first sweep fetches the seeded videos' stills.
startThumbnailSweeps();
startHousekeeping();
announceMailDelivery();

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  await applyPrivacyHeaders(request, responseHeaders);
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, nonce, new URL(request.url).pathname);
  // A page the same for every visitor is finished by the page cache (its scripts' hashes instead of the
  // nonce, an ETag, public caching) and stored; the same page with a session or a message is no one's to keep.
  const publicKey = publicPageKey(request, remixContext);
  if (publicKey === null && isPublicPageRoute(remixContext) && isPersonalRequest(request))
    responseHeaders.set("Cache-Control", "private, no-store");
  // No page defers data, so streaming the shell early would gain nothing: the whole document is sent
  // as one buffer, which saves a system call per React chunk and lets the response carry its length.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <MarkupCacheProvider value={markupCache}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </MarkupCacheProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          pipe(
            collectDocument((html) => {
              clearTimeout(abortTimer);
              if (publicKey !== null && responseStatusCode === 200) {
                resolve(finishPublicPage(request, publicKey, remixContext, html, nonce, responseHeaders));
                return;
              }
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set("Content-Length", String(html.byteLength));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log("error", "render error", { error: String(error) });
        },
      },
    );
    // Cleared as soon as the document is done: a pending timer would keep the whole render alive for
    // ABORT_DELAY, which at a few hundred requests a second holds over a hundred megabytes for the GC.
    // React calls back from a later turn of the event loop, so the callbacks above always find it set.
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

/** A sink for React's output that hands over the whole document once React ends it. */
function collectDocument(done: (html: Uint8Array<ArrayBuffer>) => void) {
  const chunks: Buffer[] = [];
  return new Writable({
    // React listens for "close" to abort a render cut short; after a finished one it then ended this sink
    // a second time, and Node built (and threw away) an error with its stack trace for every page.
    emitClose: false,
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      callback();
    },
    final(callback) {
      done(Buffer.concat(chunks));
      callback();
    },
  });
}

export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return withPrivacyHeaders(response, request);
}

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  log("error", "unhandled error", {
    method: request.method,
    path: redactPath(new URL(request.url).pathname),
    error: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
}

// server.ts takes its middleware from the server build, so the server and Remix share one copy of every
// module (one environment, one database, one shutdown).
export { frontDoor, notFound, serverError, serverLimits } from "~/http/front-door.server";
export { shareConnections } from "~/http/connection-places.server";
export { registerHttpServer } from "~/utils/shutdown.server";
export { pageCache } from "~/http/page-cache.server";
export { pageCacheStats } from "~/http/page-cache-store.server";
export { getLoadContext } from "~/http/load-context.server";
