// The floor's server: the same express, compression, static files and @remix-run/express handler as
// server.ts, without our middleware, so the floor differs from the app only in what the app adds.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";

installGlobals({ nativeFetch: true });
const build = await import(pathToFileURL(path.resolve(process.argv[2] ?? "index.js")).href);
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", index: false }));
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), process.env.HOST);
