// Prints where a Vitest run's time went: the ten files that took longest, each split into loading
// (its process, setup file and imports) and its tests and hooks, so a slow file shows which half to cut.
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const rows = modules.map((module) => {
      const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } =
        module.diagnostic();
      const loading = environmentSetupDuration + prepareDuration + setupDuration + collectDuration;
      return {
        file: path.relative(process.cwd(), module.moduleId),
        loading,
        tests: duration,
        total: loading + duration,
      };
    });
    rows.sort((a, b) => b.total - a.total);
    const all = rows.reduce((sum, row) => sum + row.total, 0);
    const lines = rows
      .slice(0, 10)
      .map((row) => `${seconds(row.total)}  (loading ${seconds(row.loading).trim()}) ${row.file}`);
    console.log(
      `\nThe 10 slowest of ${rows.length} test files (all files: ${seconds(all).trim()} of worker time):\n${lines.join("\n")}`,
    );
  }
}
