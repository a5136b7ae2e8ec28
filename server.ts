// The production server: express in front of Remix, with our middleware as ordinary middleware and the
// limits Node offers at the socket. `npm run build` compiles this file to build/server.js, which
// `npm start`, `npm run serve` and the Docker image run. See docs/architecture.md and decision 010.
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

// Like remix-serve before it: a server started without NODE_ENV is a production server.
process.env.NODE_ENV ??= "production";
installGlobals({ nativeFetch: true });

type AppKit = {
  frontDoor(routes?: ServerBuild["routes"]): express.RequestHandler;
  pageCache(): express.RequestHandler;
  notFound: express.RequestHandler;
  serverError: express.ErrorRequestHandler;
  serverLimits(): {
    headersTimeout: number;
    requestTimeout: number;
    keepAliveTimeout: number;
    maxHeadersCount: number;
    maxConnections: number;
    maxConnectionsPerAddress: number;
  };
  shareConnections(
    server: ReturnType<typeof createServer>,
    limits: { maxConnections: number; maxPerAddress: number },
  ): unknown;
  registerHttpServer(server: ReturnType<typeof createServer>): void;
  getLoadContext(): AppLoadContext;
};

const here = path.dirname(fileURLToPath(import.meta.url));
// Importing the build opens, migrates and seeds the database before anything listens.
const build = (await import(pathToFileURL(path.join(here, "index.js")).href)) as ServerBuild;
const kit = build.entry.module as unknown as AppKit;

const app = express();
app.disable("x-powered-by");
app.use(kit.frontDoor(build.routes));
// Visitors' pages stored by the page cache are answered here, already compressed (decision 062).
app.use(kit.pageCache());
app.use(compression());
// Fingerprinted assets never change under their name; everything else in public/ may, within an hour.
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", index: false }));
// express.static asks the file system about every path it sees, so each page and API request cost a stat()
// of a file that is not there (4-6% of a page's CPU). Only paths under a name public/ holds go to it; the
// folder is part of the release, so what it holds is read once, at start.
const publicFiles = express.static("public", { maxAge: "1h", index: false });
const publicNames = new Set(readdirSync("public"));
app.use((req, res, next) => (publicNames.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));
// Each request's load context carries what its loaders look up once (app/http/load-context.server.ts).
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext: kit.getLoadContext }));
app.use(kit.notFound);
app.use(kit.serverError);

const limits = kit.serverLimits();
const server = createServer(
  {
    headersTimeout: limits.headersTimeout,
    requestTimeout: limits.requestTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    // Node checks the two deadlines above on this interval (30 s by default): a slow client is cut within
    // a second of its deadline instead of half a minute after it.
    connectionsCheckingInterval: 1_000,
  },
  app,
);
server.maxHeadersCount = limits.maxHeadersCount;
// Not Node's `maxConnections`, which refuses whoever comes next: a full server frees the oldest unanswered
// place of the address holding the most, so a dozen addresses cannot keep everyone out (decision 074).
kit.shareConnections(server, { maxConnections: limits.maxConnections, maxPerAddress: limits.maxConnectionsPerAddress });
kit.registerHttpServer(server);

const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || undefined;
// A port another process holds (or one this user may not open) is a setting to change, said in one line.
server.once("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EADDRINUSE" && error.code !== "EACCES") throw error;
  const why = error.code === "EADDRINUSE" ? "is already in use" : "may not be opened by this user";
  console.error(`Cannot start: port ${port} on ${host ?? "every address"} ${why}; set PORT to a free port`);
  process.exit(1);
});
server.listen(port, host, () => console.log(`[server] listening on http://${host ?? "localhost"}:${port}`));
