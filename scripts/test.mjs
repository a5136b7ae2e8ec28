// `npm test`: the whole suite, in the order that fails fastest. Uses PostgreSQL when TEST_DATABASE_URL
// is set (CI sets it when a server answers on 127.0.0.1:5432), otherwise embedded PGlite throughout.
// Stages that do not depend on each other run together; those that measure run alone (docs/testing.md).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath, headlessShellPath } from "./lib/chromium.mjs";
import { enginePackages } from "./lib/engines.mjs";
import { machinePaceMs } from "./lib/machine-pace.mjs";

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
    console.error(
      `Missing ${missing.join(" and ")}. Install them (Debian: apt-get install ${missing.join(" ")}) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
} else if (process.env.CHROMIUM_PATH && !existsSync(process.env.CHROMIUM_PATH)) {
  console.error(`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which does not exist.`);
  process.exit(1);
}

const mode = process.env.TEST_DATABASE_URL ? `PostgreSQL (${process.env.TEST_DATABASE_URL})` : "embedded PGlite";
console.log(`Database for tests: ${mode}`);

/**
 * The stages, a phase at a time; the stages of one phase run together. A short stage's output is held
 * until it ends, so parallel output never interleaves; the one long stage of a phase (`stream`) prints as
 * it goes.
 */
const phases = [
  [{ name: "build", command: "npm", args: ["run", "build"] }],
  // The checks beside Vitest: each prints its finding the moment it ends (a type error within the first
  // minute), and the run stops after the phase. Apart, they were a phase of their own in which the two
  // cores waited on the slowest of them. The package scripts keep each check's cache in node_modules/.cache,
  // so a run after a change checks again only what changed (docs/testing.md).
  [
    { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
    { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
    { name: "format", command: "npm", args: ["run", "--silent", "format", "--", "--log-level", "warn"] },
    { name: "unit and integration tests", command: "npx", args: ["vitest", "run"], stream: true },
  ],
  [{ name: "end-to-end tests", command: "npx", args: ["playwright", "test"], stream: true }],
];
// Then the flows in WebKit and Gecko, and with TEST_DATABASE_URL set (CI) the short load test after them (a
// mixed load on the production build over PostgreSQL, then every acknowledged write looked up; beside the
// engines its load made WebKit's focus checks flaky). The bench measures and asserts nothing, so it is not
// part of the suite: a figure taken on a machine busy with tests would be noise (docs/performance.md).
phases.push([
  {
    name: "end-to-end flows in WebKit and Gecko",
    command: "npx",
    args: ["playwright", "test", "--config", "playwright.engines.config.ts"],
    stream: true,
  },
]);
if (process.env.TEST_DATABASE_URL)
  phases.push([
    { name: "load test (short)", command: "node", args: ["scripts/loadtest.mjs", "--short"], stream: true },
  ]);

const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

function run({ name, command, args, stream }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: stream ? "inherit" : ["ignore", "pipe", "pipe"], env: process.env });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      const ok = code === 0;
      if (!stream && (output.trim() || !ok)) console.log(`\n▶ ${name}\n${output.trimEnd()}`);
      console.log(`  ${name}: ${ok ? "ok" : "FAILED"} in ${seconds(started)} s`);
      resolve({ name, ok, code, time: seconds(started) });
    });
  });
}

const paceAtStart = machinePaceMs();
console.log(`This machine's pace: ${paceAtStart} ms for a fixed hash (lower is faster; docs/testing.md)`);
const pace = () => `This machine's pace: ${paceAtStart} ms at the start, ${machinePaceMs()} ms at the end`;

const suiteStarted = Date.now();
const timings = [];
for (const phase of phases) {
  const started = Date.now();
  console.log(`\n▶ ${phase.map((stage) => stage.name).join(", ")}${phase.length > 1 ? " (together)" : ""}`);
  const results = await Promise.all(phase.map(run));
  for (const result of results)
    timings.push(`  ${result.name.padEnd(38)} ${result.time.padStart(7)} s  ${result.ok ? "ok" : "FAILED"}`);
  if (phase.length > 1) timings.push(`    (together: ${seconds(started)} s)`);
  const failed = results.find((result) => !result.ok);
  if (failed) {
    console.log(`\n${timings.join("\n")}\n${pace()}\nTest suite FAILED after ${seconds(suiteStarted)} s`);
    process.exit(failed.code || 1);
  }
}
const total = (Date.now() - suiteStarted) / 1000;
console.log(
  `\n${timings.join("\n")}\n${pace()}\nTest suite passed in ${total.toFixed(1)} s (${Math.floor(total / 60)} min ${Math.round(total % 60)} s)`,
);
