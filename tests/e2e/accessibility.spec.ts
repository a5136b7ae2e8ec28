import type { Locator, Page } from "@playwright/test";
import { axeOn, axePage, expectNoFrames } from "./support/axe";
import { appUrl, admin, adminSession, expect, signUpSession, test } from "./support/fixtures";
import { hasInteractiveMap, PHONE_WIDTHS, sidewaysAt, smallTargets } from "./support/phone-layout";
import { gpxFile, seededPath, uploadPathFile } from "./support/trail-path";
import { benchNumberFor } from "./support/bench-numbers";

/**
 * A page, the status it answers with, optionally something to do first (open a dialog, show form
 * errors), and the widths to check it at: a laptop and a phone, unless the state exists at one only.
 * Every page and state is swept once, with JavaScript. `noJs`: the server's HTML of that state differs
 * from what the page shows once its scripts have run (a password field's Show button, a modal dialog
 * against the confirmation in the page's flow, OpenLayers against the drawn map), so it is swept a second
 * time as that HTML alone (tagged @no-js, playwright.config.ts). Any other page's server HTML is the
 * document the browser with JavaScript renders: a second sweep would check the same markup again.
 * `scriptless`: the page (in that state) ships no script and no <noscript> at all, which the sweep asserts.
 */
type PageCheck = {
  path: string;
  status?: number;
  state?: string;
  act?: (page: Page, javaScriptEnabled: boolean) => Promise<void>;
  widths?: number[];
  noJs?: true;
  scriptless?: true;
};

/**
 * Every page and state is checked at each width, at either side of the large breakpoint (992 px), where
 * the header becomes the phone menu and the areas' tables become cards: a layout can break only on a phone (a table that
 * scrolls in its box at 390 px fits at 1280, and the box must then take keyboard focus). At the phone's
 * width the same load is also held to the phone's own rules: every control at least 24 × 24 px, and no
 * sideways scrolling down to 320 px (`support/phone-layout.ts`).
 */
const WIDTHS = [1280, 390];
const viewportAt = (width: number) => ({ width, height: width < 992 ? 844 : 720 });

