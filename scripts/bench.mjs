// `npm run bench [-- --short]`: throughput and latency of the production build on real PostgreSQL,
// next to a bare Node http server sending the landing page's bytes (the ceiling on this machine) and a
// bare Remix page (the framework's own floor), plus
// the gzip weight of the JavaScript and CSS each page loads, an open-loop run (a mixed load offered at a
// constant rate), and Lighthouse's mobile performance figures on six pages. Ends with each page's cost per
// request against the floor and a PASS/FAIL line per target. `--lighthouse-only` skips the load and runs
// Lighthouse alone, with its PASS/FAIL lines (for iterating on a page's score). Prints figures; asserts nothing and always exits 0
// when it ran (timings on these shared machines are too noisy to fail a test suite on).
// The closed-loop runs use autocannon in a worker thread (scripts/lib/load-generator.mjs); the open loop
// keeps our own client, which easily offers 100 requests a second.
import { spawnSync } from "node:child_process";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { ADMIN, apiSignIn, freePort, processCpuMs, request, startAppUnderLoad } from "./lib/app-under-load.mjs";
import { startFrameworkFloor } from "./lib/framework-floor.mjs";
import { lighthouseMedians } from "./lib/lighthouse.mjs";
import { closedLoop, loadGeneratorName } from "./lib/load-generator.mjs";

const short = process.argv.includes("--short");
// --many-trails: the same run on a campus with 40 more trails, each with a bench, added through the API
// first; its ratios, set beside a plain run's, show what a campus of many trails costs (performance.md).
const manyTrails = process.argv.includes("--many-trails");
const EXTRA_TRAILS = 40;
const lighthouseOnly = process.argv.includes("--lighthouse-only");
const seconds = short ? 1 : Number(process.env.BENCH_SECONDS ?? 5);
// --short (run by `npm test`) proves every part of the bench still works, at the least cost: one level of
// concurrency, and Lighthouse on the landing page only.
const levels = short ? [10] : [1, 50];
const lighthouseRuns = short ? 1 : 3;
// The open loop: requests offered at a constant rate whatever the answers do, as real visitors arrive.
const openLoopRate = 100;
const openLoopSeconds = short ? 3 : Number(process.env.BENCH_OPEN_LOOP_SECONDS ?? 30);

// Cost per request = floor req/s ÷ page req/s, at the higher concurrency, in the same run: a ratio holds on a faster or slower machine where req/s do not.
const costTargets = [
  { name: "GET / (landing)", label: "visitor landing (cache)", max: 1.0 },
  { name: "GET / (304 revalidation)", label: "304 revalidation", max: 0.7 },
  { name: "GET /api/trails/trails", label: "trails API", max: 1.2 },
  { name: "GET /trails/{first} (visitor)", label: "trail page (cache)", max: 1.0 },
  { name: "GET /bodyWeightExercises", label: "signed-in video page", max: 2.5 },
  { name: "GET /trails", label: "signed-in /trails", max: 2.5 },
];
const OPEN_LOOP_P99_MS = 50;
// Lighthouse mobile performance, median of the runs: the landing page stays perfect.
const LIGHTHOUSE_MIN = 0.98;
const LANDING_LIGHTHOUSE_MIN = 1.0;

/**
 * Waits (at most 30 s) until the app has nearly stopped using CPU: autocannon stops at the end of a case
 * without waiting for the answers in flight, and the server finishing them (50 sign-ins are seconds of
 * bcrypt) must not be charged to the next case or the open loop.
 */
async function settle(pid) {
  const deadline = performance.now() + 30_000;
  let last = processCpuMs(pid);
  while (last !== null && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = processCpuMs(pid);
    if (now === null || now - last <= 25) return;
    last = now;
  }
}

