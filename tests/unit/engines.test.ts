import { existsSync, readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, test } from "vitest";

type LockEntry = { name?: string; engines?: { node?: string } | string[]; os?: string[]; optional?: boolean };
const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockEntry> };

// npm prints EBADENGINE for every installed package whose `engines.node` excludes the running Node.
describe("npm install on the supported Node versions", () => {
  test("every installed package accepts every Node version package.json supports", () => {
    const supported = manifest.engines.node;
    const refusing = Object.entries(lock.packages)
      // Other platforms' optional binaries are in the lock but never installed here, so npm never checks them.
      .filter(([location]) => location !== "" && existsSync(location))
      .filter(([, entry]) => !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.subset(supported, (entry.engines as { node: string }).node))
      .map(([location, entry]) => `${location} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  test("the running Node is a supported one", () => {
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
  });
});
