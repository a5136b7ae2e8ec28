import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * The apps an end-to-end run starts (global-setup.ts), each on a database of its own: `shared` for every
 * spec that reads the seeded trails, benches and videos, and one per JavaScript setting for the specs that
 * change them (`editingSpecs`), so those run beside the others in the same pool instead of after them.
 * Ports follow the runner's E2E_PORT (playwright.config.ts): the first block of free ports from one its pid picks.
 */
export const APPS = ["shared", "edits-js", "edits-no-js", "empty-js", "empty-no-js"] as const;
export type AppName = (typeof APPS)[number];

/**
 * Specs that change the seeded trails and benches, which the other specs compare pages against: the trail
 * area's edits, a bench's videos on the trail map, stale saves, notices (banners on the seeded trails'
 * pages), replacing a trail's path and the campus's name. They run on the edits apps (playwright.config.ts).
 */
export const editingSpecs =
  /(admin-trails|admin-trails-add|admin-campus|bench-videos|admin-stale-edits|notices|trail-path-upload)\.spec\.ts$/;

/**
 * Specs that set up a campus from an empty start (`SAMPLE_DATA=false`), as docs/operations.md walks an
 * operator through it: one app per JavaScript setting, each started empty.
 */
export const emptyStartSpecs = /operator-guide\.spec\.ts$/;

/** Apps started without the sample campus: only the administrator's account. */
export const startsEmpty = (app: AppName) => app.startsWith("empty");

/**
 * The run's first port (E2E_PORT's default): the apps listen on it and the four above it, in APPS's order.
 * The first block of five free ports from one the runner's pid picks, so a run neither meets another run
 * nor an app left behind; all lie below Linux's ephemeral range (32768 and up), where an outgoing
 * connection or a server on port 0 (the integration tests start many) could take one the moment after.
 */
export function firstFreePort(pid: number) {
  const script = fileURLToPath(new URL("./first-free-port.mjs", import.meta.url));
  return execFileSync(process.execPath, [script, String(pid), String(APPS.length)], {
    encoding: "utf8",
  }).trim();
}

export function appOrigin(app: AppName) {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT) + APPS.indexOf(app)}`;
}

/** What global setup leaves each app's tests in the environment, by origin. */
export type AppHandles = Record<
  string,
  { adminCookies: { name: string; value: string; url: string }[]; databaseUrl: string | null }
>;

export function appHandles(): AppHandles {
  return JSON.parse(process.env.E2E_APPS ?? "{}") as AppHandles;
}