async function load(target, concurrency) {
  if (target.pid) await settle(target.pid);
  const cpuBefore = target.pid ? processCpuMs(target.pid) : null;
  const result = await closedLoop(target.url, {
    connections: concurrency,
    seconds: target.seconds ?? seconds,
    init: target.init,
  });
  const cpuAfter = cpuBefore === null ? null : processCpuMs(target.pid);
  // The app's own CPU per answer: what a change to the app saves, even when the machine is busy.
  const cpuPerRequest = cpuAfter === null || result.count === 0 ? NaN : (cpuAfter - cpuBefore) / result.count;
  return { ...result, cpuPerRequest };
}

function hasWrk() {
  return spawnSync("sh", ["-c", "command -v wrk"], { stdio: "ignore" }).status === 0;
}

async function assetBytes(baseUrl, path, headers) {
  const html = await (await fetch(baseUrl + path, { headers })).text();
  const urls = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const imports = [...html.matchAll(/import\s*["']([^"']+\.js)["']/g)].map((m) => m[1]);
  let js = 0;
  let css = 0;
  for (const url of new Set([...urls, ...imports])) {
    const bytes = gzipSync(Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer())).length;
    if (url.endsWith(".css")) css += bytes;
    else js += bytes;
  }
  return { js, css };
}

const app = await startAppUnderLoad("wt_bench");
const base = app.base;
let floor;
try {
  const { token, cookie } = await apiSignIn(base, ADMIN);
  if (manyTrails) await addTrails(base, token, EXTRA_TRAILS);
  const pages = await pagesToMeasure(base, { token, cookie });
  if (lighthouseOnly) {
    console.log(
      `Walking Trails benchmark — ${new Date().toISOString()} — Lighthouse only, production build, PostgreSQL`,
    );
    printVerdicts(await runLighthouse(base, pages));
  } else {
    floor = await startFrameworkFloor();
    await runLoadAndLighthouse(base, { token, cookie }, pages, floor);
  }
} finally {
  await floor?.stop();
  await app.stop();
}

/**
 * The pages whose weight and Lighthouse figures the bench reports. The public trail and bench pages are
 * the ones a visitor reaches by following links (the landing page's first trail, that trail's first bench),
 * so the bench measures what the app serves today rather than ids written down here; My Walks gets a
 * week of walks first, so it shows its chart and list as a walker sees them.
 */
async function pagesToMeasure(base, { token, cookie }) {
  const signedIn = { Cookie: cookie };
  const firstLink = async (path, pattern) => {
    const html = (await request(`${base}${path}`)).body.toString();
    const found = html.match(pattern)?.[1];
    if (!found) throw new Error(`the bench found no link matching ${pattern} on ${path}`);
    return found;
  };
  const trailPath = await firstLink("/", /href="(\/trails\/[a-z0-9-]+)"/);
  const benchPath = await firstLink(trailPath, /href="(\/benches\/[^"/?#]+)"/);
  await logWalks(base, token);
  return [
    { label: "landing, visitor", path: "/", min: LANDING_LIGHTHOUSE_MIN },
    { label: "trail map, signed in", path: "/trails", headers: signedIn, min: LIGHTHOUSE_MIN },
    { label: "video page, signed in", path: "/bodyWeightExercises", headers: signedIn, min: LIGHTHOUSE_MIN },
    { label: "My Walks, signed in", path: "/userControlPanel/walks", headers: signedIn, min: LIGHTHOUSE_MIN },
    { label: "trail page, visitor", path: trailPath, min: LIGHTHOUSE_MIN },
    { label: "bench page, visitor", path: benchPath, min: LIGHTHOUSE_MIN },
  ];
}

/**
 * `count` trails of four points with a bench each, through the API, in a grid of loops 200 m apart around
 * the sample campus (within the area where points are taken).
 */
async function addTrails(base, token, count) {
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  for (let i = 0; i < count; i++) {
    const [lon, lat] = [-84.012 + (i % 8) * 0.002, 33.972 + Math.floor(i / 8) * 0.002];
    const path = [
      [lon, lat],
      [lon + 0.0008, lat],
      [lon + 0.0008, lat + 0.0008],
      [lon, lat + 0.0008],
    ];
    const trail = await request(`${base}/api/trails`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: `Bench Loop ${i + 1}`, path: { type: "LineString", coordinates: path } }),
    });
    if (trail.status !== 201) throw new Error(`adding a trail answered ${trail.status}: ${trail.body.toString()}`);
    const bench = { bench_number: 900 + i, location: `Loop ${i + 1}`, latitude: lat, longitude: lon + 0.0004 };
    const answer = await request(`${base}/api/bench/bench`, { method: "POST", headers, body: JSON.stringify(bench) });
    if (answer.status !== 201) throw new Error(`adding a bench answered ${answer.status}: ${answer.body.toString()}`);
  }
}