const visitorPages: PageCheck[] = [
  { path: "/", scriptless: true },
  { path: "/about", scriptless: true },
  { path: "/privacy", scriptless: true },
  // A trail's and a bench's public page ship no script while no notice is due (decision 064).
  { path: "/trails/gold", scriptless: true },
  { path: "/trails/gray", scriptless: true },
  { path: "/trails/green", scriptless: true },
  {
    path: "/trails/gold",
    state: "on a bench's page",
    scriptless: true,
    act: async (page) => {
      await page
        .getByRole("list")
        .filter({ hasText: "to the finish" })
        .getByRole("link", { name: "Bench 3", exact: true })
        .click();
      await expect(page.getByText(/You are at Bench \d+ of \d+ on the Gold Trail/)).toBeVisible();
    },
  },
  // Their password fields get a Show button once scripts run.
  { path: "/authorization?formType=signin", noJs: true },
  { path: "/authorization?formType=signup", noJs: true },
  { path: "/authorization?formType=reset" },
  { path: "/send-reset-link" },
  { path: `/reset/${"f".repeat(64)}` },
  // A sign-in link that is no longer valid; the valid link's page is swept in sign-in-link.spec.ts.
  { path: `/signin-link/${"f".repeat(43)}` },
  // An email confirmation link that is no longer valid; the valid one's page is swept in profile.spec.ts.
  { path: `/confirm-email/${"f".repeat(43)}` },
  { path: "/no-such-page-for-axe", status: 404, scriptless: true },
  { path: "/", state: "with the phone menu open", widths: [390], scriptless: true, act: openPhoneMenu },
  // Notices: a bench's page with a closure and a caution at its top. The bench is one of
  // the check's own, far from every trail, so no other spec's page shows them.
  {
    path: "/about",
    state: "then a bench's page with a closure and a caution",
    act: async (page) => {
      const { benchId } = await noticedBench(page);
      await page.goto(`/benches/${benchId}`);
      await expect(page.getByRole("region", { name: "Notices" }).getByRole("listitem")).toHaveCount(2);
    },
  },
  // A dialog's long text scrolls inside it. Without JavaScript the link opens the privacy page instead,
  // which is swept above.
  {
    path: "/authorization?formType=signup",
    state: "with the privacy policy open",
    act: async (page) => {
      await page.getByRole("link", { name: "User Privacy Agreement" }).click();
      await expect(page.getByRole("heading", { name: "Privacy Policy", exact: true })).toBeVisible();
    },
  },
  // The error state of a form: messages, aria-invalid and aria-describedby must hold up too.
  {
    path: "/authorization?formType=signup",
    state: "with form errors",
    noJs: true,
    act: async (page) => {
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
];

const videoPages = [
  "/bodyWeightExercises",
  "/strechesForWalking",
  "/properWalkingTechniques",
  "/nutritionandHydration",
  "/injuryPrevention",
];

const userPages: PageCheck[] = [
  { path: "/userHome" },
  // The profile form's password fields, as above.
  { path: "/userControlPanel", noJs: true },
  { path: "/trails" },
  { path: "/trails?trail=gold&benches=1" },
  // The interactive map, once asked for (decision 067): OpenLayers with JavaScript, the same page without.
  { path: "/trails?trail=gold&benches=1&map=interactive", noJs: true },
  // A bench's details: the map's popup with JavaScript; without it, a group marker's list of benches.
  {
    path: "/trails?trail=gold&benches=1&map=interactive",
    state: "with a bench's details open",
    act: openBenchDetails,
    noJs: true,
  },
  // My Walks ships no script (decision 064), its refused form neither. Its table, with a long walk in it,
  // is the widest list a person has.
  { path: "/userControlPanel/walks", state: "with walks in the log", scriptless: true, act: withWalksLogged },
  // Report a problem: the form on a trail's and a bench's page, its errors, and My reports.
  {
    path: "/trails/gold",
    state: "signed in, with the report form's errors",
    scriptless: true,
    act: async (page) => {
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(
        page.getByRole("region", { name: "Report a problem" }).locator('[aria-invalid="true"]').first(),
      ).toBeVisible();
    },
  },
  {
    path: "/trails/gold",
    state: "signed in, on a bench's page after sending a report",
    scriptless: true,
    act: async (page) => {
      await page
        .getByRole("list")
        .filter({ hasText: "to the finish" })
        .getByRole("link", { name: "Bench 3", exact: true })
        .click();
      // The trail's page has a form too: wait until the bench's page is the one showing.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bench 3");
      const section = page.getByRole("region", { name: "Report a problem" });
      await section.getByLabel("What kind of problem?").selectOption({ label: "Litter" });
      await section.getByLabel(/^Description/).fill("Cans under the seat");
      await section.getByRole("button", { name: "Send report" }).click();
      await expect(section.getByRole("status").filter({ hasText: "Your report was sent" })).toBeVisible();
    },
  },
  { path: "/userControlPanel/reports" },
  { path: "/userControlPanel/reports", state: "with an answered report", act: withAnsweredReport },
  {
    path: "/userControlPanel/walks",
    state: "with form errors",
    scriptless: true,
    act: async (page) => {
      await page.getByLabel("Date").fill("2999-01-01");
      await page.getByRole("button", { name: "Save walk" }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  // The video pages ship no script (decision 060).
  ...videoPages.map((path) => ({ path, scriptless: true as const })),
  // After a reaction the page lands on the card, which says what the person chose (no JavaScript there).
  {
    path: "/nutritionandHydration",
    state: "after liking a video",
    scriptless: true,
    act: async (page) => {
      const card = page.getByRole("article").last();
      await card.getByRole("button", { name: /^Like \d+$/ }).click();
      await expect(card.getByText("You liked this video.", { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/#video-[a-f0-9]{24}$/);
    },
  },
  { path: "/adminHome", status: 403 },
  // Open disclosures show markup the closed state hides: a desktop dropdown, then the mobile menu.
  {
    path: "/userHome",
    state: "with a dropdown open",
    widths: [1280],
    act: async (page) => {
      await page.getByRole("navigation", { name: "Main" }).locator("summary").first().click();
      await expect(page.getByRole("navigation", { name: "Main" }).locator("details[open] a").first()).toBeVisible();
    },
  },
  { path: "/userHome", state: "with the phone menu open", widths: [390], act: openPhoneMenu },
];

const adminPages: PageCheck[] = [
  { path: "/adminHome" },
  ...["profiles", "videos", "feedback", "reports", "notices", "bench"].map((option) => ({
    path: `/adminControlPanel?option=${option}`,
  })),
  // A plain form: the same with scripts off.
  { path: "/adminControlPanel?option=campus", noJs: true },
  // The trail's map: OpenLayers once scripts run, the drawn map without.
  { path: "/adminControlPanel?option=trail", noJs: true },
  {
    path: "/adminControlPanel?option=notices",
    state: "with notices listed, one being edited, and the new notice form's errors",
    // The errors: the browser's check with JavaScript, the server's answer without.
    noJs: true,
    act: async (page) => {
      const { noticeId } = await noticedBench(page);
      await page.goto(`/adminControlPanel?option=notices&edit=${noticeId}#edit-notice`);
      await page.getByRole("form", { name: "Post a notice" }).getByRole("button", { name: "Post notice" }).click();
      await expect(
        page.getByRole("form", { name: "Post a notice" }).locator('[aria-invalid="true"]').first(),
      ).toBeVisible();
    },
  },
  {
    path: "/adminControlPanel?option=reports",
    state: "with a report, filtered",
    act: async (page) => {
      await reportAsNewUser(page);
      const filters = page.getByRole("search", { name: "Filter reports" });
      await filters.getByLabel("Status").selectOption({ label: "Open" });
      await filters.getByRole("button", { name: "Filter" }).click();
      await expect(page.locator("li[data-report-id]").first()).toBeVisible();
    },
  },
  { path: "/adminAnalytics" },
  { path: "/adminControlPanel/qr-codes" },
  {
    path: "/adminControlPanel?option=bench",
    state: "with a bench's facts open",
    act: async (page) => {
      await page.getByRole("combobox", { name: "Bench", exact: true }).selectOption({ index: 1 });
      await page.getByRole("button", { name: "Show bench" }).click();
      await expect(page.getByRole("form", { name: "Facts shown on the bench's page" })).toBeVisible();
    },
  },
  // The long areas a page at a time: a later page, and the trail's facts unfolded.
  {
    path: "/adminControlPanel?option=videos",
    state: "on a later page",
    act: async (page) => {
      await page
        .getByRole("navigation", { name: "Pages of videos" })
        .getByRole("link", { name: "Older videos" })
        .click();
      await expect(page.getByRole("link", { name: "Newest videos" })).toBeVisible();
    },
  },
  {
    path: "/adminControlPanel?option=trail",
    state: "on a later page of coordinates, with the facts open",
    act: async (page) => {
      await page
        .getByRole("navigation", { name: "Pages of coordinates" })
        .getByRole("link", { name: "Points 11–20" })
        .click();
      await page.locator("summary", { hasText: "Facts shown on the trail's page" }).click();
      await expect(page.getByRole("form", { name: "Facts shown on the trail's page" })).toBeVisible();
      await expect(page.getByLabel("Latitude of coordinate #11", { exact: true })).toBeVisible();
    },
  },
  // Replacing a trail's path from a file: the preview (both paths, the figures, the benches left behind)
  // and a refused upload, on the upload route's page. Neither changes the trail.
  {
    path: "/adminControlPanel?option=trail",
    state: "previewing a path uploaded from a file",
    act: async (page) => {
      await uploadPathFile(
        page,
        gpxFile("resurveyed.gpx", [...seededPath("Gold Trail").slice(0, 6), [-84.0055, 33.9812]]),
      );
      await expect(page.getByRole("heading", { level: 2, name: /^Benches more than 30 m/ })).toBeVisible();
      await expect(
        page
          .getByRole("listitem")
          .filter({ hasText: /m from the new path/ })
          .first(),
      ).toBeVisible();
    },
  },
  {
    path: "/adminControlPanel?option=trail",
    state: "with an upload refused",
    act: async (page) => {
      await uploadPathFile(page, {
        name: "notes.gpx",
        mimeType: "application/gpx+xml",
        buffer: Buffer.from("not a track"),
      });
      await expect(page.getByRole("group", { name: "There is a problem" })).toBeVisible();
    },
  },
  // A confirmation: a modal dialog with JS, a server-rendered confirm step without. Nothing is confirmed.
  {
    path: "/adminControlPanel?option=trail",
    state: "confirming a deletion",
    noJs: true,
    act: async (page) => {
      await page.getByRole("button", { name: "Show trail" }).click();
      await page.getByRole("link", { name: "Delete coordinate #2", exact: true }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
  // A trail's deletion asks first too; nothing is confirmed.
  {
    path: "/adminControlPanel?option=trail",
    state: "confirming a trail's deletion",
    noJs: true,
    act: async (page) => {
      await page.getByRole("link", { name: /^Delete the .* Trail$/ }).click();
      await expect(page.getByRole("dialog", { name: "Delete trail" })).toBeVisible();
    },
  },
  // Add a trail, sent with no path: its errors (the browser's check with scripts, the upload route's page
  // without). Nothing is added.
  {
    path: "/adminControlPanel?option=trail",
    state: "with Add a trail refused",
    noJs: true,
    act: async (page) => {
      await page.locator("summary", { hasText: "Add a trail" }).click();
      const adding = page.getByRole("region", { name: "Add a trail" });
      await adding.getByLabel("Name").fill("Nameless Path");
      await adding.getByRole("button", { name: "Preview the new trail" }).click();
      await expect(page.getByRole("group", { name: "There is a problem" })).toBeVisible();
    },
  },
];

/**
 * API calls in a browser context of their own: signing in or up through the API sets the session cookie
 * of the context it is called from, which would sign the page under test in as someone else.
 */
async function onTheSide<T>(
  page: Page,
  run: (request: import("@playwright/test").APIRequestContext, origin: string) => Promise<T>,
) {
  const origin = appUrl();
  const context = await page.context().browser()!.newContext({ baseURL: origin });
  try {
    return await run(context.request, origin);
  } finally {
    await context.close();
  }
}

/**
 * A bench of the check's own, far from every trail, with a closure (no end) and a caution (ending
 * tomorrow) posted by the seeded admin through the API.
 */
async function noticedBench(page: Page) {
  return onTheSide(page, async (request, origin) => {
    const signin = await request.post("/api/user/signin", {
      headers: { Origin: origin },
      data: { email: admin.email, password: admin.password },
    });
    const headers = { Authorization: `Bearer ${((await signin.json()) as { token: string }).token}`, Origin: origin };
    const bench = await request.post("/api/bench/bench", {
      headers,
      data: {
        bench_number: String(
          benchNumberFor("accessibility: noticed bench", !test.info().project.name.startsWith("no-js")),
        ),
        location: "Axe check field",
        latitude: "33.962",
        longitude: "-84.028",
      },
    });
    expect(bench.status()).toBe(201);
    const { _id: benchId } = (await bench.json()) as { _id: string };
    let noticeId = "";
    for (const notice of [
      { kind: "closed", message: "Closed while the seat is replaced." },
      {
        kind: "caution",
        message: "Wet paint on the armrests.",
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    ]) {
      const posted = await request.post("/api/notices", { headers, data: { benchId, ...notice } });
      expect(posted.status()).toBe(201);
      noticeId = ((await posted.json()) as { _id: string })._id;
    }
    return { benchId, noticeId };
  });
}

/** A report from a new account through the API, then the page again: the area has a card to show. */
async function reportAsNewUser(page: Page) {
  await onTheSide(page, async (request, origin) => {
    const name = `axereporter${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const signup = await request.post("/api/user/signup", {
      headers: { Origin: origin },
      data: { username: name, email: `${name}@example.test`, password: `pw-${name}`, confirmPassword: `pw-${name}` },
    });
    const { token } = (await signup.json()) as { token: string };
    const sent = await request.post("/api/reports", {
      headers: { Authorization: `Bearer ${token}`, Origin: origin },
      data: { trailId: "673e9addbf9ebe061ef810bf", category: "ice_snow", description: "Ice on the north slope" },
    });
    expect(sent.status()).toBe(201);
  });
  await page.reload();
}

/** The signed-in walker's report, put in progress by the seeded admin with a note; then My reports again. */
async function withAnsweredReport(page: Page) {
  const origin = appUrl();
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  const sent = await page.request.post("/api/reports", {
    headers: { "X-XSRF-TOKEN": xsrf, Origin: origin },
    data: { trailId: "673e9addbf9ebe061ef810bf", category: "lighting_out", description: "The lamp by the pond is out" },
  });
  expect(sent.status()).toBe(201);
  const { _id } = (await sent.json()) as { _id: string };
  await onTheSide(page, async (request) => {
    const signin = await request.post("/api/user/signin", {
      headers: { Origin: origin },
      data: { email: admin.email, password: admin.password },
    });
    const { token } = (await signin.json()) as { token: string };
    const answered = await request.patch(`/api/reports/${_id}`, {
      headers: { Authorization: `Bearer ${token}`, Origin: origin },
      data: { status: "in_progress", note: "A new bulb is ordered." },
    });
    expect(answered.status()).toBe(200);
    await request.post("/api/user/logout", { headers: { Authorization: `Bearer ${token}`, Origin: origin } });
  });
  await page.reload();
  await expect(page.getByText("A new bulb is ordered.")).toBeVisible();
}

async function openPhoneMenu(page: Page) {
  await page.locator("summary", { hasText: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
}

/** Two walks in the signed-in walker's log, a short one and a long one, through the API; then the page again. */
async function withWalksLogged(page: Page) {
  const trails = (await (await page.request.get("/api/trails/trails")).json()) as { _id: string }[];
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  for (const distanceMiles of [1.25, 12.5]) {
    const logged = await page.request.post("/api/walks", {
      headers: { "X-XSRF-TOKEN": xsrf, Origin: appUrl() },
      data: { trailId: trails[0]._id, date: "2026-11-20", durationMinutes: 135, distanceMiles },
    });
    expect(logged.status()).toBe(201);
  }
  await page.reload();
  await expect(page.getByRole("main").getByText("13.75 mi").first()).toBeVisible();
}

/** Opens a bench's details on the map of a trail with its benches shown. */
async function openBenchDetails(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) {
    await page.locator('[data-map="svg"] [data-bench-group] summary').first().click();
    await expect(page.locator('[data-map="svg"] details[open] a').first()).toBeVisible();
    return;
  }
  const map = page.locator('[data-map="openlayers"]');
  await expect(map).toHaveAttribute("data-rendered", "true");
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  // The map reports its markers in pixels inside its 1 px border (as tests/e2e/trails.spec.ts reads them).
  const frame = await map.evaluate((element) => ({
    width: element.clientWidth,
    height: element.clientHeight,
    markers: JSON.parse(element.dataset.markers ?? "[]") as { x: number; y: number; benches: number[] }[],
  }));
  const marker = frame.markers.find(
    ({ x, y, benches }) => benches.length === 1 && x > 30 && y > 30 && x < frame.width - 30 && y < frame.height - 30,
  )!;
  await page.mouse.click(box.x + 1 + marker.x, box.y + 1 + marker.y);
  await expect(page.getByRole("dialog", { name: `Bench ${marker.benches[0]}` })).toBeVisible();
}

/**
 * Loads a page at the first width, brings it to its state and lets client-only islands settle, then runs
 * axe at each width in turn (resizing the window as a person would turn a tablet), and at the phone's
 * width its tap targets and then its width down to 320 px; returns readable violations.
 */
async function violationsOn(
  page: Page,
  { path, status = 200, act, widths = WIDTHS, scriptless }: PageCheck,
  javaScriptEnabled: boolean,
) {
  await page.setViewportSize(viewportAt(widths[0]));
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  await expect(page.getByRole("main")).toBeVisible();
  // The map page (once asked) and the admin's Trail area mount OpenLayers after hydration; the public
  // trail pages (/trails/{slug}) are server-drawn. Check the page as the person ends up seeing it.
  if (javaScriptEnabled && hasInteractiveMap(path)) {
    await expect(page.locator(".ol-viewport canvas").first()).toBeVisible();
    await expect(page.locator(".ol-zoom-in").first()).toBeVisible();
  }
  if (act) await act(page, javaScriptEnabled);
  if (scriptless) {
    // What the no-JS twin removes or unwraps (support/axe.ts): with none of it, the twin is this page.
    const scripts = await page.locator("script, noscript, link[rel='modulepreload']").count();
    expect(
      scripts,
      `${path} ships no script, its check says; it has ${scripts} now: drop its "scriptless", and see "noJs"`,
    ).toBe(0);
  }
  const violations = [];
  for (const width of widths) {
    await page.setViewportSize(viewportAt(width));
    // A dialog fades in (the dialog-in animation): axe must judge contrast on what the person ends up
    // seeing, not a frame of the fade, where every colour is still blended with the page behind.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
    await expectNoFrames(page);
    const results = await axeOn(page).analyze();
    // Guards against a scan that silently checked nothing (e.g. an empty or blocked document).
    expect(results.passes.length, `axe checked rules on ${path}`).toBeGreaterThan(10);
    violations.push(
      ...results.violations.map((violation) => ({
        page: path,
        width,
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => `${node.target.join(" ")} — ${node.failureSummary ?? ""}`),
      })),
    );
  }
  if (widths.at(-1) === PHONE_WIDTHS[0]) {
    const { small, measured } = await smallTargets(page);
    // Guards against a sweep that silently measured nothing.
    expect(measured, `targets measured on ${path}`).toBeGreaterThan(0);
    if (small.length > 0)
      violations.push({
        page: path,
        width: PHONE_WIDTHS[0],
        rule: "tap-target-24px",
        impact: "serious",
        help: "Controls are at least 24 × 24 px",
        nodes: small,
      });
    for (const width of PHONE_WIDTHS) {
      const tooWide = await sidewaysAt(page, width);
      if (tooWide)
        violations.push({
          page: path,
          width,
          rule: "sideways-scroll",
          impact: "serious",
          help: "The page fits the phone's width",
          nodes: [tooWide],
        });
    }
  }
  return violations;
}

/**
 * The sweep of one page or state: every width, with JavaScript or as the server's HTML alone. `fixture`
 * serves a document of the test's own at `check.path` instead of the app's (the sweep's own test).
 */
async function sweep(page: Page, check: PageCheck, javaScriptEnabled: boolean, fixture?: string) {
  const checked = await axePage(page, javaScriptEnabled);
  try {
    if (fixture !== undefined)
      await checked.page.route(`**${check.path}`, (route) =>
        route.fulfill({ contentType: "text/html", body: fixture }),
      );
    return await violationsOn(checked.page, check, javaScriptEnabled);
  } finally {
    await checked.close();
  }
}

async function expectNoViolations(page: Page, check: PageCheck, javaScriptEnabled: boolean) {
  expect(await sweep(page, check, javaScriptEnabled)).toEqual([]);
}

const title = (check: PageCheck) => `${check.path}${check.state ? ` ${check.state}` : ""}`;
const tags = (check: PageCheck) => ({ tag: check.noJs ? ["@no-js"] : [] });

// One test per page, so a failure names its page and the pages spread over the workers. A scan of a
// large admin page takes seconds of CPU, more when the machine is shared.
test.describe("axe: WCAG 2.2 A/AA and best practices on every page, at a laptop's and a phone's width", () => {
  test.describe.configure({ timeout: 60_000 });

  for (const check of visitorPages) {
    test(`visitor: ${title(check)}`, tags(check), async ({ page, javaScriptEnabled }) => {
      await expectNoViolations(page, check, javaScriptEnabled);
    });
  }

  for (const check of userPages) {
    test(`user: ${title(check)}`, tags(check), async ({ page, javaScriptEnabled }) => {
      await signUpSession(page);
      await expectNoViolations(page, check, javaScriptEnabled);
    });
  }

  test("user: a video's watch page", async ({ page, javaScriptEnabled }) => {
    await signUpSession(page);
    await page.goto(videoPages[0]);
    // A card's anchor is its video's id.
    const anchor = await page.getByRole("article").first().getAttribute("id");
    expect(anchor).toMatch(/^video-[0-9a-f]{24}$/);
    await expectNoViolations(
      page,
      { path: `/videos/${anchor!.replace("video-", "")}`, scriptless: true },
      javaScriptEnabled,
    );
  });

  for (const check of adminPages) {
    test(`admin: ${title(check)}`, tags(check), async ({ page, javaScriptEnabled }) => {
      await adminSession(page);
      await expectNoViolations(page, check, javaScriptEnabled);
    });
  }
});

/**
 * A page with one of each fault the sweep must catch: a link whose name leaves out the words it shows
 * (label-content-name-mismatch, an axe rule marked experimental), a heading that skips a level
 * (heading-order: a best practice, of moderate impact), a box that scrolls, at a phone's width only,
 * with nothing in it to focus (scrollable-region-focusable), that link as a target under 24 px tall
 * outside a sentence, and a box wider than the narrowest phone.
 */
const SWEEP_FIXTURE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Faults the axe sweep must report</title>
  </head>
  <body>
    <main>
      <h1>Faults the axe sweep must report</h1>
      <h3>A heading one level too deep</h3>
      <p><a href="/authorization" aria-label="Sign in to see the videos">Get started</a></p>
      <div style="overflow-x: auto">
        <p style="width: 600px">A line of 600 pixels: it fits a laptop's page and scrolls in its box on a phone.</p>
      </div>
      <p style="width: 340px; margin: 0">A box of 340 pixels, which the narrowest phone must scroll sideways to see.</p>
    </main>
  </body>
</html>`;

// In both projects: the sweep without JavaScript (axe on a twin fed the server's HTML) must find them too.
test.describe("the axe sweep itself", { tag: "@no-js" }, () => {
  test("reports a name without its visible words, a skipped heading level, a box only a phone must scroll, a small target and a page too wide", async ({
    page,
    javaScriptEnabled,
  }) => {
    const found = await sweep(page, { path: "/axe-sweep-fixture" }, javaScriptEnabled, SWEEP_FIXTURE);
    expect(found.map(({ rule, width, impact }) => `${rule} at ${width} px (${impact})`).sort()).toEqual([
      "heading-order at 1280 px (moderate)",
      "heading-order at 390 px (moderate)",
      "label-content-name-mismatch at 1280 px (serious)",
      "label-content-name-mismatch at 390 px (serious)",
      "scrollable-region-focusable at 390 px (serious)",
      "sideways-scroll at 320 px (serious)",
      "tap-target-24px at 390 px (serious)",
    ]);
  });
});

/** Presses Tab until `target` has focus (or gives up), like a keyboard user moving through the page. */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let presses = 0; presses < maxPresses; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const focusedIsInside = (container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement) && element !== document.activeElement);

// Without JavaScript the form posts itself and the drawn map's markers are links in the tab order.
test.describe("keyboard only", { tag: "@no-js" }, () => {
  test("sign in, choose a trail and reach its benches", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/authorization?formType=signin");
    await tabTo(page, page.getByLabel("Email", { exact: true }));
    await page.keyboard.type(admin.email);
    await tabTo(page, page.getByLabel("Password", { exact: true }), 5);
    await page.keyboard.type(admin.password);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname !== "/authorization");

    await page.goto("/trails?benches=1");
    await tabTo(page, page.getByRole("navigation", { name: "Trails" }).getByRole("link", { name: /^Gold/ }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("trail") === "gold");
    await expect(page.getByRole("navigation", { name: "Trails" }).getByRole("link", { name: /^Gold/ })).toHaveAttribute(
      "aria-current",
      "true",
    );

    // The bench list is the map's text alternative: its links must be reachable with Tab alone.
    const benchList = page.getByRole("list", { name: "Benches with videos" });
    await expect(benchList).toBeVisible();
    let reached = false;
    for (let presses = 0; presses < 80 && !reached; presses++) {
      await page.keyboard.press("Tab");
      reached = await focusedIsInside(benchList);
    }
    expect(reached, "a link in the bench list gets keyboard focus").toBe(true);
  });

  test("admin edits a bench's location", async ({ page, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    const number = benchNumberFor("accessibility: keyboard", javaScriptEnabled);
    await adminSession(page);
    await page.goto("/adminControlPanel?option=bench");
    const create = page.getByRole("form", { name: "Create a bench" });
    await create.getByLabel("Bench number").fill(String(number));
    await create.getByLabel("Location").fill(`Keyboard bench ${number}`);
    await create.getByLabel("Latitude").fill("33.9812");
    await create.getByLabel("Longitude").fill("-84.0049");
    await create.getByRole("button", { name: "Create Bench" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Bench #${number} created.` })).toBeVisible();

    try {
      const edit = page.getByRole("form", { name: `Edit bench #${number}` });
      const location = edit.getByLabel("Location");
      await tabTo(page, location, 120);
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(`Keyboard bench ${number}, east side`);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: `Bench #${number} updated.` })).toBeVisible();
      await page.reload();
      await expect(edit.getByLabel("Location")).toHaveValue(`Keyboard bench ${number}, east side`);
    } finally {
      // Leave the seeded bench list as other specs expect it.
      await page.goto(`/adminControlPanel?option=bench`);
      const choice = page.getByRole("combobox", { name: "Bench", exact: true });
      await choice.selectOption({
        label: (await choice.locator("option", { hasText: `#${number} ` }).textContent())!.trim(),
      });
      await page.getByRole("button", { name: "Show bench" }).click();
      await page
        .getByRole("form", { name: `Edit bench #${number}` })
        .getByRole("link", { name: "Delete", exact: true })
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: `Bench #${number} deleted.` })).toBeVisible();
    }
  });
});
