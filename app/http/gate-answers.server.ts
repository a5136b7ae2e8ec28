// The gate's own answers (its refusals, as a page or as the API's JSON), and how a connection whose body nobody will read is ended.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ALLOW_HEADER, isApiPath, isUploadRequest, safePathname, type Refusal } from "~/http/gate-policy.server";
import { MAX_PATH_FILE_BYTES } from "~/lib/trail-path-file";

export const refusals = {
  tooLarge: (limit: number): Refusal => ({
    status: 413,
    title: "Request too large",
    message: `That submission is larger than ${Math.round(limit / 1024)} KB, more than any of our forms sends. Please go back and try again with less text.`,
  }),
  uploadsBusy: {
    status: 503,
    title: "Busy with other uploads",
    message: "Other files are being uploaded right now. Please try again in a few seconds.",
    headers: { "Retry-After": "10" },
  },
  fileTooLarge: {
    status: 413,
    title: "File too large",
    message: `The file is larger than ${MAX_PATH_FILE_BYTES / 1024 / 1024} MB. Please go back and choose a smaller file.`,
  },
  uploaderUnknown: {
    status: 503,
    title: "Try again in a moment",
    message: "We could not check your sign-in just now, so the file was not taken. Please try again in a moment.",
    headers: { "Retry-After": "10" },
  },
  tooSlow: {
    status: 408,
    title: "Request timeout",
    message: "The request body did not arrive in time. Please try again.",
  },
  foreignPage: {
    status: 403,
    title: "Form from another site",
    message:
      "This form was sent from another site, so it was not accepted. Open Walking Trails directly and try again.",
  },
  foreignApi: { status: 403, title: "Forbidden", message: "Requests from other sites are not allowed." },
} satisfies Record<string, Refusal | ((limit: number) => Refusal)>;

export function tooLarge(method: string | undefined, pathname: string, limit: number) {
  return isUploadRequest(method, pathname) ? refusals.fileTooLarge : refusals.tooLarge(limit);
}

/** How long a refused client has to read our answer before its connection is cut. */
const LINGER_MS = 500;

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The gate's own answers: JSON in the API's error shape under /api, a small readable page elsewhere. */
export function sendRefusal(
  req: IncomingMessage,
  res: ServerResponse,
  refusal: Refusal,
  options: { closeConnection: boolean },
) {
  if (res.headersSent) return;
  const pathname = safePathname(req.url);
  const api = isApiPath(pathname);
  const body = api
    ? JSON.stringify({ message: refusal.message, error: refusal.message })
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(refusal.title)} | Walking Trails</title></head><body><main><h1>${escapeHtml(refusal.title)}</h1><p>${escapeHtml(refusal.message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  res.statusCode = refusal.status;
  res.setHeader("Content-Type", api ? "application/json; charset=utf-8" : "text/html; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  if (options.closeConnection) {
    // The rest of the body may still be arriving: the connection cannot be reused, and is closed.
    res.setHeader("Connection", "close");
    abandonBody(req);
  }
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Stops reading a body nobody will use. Node would otherwise read and drop the rest of it (all 100 MB
 * of a hostile upload) before closing; instead the socket stops reading, the answer goes out, the
 * write side closes, and the connection is cut a moment later. Cutting it at once would not do: TCP
 * answers unread data with a reset, which can destroy our answer before the client has read it.
 */
function abandonBody(req: IncomingMessage) {
  req.push = () => false;
  (req as IncomingMessage & { _dump?: () => void })._dump = () => {};
  const socket = req.socket;
  socket.pause();
  socket.destroySoon = function lingeringClose() {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** `OPTIONS *` asks what the server as a whole supports: the methods, and nothing else. */
export function answerServerOptions(req: IncomingMessage, res: ServerResponse, bodyExpected: boolean) {
  res.statusCode = 204;
  res.setHeader("Allow", ALLOW_HEADER.Allow);
  res.setHeader("Cache-Control", "no-store");
  if (bodyExpected) {
    res.setHeader("Connection", "close");
    abandonBody(req);
  }
  res.end();
}