/** A walk a day for the past week, through the API, for the bench's administrator. */
async function logWalks(base, token) {
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const trails = JSON.parse((await request(`${base}/api/trails/trails`, { headers })).body.toString());
  for (let day = 0; day < 7; day++) {
    const date = new Date(Date.now() - day * 86_400_000).toISOString().slice(0, 10);
    const walk = { trailId: trails[day % trails.length]._id, date, durationMinutes: 20 + day * 5, laps: 1 + (day % 3) };
    const answer = await request(`${base}/api/walks`, { method: "POST", headers, body: JSON.stringify(walk) });
    if (answer.status !== 201)
      throw new Error(`logging a walk for My Walks answered ${answer.status}: ${answer.body.toString()}`);
  }
}

/** The load runs, the open loop, the pages' weight and Lighthouse, then every target's PASS/FAIL line. */
async function runLoadAndLighthouse(base, { token, cookie }, pages, floor) {
  const landing = Buffer.from(await (await fetch(`${base}/`)).arrayBuffer());
  // A visitor's page is stored on its second render (decision 062): after these the landing is a hit.
  await fetch(`${base}/`);
  const landingEtag =
    (await fetch(`${base}/`, { headers: { "Accept-Encoding": "identity" } })).headers.get("ETag") ?? "";
  // The first trail's public page, a visitor's like the landing page: stored after its second render.
  const trailPage = `${base}${pages.find((page) => page.label === "trail page, visitor").path}`;
  await fetch(trailPage);
  await fetch(trailPage);
  const barePort = await freePort();
  const bare = http
    .createServer((_, res) => res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(landing))
    .listen(barePort, "127.0.0.1");

  const targets = [
    { name: "bare node http (landing bytes)", url: `http://127.0.0.1:${barePort}/` },
    // The framework's own cost: a Remix page with a loader and a list, no database, session or layout.
    { name: "bare Remix page (framework floor)", url: `${floor.base}/`, pid: floor.pid },
    { name: "GET / (landing)", url: `${base}/`, pid: app.pid },
    // Browsers ask for gzip, which the server's compression middleware then spends CPU on.
    { name: "GET / (landing, gzip)", url: `${base}/`, pid: app.pid, init: { headers: { "Accept-Encoding": "gzip" } } },
    // A browser or CDN that holds the page asks whether it changed.
    {
      name: "GET / (304 revalidation)",
      url: `${base}/`,
      pid: app.pid,
      init: { headers: { "If-None-Match": landingEtag } },
    },
    { name: "GET /trails/{first} (visitor)", url: trailPage, pid: app.pid },
    { name: "GET /trails", url: `${base}/trails`, pid: app.pid, init: { headers: { Cookie: cookie } } },
    {
      name: "GET /bodyWeightExercises",
      url: `${base}/bodyWeightExercises`,
      pid: app.pid,
      init: { headers: { Cookie: cookie } },
    },
    {
      name: "GET /api/trails/trails",
      url: `${base}/api/trails/trails`,
      pid: app.pid,
      init: { headers: { Authorization: `Bearer ${token}` } },
    },
    {
      name: "POST /api/user/signin",
      pid: app.pid,
      // bcrypt takes most of a second per sign-in under load: in one second none would finish.
      seconds: Math.max(seconds, 3),
      url: `${base}/api/user/signin`,
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(ADMIN),
      },
    },
  ];
  console.log(
    `Walking Trails benchmark — ${new Date().toISOString()} — ${seconds}s per case, production build, PostgreSQL${manyTrails ? `, ${EXTRA_TRAILS} more trails with a bench each` : ""}`,
  );
  console.log(`load generator: ${loadGeneratorName} (wrk is ${hasWrk() ? "installed but not used" : "not installed"})`);
  const ceiling = {};
  const results = new Map(); // `${concurrency} ${target name}` → result
  for (const concurrency of levels) {
    console.log(`\nconcurrency ${concurrency}`);
    console.log(
      "target".padEnd(34),
      "req/s".padStart(9),
      "p50 ms".padStart(8),
      "p99 ms".padStart(8),
      "errors".padStart(7),
      "vs bare".padStart(8),
      "app CPU ms/req".padStart(15),
    );
    for (const target of targets) {
      const r = await load(target, concurrency);
      results.set(`${concurrency} ${target.name}`, r);
      if (!ceiling[concurrency]) ceiling[concurrency] = r.rps;
      console.log(
        target.name.padEnd(34),
        r.rps.toFixed(0).padStart(9),
        r.p50.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
        String(r.errors).padStart(7),
        `${((r.rps / ceiling[concurrency]) * 100).toFixed(1)}%`.padStart(8),
        (Number.isNaN(r.cpuPerRequest) ? "" : r.cpuPerRequest.toFixed(2)).padStart(15),
      );
      for (const [kind, count] of r.errorKinds) console.log(`${"".padEnd(34)}   ${count} × ${kind}`);
    }
  }
  await settle(app.pid);
  const openLoop = await runOpenLoop(base, { token, cookie });

  console.log("\ngzip bytes loaded per page (JS / CSS)");
  const pathWidth = Math.max(...pages.map((page) => page.path.length)) + 1;
  for (const { path, headers } of pages) {
    const measured = await assetBytes(base, path, headers).catch((error) => error);
    if (measured instanceof Error) {
      console.log(`${path.padEnd(pathWidth)} not measured: ${measured.cause?.code ?? measured.message}`);
      continue;
    }
    const { js, css } = measured;
    console.log(
      `${path.padEnd(pathWidth)} JS ${(js / 1024).toFixed(1)} KB   CSS ${(css / 1024).toFixed(1)} KB${path === "/trails" ? "   (a first load; React, the router and OpenLayers come when the interactive map is asked for)" : ""}`,
    );
  }
  bare.close();
  const lighthouseVerdicts = await runLighthouse(base, pages);
  printVerdicts([...costVerdicts(results, openLoop), ...lighthouseVerdicts]);
}

