// The framework floor for `npm run bench`: scripts/bench-floor (one Remix v2 page with a loader and a
// 50-item list, no database, session or layout) built into a temporary folder and served like the app
// (scripts/bench-floor/server.mjs: express, compression and @remix-run/express, without our middleware),
// so the bench can show how much of a page's cost is the framework's and how much is ours.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort, request } from "./app-under-load.mjs";

const root = path.resolve(import.meta.dirname, "../..");

export async function startFrameworkFloor() {
  // Inside the project, so the built server resolves react and Remix from the project's node_modules.
  const cache = path.join(root, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(path.join(cache, "wt-bench-floor-"));
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build", "scripts/bench-floor"],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", BENCH_FLOOR_BUILD: out },
      encoding: "utf8",
    },
  );
  if (build.status !== 0) throw new Error(`building the framework floor failed:\n${build.stdout}${build.stderr}`);
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(root, "scripts/bench-floor/server.mjs"), "index.js"], {
    cwd: out,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    rmSync(out, { recursive: true, force: true });
  };
  for (let i = 0; (await request(`${base}/`)).status !== 200; i++) {
    if (i === 150 || server.exitCode !== null) {
      await stop();
      throw new Error("the framework floor's server did not start");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, pid: server.pid, stop };
}
