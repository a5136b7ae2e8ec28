// The middleware server.ts puts in front of everything it serves (static files, Remix): the access log,
// the baseline security headers and the request gate. It lives in the app (and reaches server.ts through
// the server build, see entry.server.tsx) so the server and Remix share one copy of every module.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import onHeaders from "on-headers";
import { env } from "~/utils/env.server";
import { log, logAccess } from "~/utils/logger.server";
import { sendRefusal } from "~/http/gate-answers.server";
import { isApiPath, safePathname, type GateConfig, type Refusal } from "~/http/gate-policy.server";
import { gateRequest } from "~/http/request-gate.server";
import { requireAdmin } from "~/http/auth.server";
import { getLoadContext } from "~/http/load-context.server";
import { pageMethods } from "~/http/page-methods.server";
import { applySecurityHeaders } from "~/http/security-headers.server";
import { markConnection } from "~/http/connection-places.server";

type Next = (error?: unknown) => void;

function gateConfig(routes?: ServerBuild["routes"]): GateConfig {
  return {
    methodsOf: routes ? pageMethods(routes) : undefined,
    appOrigin: env.APP_URL,
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS.split(",")
      .map((value) => value.trim())
      .filter(Boolean),
    bodyDeadlineMs: env.BODY_TIMEOUT_MS,
    authorizeUpload,
  };
}

/**
 * Upload routes are the admins': the same `requireAdmin` their actions call, asked with the request's
 * cookies before the gate reads a byte of the body. Its redirect to sign in, or its 403, is the answer.
 */
async function authorizeUpload(req: IncomingMessage): Promise<Refusal | null> {
  const request = new Request(new URL(req.url ?? "/", env.APP_URL), { headers: { Cookie: req.headers.cookie ?? "" } });
  try {
    await requireAdmin({ request, context: getLoadContext() });
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const location = thrown.headers.get("Location");
    if (location)
      return {
        status: thrown.status,
        title: "Sign in first",
        message: "Sign in as an admin to upload a file.",
        headers: { Location: location },
      };
    return { status: thrown.status, title: "Admins only", message: "Only an admin can upload a file here." };
  }
}

function kindOf(pathname: string) {
  if (isApiPath(pathname)) return "api";
  if (pathname.startsWith("/build/") || (/\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith(".data"))) return "asset";
  return pathname.endsWith(".data") ? "data" : "document";
}

/** One JSON line per request, written when the answer is complete, with the time the whole request took. */
function logWhenDone(req: IncomingMessage, res: ServerResponse) {
  const startedAt = performance.now();
  res.once("close", () => {
    const pathname = safePathname(req.url);
    logAccess({
      method: req.method ?? "",
      path: pathname,
      status: res.writableFinished ? res.statusCode : 499,
      ms: performance.now() - startedAt,
      kind: kindOf(pathname),
    });
  });
}

/**
 * The access log, the baseline security headers on every answer whoever writes it (static files, Remix,
 * express, the gate; an answer that set its own, a document's nonce-based CSP, keeps it), then the gate.
 * With the build's routes the gate also answers a method a page does not take.
 */
export function frontDoor(routes?: ServerBuild["routes"]) {
  const config = gateConfig(routes);
  const baseline = [...applySecurityHeaders(new Headers())];
  return function frontDoorMiddleware(req: IncomingMessage, res: ServerResponse, next: Next) {
    logWhenDone(req, res);
    onHeaders(res, function addBaselineHeaders(this: ServerResponse) {
      for (const [name, value] of baseline) if (!this.hasHeader(name)) this.setHeader(name, value);
    });
    // Until the gate passes it on, the request may give up its connection to a newcomer (decision 074).
    markConnection(req.socket, "receiving");
    res.once("close", () => markConnection(req.socket, "waiting"));
    gateRequest(req, res, config, () => {
      markConnection(req.socket, "answering");
      // Express keeps the target as it arrived in `originalUrl`, which is what @remix-run/express builds
      // the Request from: it must be the target the gate judged, not the one the client wrote.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      next();
    });
  };
}

/** What express would otherwise answer itself (a plain-text stack, or "Cannot GET"), as our own pages. */
export function notFound(req: IncomingMessage, res: ServerResponse) {
  sendRefusal(
    req,
    res,
    { status: 404, title: "Page not found", message: "We couldn't find that page." },
    { closeConnection: false },
  );
}

export function serverError(error: unknown, req: IncomingMessage, res: ServerResponse, _next: Next) {
  if (res.headersSent) {
    // An answer already under way is cut off rather than written twice.
    if (!res.writableEnded) res.destroy();
    return;
  }
  const status = (error as { status?: unknown } | undefined)?.status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return sendRefusal(
      req,
      res,
      { status, title: "Bad request", message: "The request could not be understood." },
      { closeConnection: false },
    );
  }
  log("error", "request failed before Remix answered", { error: String(error) });
  sendRefusal(
    req,
    res,
    {
      status: 500,
      title: "Unexpected Application Error!",
      message: "Something went wrong on our side. Please try again.",
    },
    { closeConnection: false },
  );
}

/** The socket-level limits of docs/operations.md, from the environment. */
export function serverLimits() {
  return {
    headersTimeout: env.HEADERS_TIMEOUT_MS,
    // Node's own whole-request deadline is the backstop; the gate answers a slow body first, with a page.
    requestTimeout: env.HEADERS_TIMEOUT_MS + env.BODY_TIMEOUT_MS + 1_000,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    maxHeadersCount: env.MAX_HEADERS_COUNT,
    maxConnections: env.MAX_CONNECTIONS,
    // Behind a trusted proxy every connection comes from the proxy: a per-address cap would cap everyone.
    // A full server still frees the place of the peer holding the most (decision 074).
    maxConnectionsPerAddress: env.TRUST_PROXY > 0 ? Number.POSITIVE_INFINITY : env.MAX_CONNECTIONS_PER_ADDRESS,
  };
}