/**
 * Lighthouse on each page (the landing page alone with --short, which `npm test` runs): a table of the
 * median runs and the audits they flag, and a [pass, line] verdict per page measured.
 */
async function runLighthouse(base, pages) {
  const measured = short ? pages.slice(0, 1) : pages;
  const runs = lighthouseRuns;
  const median = `median of ${runs} run${runs === 1 ? "" : "s"}`;
  console.log(`\nLighthouse (mobile preset, ${median})`);
  const started = performance.now();
  const labelWidth = Math.max(...measured.map((page) => page.label.length)) + 1;
  const verdict = (page, pass, figure) => [
    pass,
    `Lighthouse ≥ ${page.min.toFixed(2)} on ${page.path} (${page.label}): ${figure}`,
  ];
  const verdicts = [];
  try {
    const results = await lighthouseMedians(base, measured, runs);
    console.log(
      "page".padEnd(labelWidth),
      "score".padStart(6),
      "LCP ms".padStart(8),
      "FCP ms".padStart(8),
      "CLS".padStart(7),
      "TBT ms".padStart(8),
      "  path",
    );
    for (const [i, r] of results.entries()) {
      const page = measured[i];
      if (r.score === undefined) {
        console.log(
          `${page.label.padEnd(labelWidth)} Lighthouse failed (${r.failedRuns} attempts) on ${r.path}: ${r.error}`,
        );
        verdicts.push(verdict(page, false, "no score"));
        continue;
      }
      const row = [
        page.label.padEnd(labelWidth),
        r.score.toFixed(2).padStart(6),
        r.lcp.toFixed(0).padStart(8),
        r.fcp.toFixed(0).padStart(8),
        r.cls.toFixed(3).padStart(7),
        r.tbt.toFixed(0).padStart(8),
        `  ${r.path}`,
      ];
      if (r.runs < runs) row.push(`  (only ${r.runs} of ${runs} runs succeeded)`);
      console.log(...row);
      const indent = "".padEnd(labelWidth);
      if (r.failedRuns) console.log(`${indent} ${r.failedRuns} failed run(s) retried, last: ${r.error}`);
      if (r.failing.length)
        console.log(`${indent} flagged: ${r.failing.map((a) => `${a.id} (${a.displayValue || "failed"})`).join(", ")}`);
      // Lighthouse rounds a category's score to two decimals.
      verdicts.push(
        verdict(
          page,
          r.score >= page.min - 1e-9,
          `${r.score.toFixed(2)}, ${median}${r.runs < runs ? ` (${r.runs} succeeded)` : ""}`,
        ),
      );
    }
  } catch (error) {
    // Chromium missing or refusing to start must not cost the figures printed above.
    console.log(`Lighthouse could not run: ${error.message}`);
    for (const page of measured) verdicts.push(verdict(page, false, "Lighthouse could not run"));
  }
  console.log(`Lighthouse took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return verdicts;
}

/**
 * A mixed load offered at a constant rate: a request leaves every 1/rate seconds whether or not earlier
 * ones have answered (a closed loop would slow its own offer down when the server does, and hide queueing).
 * Visitors' pages, signed-in pages, API reads and a few writes, in fixed proportions.
 */
async function runOpenLoop(base, { token, cookie }) {
  const bearer = { Authorization: `Bearer ${token}` };
  const videos = JSON.parse((await request(`${base}/api/video/videos`, { headers: bearer })).body.toString());
  let n = 0;
  const mix = [
    [25, () => ({ url: `${base}/` })],
    [10, () => ({ url: `${base}/about` })],
    [15, () => ({ url: `${base}/trails`, init: { headers: { Cookie: cookie } } })],
    [15, () => ({ url: `${base}/bodyWeightExercises`, init: { headers: { Cookie: cookie } } })],
    [15, () => ({ url: `${base}/api/trails/trails`, init: { headers: bearer } })],
    [10, () => ({ url: `${base}/api/bench/benches`, init: { headers: bearer } })],
    [
      5,
      () => ({
        url: `${base}/api/feedback/submit`,
        init: {
          method: "POST",
          headers: { ...bearer, "Content-Type": "application/json" },
          body: JSON.stringify({ username: "bench", email: ADMIN.email, feedback: `open loop feedback #${n}` }),
        },
      }),
    ],
    [
      5,
      () => ({
        url: `${base}/videos/${videos[n % videos.length]._id}`,
        init: {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: ["like", "dislike", "clear"][n % 3] }).toString(),
        },
      }),
    ],
  ];
  const weights = mix.reduce((sum, [weight]) => sum + weight, 0);
  const pick = (i) => {
    // A fixed, well-spread sequence: the same mix every run.
    let slot = (i * 37) % weights;
    for (const [weight, make] of mix) {
      if (slot < weight) return make();
      slot -= weight;
    }
    throw new Error("unreachable");
  };
  const total = openLoopRate * openLoopSeconds;
  const latencies = [];
  const errorKinds = new Map();
  const inFlight = [];
  let lateStarts = 0;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / openLoopRate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    else if (wait < -5) lateStarts++;
    n = i;
    const { url, init } = pick(i);
    inFlight.push(
      request(url, init).then((result) => {
        latencies.push(result.ms);
        if (result.status === 0 || result.status >= 400) {
          const what = `${init?.method ?? "GET"} ${new URL(url).pathname.replace(/[a-f0-9]{24}/g, ":id")}`;
          const kind = `${result.status === 0 ? `no answer (${result.error})` : `HTTP ${result.status}`} on ${what}`;
          errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
        }
      }),
    );
  }
  const offeredSeconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  const allSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const errors = [...errorKinds.values()].reduce((sum, count) => sum + count, 0);
  const result = {
    offered: total / offeredSeconds,
    achieved: latencies.length / allSeconds,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    errors,
    lateStarts,
  };
  console.log(
    `\nopen loop: ${total} requests offered at ${openLoopRate} req/s for ${openLoopSeconds} s (mixed: visitors, signed-in pages, API reads, 10% writes)`,
  );
  console.log(
    `offered ${result.offered.toFixed(1)} req/s, achieved ${result.achieved.toFixed(1)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms, errors ${errors}` +
      (lateStarts ? ` (${lateStarts} sent more than 5 ms late: the load generator itself was short of CPU)` : ""),
  );
  for (const [kind, count] of errorKinds) console.log(`   ${count} × ${kind}`);
  return result;
}

