// remix-serve (which the deployment runs as is) builds its express app after importing this server
// bundle and offers no way to add middleware. Express copies `application.handle` into each app it
// creates, so replacing it here, before remix-serve calls express(), puts our code in front of
// everything remix-serve mounts: compression, the static files and Remix itself.
import { createRequire } from "node:module";
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "~/utils/env.server";
import { log, logAccess } from "~/utils/logger.server";
import { gateRequest, isApiPath, safePathname, sendRefusal, type GateConfig } from "~/http/request-gate.server";
import { applySecurityHeaders } from "~/http/security-headers.server";

type Done = (error?: unknown) => void;
type Application = { handle(req: IncomingMessage, res: ServerResponse, done?: Done): void; walkingTrailsGate?: true };
type Express = { application: Application };
type Morgan = { format(name: string, format: () => null): void };

function gateConfig(): GateConfig {
  return {
    appOrigin: env.APP_URL,
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS.split(",").map((value) => value.trim()).filter(Boolean),
  };
}

/**
 * Every answer carries the baseline security headers, whoever wrote it (static files, Remix, express,
 * the gate); an answer that set its own (a document's nonce-based CSP) keeps it.
 */
function withBaselineHeaders(res: ServerResponse) {
  const baseline = [...applySecurityHeaders(new Headers())];
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithBaseline(this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    for (const [name, value] of baseline) if (!this.hasHeader(name)) this.setHeader(name, value);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

function kindOf(pathname: string) {
  if (isApiPath(pathname)) return "api";
  if (pathname.startsWith("/build/") || /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith(".data")) return "asset";
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
 * Stands in for express's final handler, which prints stacks as plain text: errors are logged as JSON,
 * and an answer already under way is cut off rather than written twice.
 */
function finalHandler(req: IncomingMessage, res: ServerResponse): Done {
  return (error) => {
    if (res.headersSent) {
      if (!res.writableEnded) res.destroy();
      return;
    }
    const status = (error as { status?: unknown } | undefined)?.status;
    const clientError = typeof status === "number" && status >= 400 && status < 500;
    if (error && !clientError) log("error", "request failed before Remix answered", { error: String(error) });
    sendRefusal(
      req,
      res,
      clientError
        ? { status: status as number, title: "Bad request", message: "The request could not be understood." }
        : error
          ? { status: 500, title: "Unexpected Application Error!", message: "Something went wrong on our side. Please try again." }
          : { status: 404, title: "Page not found", message: "We couldn't find that page." },
      { closeConnection: false },
    );
  };
}

function resolveFromRemixServe<T>(name: string): T | null {
  try {
    const serveRequire = createRequire(createRequire(import.meta.url).resolve("@remix-run/serve/package.json"));
    return serveRequire(name) as T;
  } catch {
    return null;
  }
}

/** True when this process is remix-serve, which must never run without the gate. */
function runningUnderRemixServe() {
  return /@remix-run[/\\]serve[/\\]|remix-serve$/.test(process.argv[1] ?? "");
}

export function installServerHooks() {
  const express = resolveFromRemixServe<Express>("express");
  if (!express) {
    if (runningUnderRemixServe()) throw new Error("The request gate could not be installed: express was not found.");
    return; // the app imported in-process (tests), with no HTTP server of remix-serve's to guard
  }
  const { application } = express;
  if (application.walkingTrailsGate) return;
  // remix-serve's morgan writes a plain-text line per request; ours is the one JSON line.
  resolveFromRemixServe<Morgan>("morgan")?.format("tiny", () => null);
  const config = gateConfig();
  const handle = application.handle;
  application.handle = function gatedHandle(this: Application, req, res, done) {
    logWhenDone(req, res);
    withBaselineHeaders(res);
    gateRequest(req, res, config, () => handle.call(this, req, res, done ?? finalHandler(req, res)));
  };
  application.walkingTrailsGate = true;
}
