// `npm test`: the whole suite, in the order that fails fastest. Uses PostgreSQL when TEST_DATABASE_URL
// is set (CI sets it when a server answers on 127.0.0.1:5432), otherwise embedded PGlite throughout.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath, headlessShellPath } from "./lib/chromium.mjs";
import { enginePackages } from "./lib/engines.mjs";

// The end-to-end tests drive Debian's chromium-headless-shell, Lighthouse (in the bench) its full Chromium:
// Playwright cannot download its own browsers here.
const browsers = process.env.CHROMIUM_PATH
  ? []
  : [
      [chromiumPath, "chromium"],
      [headlessShellPath, "chromium-headless-shell"],
    ];
// The flows in WebKit and Gecko drive Debian's engines too (tests/engines/).
browsers.push(...enginePackages);
const missing = browsers.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg);
if (missing.length > 0) {
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log(`Installing Debian's ${missing.join(" and ")}…`);
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const apt = spawnSync("apt-get", ["install", "-y", "-qq", ...missing], { stdio: "inherit" });
    if (apt.status !== 0) process.exit(apt.status ?? 1);
  } else {
    console.error(`Missing ${missing.join(" and ")}. Install them (Debian: apt-get install ${missing.join(" ")}) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
} else if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
  console.error(`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which does not exist.`);
  process.exit(1);
}

const mode = process.env.TEST_DATABASE_URL ? `PostgreSQL (${process.env.TEST_DATABASE_URL})` : "embedded PGlite";
console.log(`Database for tests: ${mode}`);

const steps = [
  ["typecheck", "npx", ["tsc"]],
  ["build", "npm", ["run", "build"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
  ["end-to-end flows in WebKit and Gecko", "npm", ["run", "test:engines"]],
];
// The load test and the benchmark drive the production build on PostgreSQL: their short modes run
// whenever a server is available (CI), the long ones by hand (npm run loadtest / npm run bench).
if (process.env.TEST_DATABASE_URL) {
  steps.push(["load test (short)", "node", ["scripts/loadtest.mjs", "--short"]]);
  steps.push(["benchmark (short)", "node", ["scripts/bench.mjs", "--short"]]);
}
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
const suiteStarted = Date.now();
const timings = [];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  timings.push(`  ${name.padEnd(28)} ${seconds(started).padStart(7)} s  ${result.status === 0 ? "ok" : "FAILED"}`);
  console.log(`  ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${seconds(started)} s`);
  if (result.status !== 0) {
    console.log(`\n${timings.join("\n")}\nTest suite FAILED after ${seconds(suiteStarted)} s`);
    process.exit(result.status ?? 1);
  }
}
const total = (Date.now() - suiteStarted) / 1000;
console.log(`\n${timings.join("\n")}\nTest suite passed in ${total.toFixed(1)} s (${Math.floor(total / 60)} min ${Math.round(total % 60)} s)`);