/** Each page's cost per request against the floor, and a [pass, line] verdict per target of the load runs. */
function costVerdicts(results, openLoop) {
  const top = levels[levels.length - 1];
  const floorResult = results.get(`${top} bare Remix page (framework floor)`);
  console.log(
    `\ncost per request against the framework floor (concurrency ${top}; floor ${floorResult.rps.toFixed(0)} req/s, ${floorResult.cpuPerRequest.toFixed(2)} CPU ms/req)`,
  );
  console.log(
    "page".padEnd(34),
    "req/s".padStart(7),
    "cost (floor req/s ÷ page req/s)".padStart(33),
    "CPU ms/req ÷ floor's".padStart(22),
  );
  const verdicts = [];
  for (const target of costTargets) {
    const page = results.get(`${top} ${target.name}`);
    // A page none of whose answers arrived within the case costs more than anything measured.
    const cost = page.count > 0 ? floorResult.rps / page.rps : Number.POSITIVE_INFINITY;
    const cpuCost = page.cpuPerRequest / floorResult.cpuPerRequest;
    console.log(
      target.name.padEnd(34),
      page.rps.toFixed(0).padStart(7),
      `${cost.toFixed(2)}×`.padStart(33),
      `${cpuCost.toFixed(2)}×`.padStart(22),
    );
    // A 304 target that got full pages (the ETag was wrong) measured something else: it cannot pass.
    const notModified = page.statuses?.["304"] ?? 0;
    const wrongAnswers =
      target.name.includes("304") && notModified !== page.count
        ? ` (only ${notModified} of ${page.count} answers were 304)`
        : "";
    const figure = page.count > 0 ? `${cost.toFixed(2)}×` : "no answer within the case";
    verdicts.push([
      cost <= target.max && !wrongAnswers,
      `${target.label} ≤ ${target.max.toFixed(1)}× the floor: ${figure}${wrongAnswers}`,
    ]);
  }
  const errors = [...results.values()].reduce((sum, r) => sum + r.errors, 0);
  const signInErrors = [...results]
    .filter(([key]) => key.endsWith("POST /api/user/signin"))
    .reduce((sum, [, r]) => sum + r.errors, 0);
  verdicts.push([
    errors === 0,
    `zero errors in the closed-loop runs: ${errors}${signInErrors ? ` (${signInErrors} on sign-in)` : ""}`,
  ]);
  verdicts.push([
    openLoop.p99 < OPEN_LOOP_P99_MS && openLoop.errors === 0,
    `open loop at ${openLoopRate} req/s: p99 < ${OPEN_LOOP_P99_MS} ms and no errors: p99 ${openLoop.p99.toFixed(1)} ms, ${openLoop.errors} errors, achieved ${openLoop.achieved.toFixed(1)} req/s`,
  ]);
  return verdicts;
}

function printVerdicts(verdicts) {
  console.log("\ntargets");
  for (const [pass, line] of verdicts) console.log(`${pass ? "PASS" : "FAIL"}  ${line}`);
}
