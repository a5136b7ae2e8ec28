/**
 * The apps an end-to-end run starts (global-setup.ts), each on a database of its own: `shared` for every
 * spec that reads the seeded trails, benches and videos, and one per JavaScript setting for the specs that
 * change them (`editingSpecs`), so those run beside the others in the same pool instead of after them.
 * Ports follow the runner's E2E_PORT (playwright.config.ts), so several runs on one machine never meet.
 */
export const APPS = ["shared", "edits-js", "edits-no-js", "empty-js", "empty-no-js"] as const;
export type AppName = (typeof APPS)[number];

/**
 * Specs that change the seeded trails and benches, which the other specs compare pages against: the trail
 * area's edits, a bench's videos on the trail map, stale saves, notices (banners on the seeded trails'
 * pages), replacing a trail's path and the campus's name. They run on the edits apps (playwright.config.ts).
 */
export const editingSpecs =
  /(admin-trails|admin-trails-add|far-trail|admin-campus|bench-videos|admin-stale-edits|notices|trail-path-upload)\.spec\.ts$/;

/**
 * Specs that set up a campus from an empty start (`SAMPLE_DATA=false`), as docs/operations.md walks an
 * operator through it: one app per JavaScript setting, each started empty.
 */
export const emptyStartSpecs = /operator-guide\.spec\.ts$/;

/** Apps started without the sample campus: only the administrator's account. */
export const startsEmpty = (app: AppName) => app.startsWith("empty");

// Ranges that never meet, for any E2E_PORT the runner picks (40,000 to 49,999).
const OFFSETS: Record<AppName, number> = {
  shared: 0,
  "edits-js": -20_000,
  "edits-no-js": -10_000,
  "empty-js": 10_000,
  "empty-no-js": -30_000,
};

export function appOrigin(app: AppName) {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT) + OFFSETS[app]}`;
}

/** What global setup leaves each app's tests in the environment, by origin. */
export type AppHandles = Record<
  string,
  { adminCookies: { name: string; value: string; url: string }[]; databaseUrl: string | null }
>;

export function appHandles(): AppHandles {
  return JSON.parse(process.env.E2E_APPS ?? "{}") as AppHandles;
}
