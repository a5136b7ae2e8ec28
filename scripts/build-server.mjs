// Compiles server.ts into build/server.js beside the Remix server build (build/index.js), which it
// imports at run time. Packages stay external: they are installed, and bundling them gains nothing.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
