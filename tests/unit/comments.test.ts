// Comments, test titles and docs say why, and point at docs/ when there is more to read: never at an issue
// number, a section of a document outside the repository or the specification's folder, which a reader of
// the code does not have. The history behind a change is in its commit.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const roots = ["app", "tests", "scripts", "prisma", "public", "docs"];
const topLevel = [
  "server.ts",
  "Dockerfile",
  "README.md",
  "package.json",
  "vitest.config.ts",
  "playwright.config.ts",
  "playwright.engines.config.ts",
  "eslint.config.js",
  "remix.config.js",
  "postcss.config.js",
  "prisma.config.ts",
  ".env.example",
  ".gitignore",
  ".dockerignore",
  ".prettierignore",
];
const text = /\.(?:[cm]?[jt]sx?|css|prisma|md|sh)$/;
/** Written by tools, applied byte for byte, or history by design (a decision record says when it was made). */
const skipped = ["generated", "build", ".tmp", "node_modules", "bench-floor", "migrations", "seed-data", "decisions"];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.includes(entry.name) ? [] : files(file);
    return text.test(entry.name) ? [file] : [];
  });
}

/** The citations refused, each written so that this file does not match it. */
const citations: [string, RegExp][] = [
  ["an issue number", /\b[Ii]ssues?\s+#?\d/],
  ["an issue by name", /\b[Tt]he\s+(?:API\s+)?issues?(?:'s)?\b(?!\s+(?:is|was|here)\b)/],
  ["a section sign", /(?<!RFC\s\d{3,5}\s)\u00a7\s*\d/],
  ["the specification", /\bSPE[C]\b|\b[Ss]pecificatio[n]/],
  ["a folder outside the repository", /\.\.\/share[d]\b|\bshare[d]\/data\//],
];

/** Every line of the given texts that cites something a reader of the repository does not have. */
function citationsIn(sources: { file: string; source: string }[]) {
  return sources.flatMap(({ file, source }) =>
    source.split("\n").flatMap((line, index) => {
      const found = citations.find(([, pattern]) => pattern.test(line));
      return found ? [`${file}:${index + 1} cites ${found[0]}: ${line.trim()}`] : [];
    }),
  );
}

describe("comments cite nothing outside the repository", () => {
  // This file is left out: its probes below are citations on purpose.
  const sources = [...roots.flatMap(files), ...topLevel.filter((file) => existsSync(file))]
    .filter((file) => file !== path.join("tests", "unit", "comments.test.ts"))
    .map((file) => ({ file, source: readFileSync(file, "utf8") }));

  test("no comment, test title or doc names an issue number or the specification", () => {
    // A reader that found nothing would pass for the wrong reason.
    expect(sources.length).toBeGreaterThan(400);
    expect(citationsIn(sources)).toEqual([]);
  });

  test("the check sees each form of citation", () => {
    const probe = (line: string) => citationsIn([{ file: "probe.ts", source: line }]);
    // The citations are spelled at run time, so this file itself cites nothing.
    const n = 27;
    const shared = ["..", "shared"].join("/");
    expect(probe(`// Notices (issue ${n}, point 4): closures first.`)).toHaveLength(1);
    expect(probe(`test("reports (Issue ${n})", () => {});`)).toHaveLength(1);
    expect(probe("// asked for by the API issues.")).toHaveLength(1);
    expect(probe("// the issue's example")).toHaveLength(1);
    expect(probe("/** The bars of SPEC \u00a72. */")).toHaveLength(1);
    expect(probe("// as \u00a7 7 says")).toHaveLength(1);
    expect(probe("// the route spellings of the SPEC")).toHaveLength(1);
    expect(probe("# delivered with the specification")).toHaveLength(1);
    expect(probe(`// read from ${shared}/data/trails.geojson`)).toHaveLength(1);
    expect(probe("// Report a problem: the form on a trail's page (docs/features.md).")).toEqual([]);
    expect(probe("// the ten slowest spec files; no other spec's page shows it")).toEqual([]);
    expect(probe("const issues = parsed.error.issues;")).toEqual([]);
    expect(probe("// the versions an If-Match header names (RFC 9110 \u00a713.1.1)")).toEqual([]);
  });
});
