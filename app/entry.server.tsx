import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, EntryContext, HandleDataRequestFunction, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { log, logRequest } from "~/utils/logger.server";
import { NonceProvider } from "~/utils/nonce";
import { isCrossSiteRefusal } from "~/utils/request-guard.server";
import { applySecurityHeaders, createNonce } from "~/utils/security.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const startedAt = performance.now();
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, nonce);
  // Crawlers and no-JavaScript clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
          logRequest(request, responseStatusCode, startedAt, { kind: "document" });
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log("error", "render error", { error: String(error) });
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers);
  logRequest(request, response.status, performance.now(), { kind: "data" });
  return response;
};

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // Remix refuses an action whose Origin names another site before any of our code runs (an empty
  // 500 under remix-serve); it is an expected refusal, not a fault of ours.
  if (isCrossSiteRefusal(error)) {
    log("warn", "cross-site form submission refused", { path: new URL(request.url).pathname, origin: request.headers.get("Origin") });
    return;
  }
  log("error", "unhandled error", {
    method: request.method,
    path: new URL(request.url).pathname,
    error: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
}
