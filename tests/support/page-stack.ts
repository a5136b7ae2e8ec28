// The production build behind the same express middleware server.ts mounts (the front door, the page
// cache, compression, the static files, Remix), in this process and on the test file's own database,
// listening on a free port: for tests of what only the whole stack does (answers served from the page
// cache without Remix, the gate's refusals, the headers on every answer).
import { readdirSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

export const build = (await import(
  /* @vite-ignore */ pathToFileURL(path.resolve("build/index.js")).href
)) as ServerBuild;

type Kit = {
  frontDoor(routes?: ServerBuild["routes"]): express.RequestHandler;
  pageCache(): express.RequestHandler;
  notFound: express.RequestHandler;
  serverError: express.ErrorRequestHandler;
  pageCacheStats(): { entries: number; stored: number; hits: number; renders: number; stores: number };
  getLoadContext(): AppLoadContext;
};
export const kit = build.entry.module as unknown as Kit;

export type PageStack = { url: string; close(): Promise<void> };

/** Serves `served` (the build, or a test's build with routes of its own) the way server.ts does. */
export async function startPageStack(served: ServerBuild = build): Promise<PageStack> {
  const app = express();
  app.disable("x-powered-by");
  app.use(kit.frontDoor(served.routes));
  app.use(kit.pageCache());
  app.use(compression());
  app.use(
    served.publicPath,
    express.static(served.assetsBuildDirectory, { immutable: true, maxAge: "1y", index: false }),
  );
  const publicFiles = express.static("public", { maxAge: "1h", index: false });
  const publicNames = new Set(readdirSync("public"));
  app.use((req, res, next) => (publicNames.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));
  app.all("*", createRequestHandler({ build: served, mode: "production", getLoadContext: kit.getLoadContext }));
  app.use(kit.notFound);
  app.use(kit.serverError);
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
