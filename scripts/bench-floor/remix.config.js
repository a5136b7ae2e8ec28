// The smallest Remix v2 app on the same packages, compiler and server as Walking Trails: `npm run bench`
// builds it into a temporary folder and measures it beside the real pages, so the cost of the framework
// itself (express, Remix's request handling, React's server render) is a printed figure, not a guess.
import app from "../../remix.config.js";

const out = process.env.BENCH_FLOOR_BUILD;
if (!out) throw new Error("BENCH_FLOOR_BUILD must name the folder to build into");

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverBuildPath: `${out}/index.js`,
  assetsBuildDirectory: `${out}/public/build`,
  cacheDirectory: `${out}/.cache`,
  // The app's own future flags, so the floor renders and serialises data exactly as the app does.
  future: app.future,
};
