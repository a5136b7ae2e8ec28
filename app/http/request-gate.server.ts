// The request gate: the first code every request meets, in front of Remix and the static files, so each
// class of hostile request is decided here once instead of in every route. It answers:
// - bodies over the limit with 413 while they stream (nothing behind the gate ever sees more than the
//   limit, and a body arrives whole or not at all), slow bodies with 408;
// - writes whose Origin is not ours (APP_URL, or CORS_ORIGINS for the API) with 403;
// - page writes that are not urlencoded forms, and API bodies that are not JSON or a form, with 415 (one
//   route alone, the upload of a trail's path from a file, takes a multipart body, up to its own limit);
// - request targets that are not paths with 400, methods the app never answers with 405, `OPTIONS *`
//   with 204; a target that is a path is rewritten to the one form every later reader resolves it to.
// Requests it lets through carry a Host taken from APP_URL and a client address it worked out itself;
// the client's own X-Forwarded-* and X-Real-IP headers never get past it.
import type { IncomingMessage, ServerResponse } from "node:http";
import { CLIENT_ADDRESS_HEADER } from "~/http/client-address.server";
import { answerServerOptions, refusals, sendRefusal, tooLarge } from "~/http/gate-answers.server";
import { collectBody, collectUpload } from "~/http/gate-bodies.server";
import {
  bodyLimit,
  canonicalTarget,
  contentTypeRefusal,
  declaredLength,
  hasBody,
  isAllowedOrigin,
  isApiPath,
  isUploadRequest,
  pageMethodRefusal,
  parseOrigin,
  resolveClientAddress,
  SAFE_METHODS,
  safePathname,
  targetRefusal,
  type GateConfig,
  type Refusal,
} from "~/http/gate-policy.server";

// The decisions are in gate-policy.server.ts, the answers in gate-answers.server.ts and the bodies'
// streaming in gate-bodies.server.ts; this file puts them in order.

const PROXY_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
  "forwarded",
];

/** Replaces what the client said about itself with what the gate knows. */
function canonicalizeHeaders(req: IncomingMessage, config: GateConfig) {
  const client = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], config.trustProxy);
  for (const name of [...PROXY_HEADERS, CLIENT_ADDRESS_HEADER]) delete req.headers[name];
  req.headers[CLIENT_ADDRESS_HEADER] = client;
  const app = new URL(config.appOrigin);
  const origin = req.headers.origin;
  // Remix compares an action's Origin with Host itself; an approved loopback alias keeps its own host.
  const approvedAlias =
    origin && !SAFE_METHODS.has(req.method ?? "") && !isApiPath(safePathname(req.url)) ? parseOrigin(origin) : null;
  req.headers.host = approvedAlias && approvedAlias.origin !== app.origin ? approvedAlias.host : app.host;
  // remix-serve's adapter builds request.url from the protocol too: make it APP_URL's, not the socket's.
  Object.defineProperty(req, "protocol", { value: app.protocol.slice(0, -1), configurable: true });
}

/**
 * Decides one request. Calls `proceed` for a request that may go on (with its body complete), or
 * answers it itself and never calls `proceed`.
 */
export function gateRequest(req: IncomingMessage, res: ServerResponse, config: GateConfig, proceed: () => void) {
  const bodyExpected = hasBody(req.headers);
  const refuse = (refusal: Refusal) => sendRefusal(req, res, refusal, { closeConnection: bodyExpected });

  const badTarget = targetRefusal(req.method, req.url);
  if (badTarget) return refuse(badTarget);
  if (req.method === "OPTIONS" && req.url === "*") return answerServerOptions(req, res, bodyExpected);
  req.url = canonicalTarget(req.url)!;
  const pathname = safePathname(req.url);
  const wrongMethod = pageMethodRefusal(req.method, req.url, pathname, config);
  if (wrongMethod) return refuse(wrongMethod);

  const length = declaredLength(req.headers);
  if (Number.isNaN(length))
    return refuse({ status: 400, title: "Bad request", message: "Content-Length must be a number." });
  const limit = bodyLimit(req.method, pathname, config);
  if (length !== null && length > limit) return refuse(tooLarge(req.method, pathname, limit));

  if (!SAFE_METHODS.has(req.method ?? "")) {
    if (!isAllowedOrigin(req.headers.origin, pathname, config)) {
      return refuse(isApiPath(pathname) ? refusals.foreignApi : refusals.foreignPage);
    }
    const wrongType = contentTypeRefusal(pathname, req.headers["content-type"], bodyExpected, req.method);
    if (wrongType) return refuse(wrongType);
  }

  canonicalizeHeaders(req, config);
  if (!bodyExpected) return proceed();
  const body = { limit, tooLarge: tooLarge(req.method, pathname, limit) };
  if (isUploadRequest(req.method, pathname)) return collectUpload(req, res, body, config, proceed);
  collectBody(req, res, body, config, proceed);
}
