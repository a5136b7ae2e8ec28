// The project runs and passes from a clone anywhere: no code, test or script reaches for a file beside
// the repository (a shared data folder beside it, say), which a clone elsewhere does not have.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const roots = ["app", "tests", "scripts", "prisma", "public"];
const code = /\.(?:[cm]?[jt]sx?|json|prisma|sql|sh)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ["generated", "build", ".tmp", "node_modules"].includes(entry.name) ? [] : files(file);
    return code.test(entry.name) ? [file] : [];
  });
}

test("nothing in the repository reads a file outside it", () => {
  const outside = /["'`]\.\.\/(?!\.\.)(?:shared|[\w-]+\/data)\b/;
  const offenders = [...roots.flatMap(files), "Dockerfile", "package.json", "remix.config.js"].filter((file) =>
    outside.test(readFileSync(file, "utf8")),
  );
  expect(offenders).toEqual([]);
});
