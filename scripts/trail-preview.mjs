// `node scripts/trail-preview.mjs`: draws the landing page's map preview from the seed trails and benches
// into app/assets/trail-preview.svg. The page imports that file, so the build serves it under a hashed
// name with a year's cache. Run it again when the seed trails change (tests/unit/trail-preview-svg.test.ts
// fails until then). The drawing is app/lib/trail-preview-svg.ts, bundled here with esbuild (which Remix's
// compiler already brings) because Node 20 cannot import TypeScript.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bundled = await build({
  entryPoints: [path.join(root, "app/lib/trail-preview-svg.ts")],
  bundle: true,
  format: "esm",
  platform: "node",
  write: false,
  alias: { "~": path.join(root, "app") },
});
const { trailPreviewSvg } = await import(
  `data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString("base64")}`
);

const trails = JSON.parse(await readFile(path.join(root, "prisma/seed-data/trails.geojson"), "utf8")).features.map(
  (feature) => ({
    name: feature.properties.name,
    color: feature.properties.color,
    coordinates: feature.geometry.coordinates,
  }),
);
const benches = JSON.parse(await readFile(path.join(root, "prisma/seed-data/benches.json"), "utf8"));
const { svg, width, height } = trailPreviewSvg(trails, benches);
const out = path.join(root, "app/assets/trail-preview.svg");
await writeFile(out, svg);
console.log(`wrote ${path.relative(process.cwd(), out)} (${width} x ${height}, ${svg.length} bytes)`);
