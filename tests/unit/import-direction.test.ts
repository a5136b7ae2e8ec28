import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

// The layout's one rule: imports only run down. routes → http → models → utils/lib; components → schemas/lib.
// This reads every module of app/ as text, so a new file or folder is checked without being listed here,
// and a folder with no floor below fails until it is given one.

const APP = fileURLToPath(new URL("../../app", import.meta.url));

/**
 * What each layer may import besides itself. "shell" is root.tsx and the entry modules; "prisma" is the
 * generated client (app/generated/prisma), "generated" any other file a tool writes (app/generated).
 */
const allowed: Record<string, string[]> = {
  shell: ["http", "models", "schemas", "components", "lib", "utils", "styles", "assets"],
  routes: ["http", "openapi", "models", "schemas", "components", "lib", "utils", "styles", "assets"],
  http: ["models", "schemas", "utils", "lib", "generated", "prisma"],
  openapi: ["schemas", "lib"],
  models: ["schemas", "utils", "lib", "generated", "prisma"],
  components: ["schemas", "lib", "assets"],
  schemas: ["lib"],
  utils: ["schemas", "lib", "generated", "prisma"],
  lib: ["generated"],
  generated: [],
  styles: [],
  assets: [],
};

/** Every .ts and .tsx file of app/, the Prisma client's own excepted (it imports only packages). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(APP, "generated", "prisma") ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The layer of a file: its first folder under app/, "prisma" inside app/generated/prisma, "shell" at the top. */
function layerOf(file: string) {
  const [first, second, ...rest] = path.relative(APP, file).split(path.sep);
  if (second === undefined) return "shell";
  return first === "generated" && second === "prisma" && rest.length > 0 ? "prisma" : first;
}

/** Every module specifier a file names in an import, export … from, or import(). */
export function specifiersOf(source: string): string[] {
  const pattern =
    /(?:\bimport|\bexport)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? match[2]);
}

/** The app file a specifier points at, or null for a package. */
function targetOf(file: string, specifier: string) {
  if (specifier.startsWith("~/")) return path.join(APP, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(file), specifier);
  return null;
}

export function upwardImports(files: { file: string; source: string }[]) {
  const found: string[] = [];
  for (const { file, source } of files) {
    const from = layerOf(file);
    const may = allowed[from] ?? [];
    for (const specifier of specifiersOf(source)) {
      const target = targetOf(file, specifier);
      if (!target) continue;
      const to = layerOf(target);
      if (to !== from && !may.includes(to))
        found.push(`${path.relative(APP, file)} (${from}) imports ${specifier} (${to})`);
    }
  }
  return found;
}

describe("imports only run down", () => {
  const files = sourceFiles(APP).map((file) => ({ file, source: readFileSync(file, "utf8") }));

  test("no module imports from a layer above it", () => {
    // A reader that found nothing would pass for the wrong reason.
    expect(files.length).toBeGreaterThan(100);
    expect(
      files.flatMap(({ source }) => specifiersOf(source)).filter((s) => s.startsWith("~/")).length,
    ).toBeGreaterThan(300);
    expect(upwardImports(files)).toEqual([]);
  });

  test("every folder of app/ has its floor", () => {
    const folders = readdirSync(APP, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.length).toBeGreaterThan(8);
    expect(folders.map((entry) => entry.name).filter((name) => !(name in allowed))).toEqual([]);
  });

  test("the check sees each form of import, relative ones included", () => {
    const probe = (layer: string, source: string) =>
      upwardImports([{ file: path.join(APP, layer, "probe.ts"), source }]);
    expect(probe("utils", 'import { prisma } from "~/models/user.server";')).toHaveLength(1);
    expect(probe("utils", 'import type { X } from "../http/api.server";')).toHaveLength(1);
    expect(probe("models", 'export { a } from "~/routes/_index";')).toHaveLength(1);
    expect(probe("components", 'const m = await import("~/models/video.server");')).toHaveLength(1);
    expect(probe("lib", 'import {\n  a,\n  b,\n} from "~/components/x";')).toHaveLength(1);
    expect(probe("lib", 'import "~/utils/env.server";')).toHaveLength(1);
    expect(probe("lib", 'import { nfkc } from "~/schemas/text";')).toHaveLength(1);
    expect(probe("lib", 'import type { Prisma } from "~/generated/prisma/client";')).toHaveLength(1);
    expect(probe("components", 'import type { User } from "~/generated/prisma/client";')).toHaveLength(1);
    expect(probe("utils", 'import { Panel } from "~/components/panel";')).toHaveLength(1);
    expect(probe("http", 'import { apiRoute } from "~/routes/api.walks";')).toHaveLength(1);
    expect(probe("shell", 'import { loader } from "~/routes/_index";')).toHaveLength(1);
    expect(probe("generated", 'import { geo } from "~/lib/geo";')).toHaveLength(1);
    expect(probe("newfolder", 'import { geo } from "~/lib/geo";')).toHaveLength(1);
    expect(probe("lib", 'import { CONFUSABLE_PROTOTYPES } from "~/generated/confusables";')).toEqual([]);
    expect(probe("models", 'import { env } from "~/utils/env.server";\nimport * as z from "zod";')).toEqual([]);
    expect(probe("components", 'import { geo } from "~/lib/geo";')).toEqual([]);
  });
});
