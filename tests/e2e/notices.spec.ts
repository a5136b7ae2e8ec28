import type { Browser, Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import {
  admin,
  appUrl,
  EACH_WIDTH_ONCE,
  expect,
  expectAnswerAt,
  expectLandedOn,
  pressWithKeyboard,
  signInAsAdmin,
  test,
  unique,
} from "./support/fixtures";

// Closure and caution notices (docs/features.md): an admin posts a closure, walkers meet it at the top of the trail's pages and on the
// maps, it goes by itself when it ends, and a report becomes a notice in one press. With JavaScript and
// without, on a phone and on a laptop. Runs with the specs that edit the seeded data, on an edits app
// (support/apps.ts): its notices put banners on the Gray and Green trails' pages while it runs, and it ends
// or deletes each one.

const GREEN = "673e9addbf9ebe061ef810c1";
const origin = () => appUrl();

/** A second browser of the same kind (JavaScript on or off, the same width), signed in as no one. */
async function visitorBrowser(browser: Browser, javaScriptEnabled: boolean, width: number) {
  const context = await browser.newContext({ baseURL: origin(), javaScriptEnabled, viewport: { width, height: 844 } });
  return { page: await context.newPage(), close: () => context.close() };
}

/** A bearer token of `who` through the API, as a client would sign in. */
async function tokenOf(page: Page, body: Record<string, string>, path = "/api/user/signin") {
  const answer = await page.request.post(path, { headers: { Origin: origin() }, data: body });
  return ((await answer.json()) as { token: string }).token;
}

test.describe("closure and caution notices", { tag: "@no-js" }, () => {
  for (const { width, tag } of EACH_WIDTH_ONCE) {
    test(
      `at ${width} px: an admin closes the Gray Trail, a visitor meets the closure on its pages and a bench's, and it ends`,
      { tag },
      async ({ page, browser, javaScriptEnabled }) => {
        await page.setViewportSize({ width, height: 844 });
        await signInAsAdmin(page);
        await page.goto("/adminControlPanel?option=notices");
        const form = page.getByRole("form", { name: "Post a notice" });
        const message = `Closed for resurfacing ${unique("")}`;
        // A refusal keeps what was typed.
        await form.getByLabel(/^Message walkers read/).fill(message);
        await form.getByRole("button", { name: "Post notice" }).click();
        await expect(form.getByRole("group", { name: "There is a problem" }).getByRole("link")).toHaveText([
          "Choose the trail or the bench the notice is about.",
          "Choose Closed or Caution.",
        ]);
        await expect(form.getByLabel(/^Message walkers read/)).toHaveValue(message);
        await form.getByLabel("Trail or bench").selectOption({ label: "Gray Trail" });
        await form.getByLabel("Kind").selectOption({ label: "Closed" });
        await form.getByRole("button", { name: "Post notice" }).click();
        const card = page.locator("li[data-notice-id]").filter({ hasText: message });
        await expect(card).toContainText("Showing now");
        // The form is ready for the next notice: each drop-down back on its prompt, none left blank.
        await expect(form.getByLabel("Trail or bench").locator("option:checked")).toHaveText(
          "Choose a trail or a bench",
        );
        await expect(form.getByLabel("Kind").locator("option:checked")).toHaveText("Choose Closed or Caution");
        await expect(form.getByLabel(/^Message walkers read/)).toHaveValue("");
        const id = await card.getAttribute("data-notice-id");
        await expectAnswerAt(page, `notice-${id}`, "Notice posted.", { javaScriptEnabled });
        await expectAccessible(page, javaScriptEnabled);

        const visitor = await visitorBrowser(browser, javaScriptEnabled, width);
        try {
          // The trail's page: the notice first in the content, before the map, under its own heading.
          await visitor.page.goto("/trails/gray");
          const banner = visitor.page.getByRole("region", { name: "Notices" });
          await expect(banner).toContainText("Closed");
          await expect(banner).toContainText(message);
          const order = await visitor.page
            .getByRole("main")
            .evaluate((main) =>
              [...main.querySelectorAll("h1, #notices-heading, [data-map]")].map(
                (element) => element.tagName + (element.id ? `#${element.id}` : ""),
              ),
            );
          expect(order.slice(0, 3)).toEqual(["H1", "H2#notices-heading", "DIV"]);
          await expect(visitor.page.getByRole("img", { name: /Map of the Gray Trail \(closed\)/ })).toBeVisible();
          await expect(visitor.page.locator('[data-map="svg"] g[data-notice="closed"]')).toHaveCount(1);
          await expectAccessible(visitor.page, javaScriptEnabled);
          expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          // A bench on the trail shows the trail's closure too.
          await visitor.page
            .getByRole("main")
            .getByRole("listitem")
            .getByRole("link", { name: /^Bench \d+$/ })
            .first()
            .click();
          await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText(/^Bench \d+$/);
          const onBench = visitor.page
            .getByRole("region", { name: "Notices" })
            .getByRole("listitem")
            .filter({ hasText: message });
          await expect(onBench).toBeVisible();
          // The trail's name leads to its page: a target of 24 px at least (WCAG 2.5.8).
          const link = await onBench.getByRole("link", { name: "Gray Trail" }).boundingBox();
          expect(link!.height).toBeGreaterThanOrEqual(24);
          await expectAccessible(visitor.page, javaScriptEnabled);
        } finally {
          await visitor.close();
        }

        // The signed-in map, the interactive one asked for: the banner, and the chooser names the trail closed.
        await page.goto("/trails?trail=gray&benches=1&map=interactive");
        await expect(page.getByRole("region", { name: "Notices" })).toContainText(message);
        await expect(
          page.getByRole("navigation", { name: "Trails" }).getByRole("link", { name: "Gray Trail (closed)" }),
        ).toBeVisible();
        if (javaScriptEnabled)
          await expect(page.locator('[data-map="openlayers"]')).toHaveAttribute("data-notices", /closed:trail/);
        await expectAccessible(page, javaScriptEnabled);

        // End now: walkers stop seeing it at once.
        await page.goto("/adminControlPanel?option=notices");
        await page.locator(`[id="notice-${id}"]`).getByRole("button", { name: "End now" }).click();
        await expectAnswerAt(page, "notice-results", "Notice ended: walkers no longer see it.", { javaScriptEnabled });
        await page.goto("/trails/gray");
        await expect(page.getByText(message)).toHaveCount(0);
      },
    );
  }

  test("at 390 px: a notice whose end passes is gone without anyone acting", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const token = await tokenOf(page, { email: admin.email, password: admin.password });
    const message = `Caution: geese on the path ${unique("")}`;
    // Long enough to post it and see it on a busy machine; every second more is a second both runs wait.
    const endsAt = Date.now() + 4000;
    const posted = await page.request.post("/api/notices", {
      headers: { Authorization: `Bearer ${token}`, Origin: origin() },
      data: { trailId: GREEN, kind: "caution", message, endsAt: new Date(endsAt).toISOString() },
    });
    expect(posted.status()).toBe(201);
    await page.goto("/trails/green");
    const banner = page.getByRole("region", { name: "Notices" });
    await expect(banner).toContainText("Caution");
    await expect(banner).toContainText(message);
    if (javaScriptEnabled) {
      // The open page reloads its data at the end by itself.
      await expect(page.getByText(message)).toHaveCount(0, { timeout: 15_000 });
    } else {
      // Half a second past its end (not a fixed wait after the page loaded), then the page again.
      await page.waitForTimeout(Math.max(0, endsAt + 500 - Date.now()));
      await page.reload();
      await expect(page.getByText(message)).toHaveCount(0);
    }
  });

  test("a bench's page with a notice due ships its scripts: the stored page allows exactly them by hash, they run, and they go with the notice (decision 064)", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const token = await tokenOf(page, { email: admin.email, password: admin.password });
    const bearer = { Authorization: `Bearer ${token}`, Origin: origin() };
    const benches = (await (await page.request.get("/api/bench/benches", { headers: bearer })).json()) as {
      _id: string;
      bench_number: number;
    }[];
    // Each project its own bench on the Gold Trail alone, which no other notice here touches: the two run side by side.
    const bench = benches.find((candidate) => candidate.bench_number === (javaScriptEnabled ? 1 : 2))!;
    const path = `/benches/${bench._id}`;
    expect(await (await page.request.get(path)).text()).not.toMatch(/<script/);
    // Upcoming: nothing shows yet, but the open page must follow the clock to its start (decision 051).
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const posted = await page.request.post("/api/notices", {
      headers: bearer,
      data: { benchId: bench._id, kind: "caution", message: `Painting the seat ${unique("")}`, startsAt },
    });
    expect(posted.status()).toBe(201);
    const notice = (await posted.json()) as { _id: string };
    // A visitor (the admin's API sign-in left a session in this page's context): the stored page.
    const visitor = await visitorBrowser(browser, javaScriptEnabled, 390);
    const violations: string[] = [];
    visitor.page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    try {
      // The first render marks the page cacheable, the second is stored, the third is served from the store.
      const tags: string[] = [];
      for (let load = 0; load < 3; load++) {
        const response = await visitor.page.goto(path);
        const headers = response!.headers();
        expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
        expect(headers["content-security-policy"]).not.toContain("nonce");
        tags.push(headers["etag"]);
        await expect(
          visitor.page.getByRole("heading", { level: 1, name: `Bench ${bench.bench_number}` }),
        ).toBeVisible();
        if (javaScriptEnabled)
          await expect.poll(() => visitor.page.evaluate(() => "__remixRouter" in window)).toBe(true);
      }
      expect(tags[2]).toBe(tags[1]);
      if (javaScriptEnabled) {
        // Hydrated under the stored page's policy: client navigation works.
        await visitor.page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
        await expect(visitor.page.getByRole("heading", { level: 1, name: "About Walking Trails" })).toBeVisible();
      }
      expect(violations).toEqual([]);
    } finally {
      await visitor.close();
      expect((await page.request.delete(`/api/notices/${notice._id}`, { headers: bearer })).status()).toBe(204);
    }
    expect(await (await page.request.get(path)).text()).not.toMatch(/<script/);
  });

  test("at 390 px: Turn into a notice closes the reported bench in one press, and the notice is deleted after a confirmation", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const name = `noticereporter${unique("").replace(/\W/g, "").slice(-10)}`;
    const reporter = await tokenOf(
      page,
      { username: name, email: `${name}@example.test`, password: `pw-${name}`, confirmPassword: `pw-${name}` },
      "/api/user/signup",
    );
    const benches = (await (
      await page.request.get("/api/bench/benches", { headers: { Authorization: `Bearer ${reporter}` } })
    ).json()) as {
      _id: string;
      bench_number: number;
    }[];
    // Each project its own bench: the two run side by side.
    const number = javaScriptEnabled ? 5 : 4;
    const bench = benches.find((candidate) => candidate.bench_number === number)!;
    const sent = await page.request.post("/api/reports", {
      headers: { Authorization: `Bearer ${reporter}`, Origin: origin() },
      data: { benchId: bench._id, category: "broken_bench", description: "Two slats gone" },
    });
    const report = (await sent.json()) as { _id: string };

    await signInAsAdmin(page);
    await page.goto(`/adminControlPanel?option=reports&id=${report._id}`);
    await page.locator(`[id="report-${report._id}"]`).getByRole("button", { name: "Turn into a notice" }).click();
    const edit = page.getByRole("form", { name: `Edit the notice on Bench ${number}` });
    await expect(edit.getByRole("status")).toContainText("Notice posted from the report");
    await expect(edit.getByLabel("Kind")).toHaveValue("closed");
    await expect(edit.getByLabel(/^Message walkers read/)).toHaveValue(
      "This bench is broken and closed until it is repaired. Please use another bench.",
    );
    await expectAccessible(page, javaScriptEnabled);

    await page.goto(`/benches/${bench._id}`);
    await expect(page.getByRole("region", { name: "Notices" })).toContainText("This bench is broken and closed");
    // The report moved on, and links to its notice.
    await page.goto(`/adminControlPanel?option=reports&id=${report._id}`);
    const reportCard = page.locator(`[id="report-${report._id}"]`);
    await expect(reportCard.getByLabel("Status", { exact: true })).toHaveValue("in_progress");
    await reportCard.getByRole("link", { name: "See its notice" }).click();
    await expect(page.getByRole("form", { name: `Edit the notice on Bench ${number}` })).toBeVisible();

    // Deleted through the one confirmation dialog.
    const card = page
      .locator("li[data-notice-id]")
      .filter({ hasText: "This bench is broken and closed" })
      .filter({ hasText: `Bench ${number}` })
      .first();
    await card.getByRole("link", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete notice" });
    await dialog.getByRole("button", { name: "Yes, delete" }).click();
    await expectAnswerAt(page, "notice-results", "Notice deleted.", { javaScriptEnabled });
    await page.goto(`/benches/${bench._id}`);
    await expect(page.getByText("This bench is broken and closed")).toHaveCount(0);
  });

  // WCAG 2.4.3: Edit far down the list leads to the form at the top of the area; the keyboard goes there
  // too, with JavaScript as without. An upcoming caution on the Green Trail, which no walker's page shows.
  test("at 1280 px: Edit from the keyboard leads into the form; a refused save focuses its summary; Cancel and Close lead back", async ({
    page,
    javaScriptEnabled,
  }) => {
    const token = await tokenOf(page, { email: admin.email, password: admin.password });
    const headers = { Authorization: `Bearer ${token}`, Origin: origin() };
    const posted = await page.request.post("/api/notices", {
      headers,
      data: {
        trailId: GREEN,
        kind: "caution",
        message: `Mowing ${unique("")}`,
        startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    expect(posted.status()).toBe(201);
    const id = ((await posted.json()) as { _id: string })._id;
    try {
      await signInAsAdmin(page);
      await page.goto("/adminControlPanel?option=notices");
      const card = page.locator(`[id="notice-${id}"]`);
      await pressWithKeyboard(page, card.getByRole("link", { name: /^Edit/ }));
      await expectLandedOn(page, "edit-notice", { javaScriptEnabled });
      const edit = page.getByRole("form", { name: "Edit the notice on Green Trail" });
      await page.keyboard.press("Tab");
      await expect(edit.getByLabel("Trail or bench")).toBeFocused();

      // The page's own focus rule still wins: a save the server refuses (someone changed the notice
      // meanwhile) lands on its error summary, which takes the focus.
      const other = await page.request.patch(`/api/notices/${id}`, {
        headers: { ...headers, "If-Match": '"0"' },
        data: { message: "Changed meanwhile" },
      });
      expect(other.status(), await other.text()).toBe(200);
      await edit.getByRole("button", { name: "Save notice" }).click();
      await expect(edit.getByRole("alert")).toHaveText("This notice was changed by someone else since you opened it.");
      await expect(edit.getByRole("group", { name: "There is a problem" })).toBeFocused();
      if (!javaScriptEnabled) await expect(page).toHaveURL(/#edit-notice-[0-9a-f]+-error$/);

      // Cancel leads back to the notice in the list: the next Tab is its first link.
      await pressWithKeyboard(page, edit.getByRole("link", { name: "Cancel" }));
      await expectLandedOn(page, `notice-${id}`, { javaScriptEnabled });
      await page.keyboard.press("Tab");
      await expect(card.getByRole("link", { name: "Green Trail", exact: true })).toBeFocused();

      // A dialog gives focus back to the button that opened it, inside the card its closing leads to:
      // that is left alone. Without JavaScript its Close is a link to the card, like Cancel.
      const remove = card.getByRole("link", { name: /^Delete/ });
      await pressWithKeyboard(page, remove);
      const dialog = page.getByRole("dialog", { name: "Delete notice" });
      await expect(dialog).toBeVisible();
      if (javaScriptEnabled) {
        await page.keyboard.press("Escape");
        await expect(page).not.toHaveURL(/confirm=/);
        await expect(remove).toBeFocused();
      } else {
        await pressWithKeyboard(page, dialog.getByRole("link", { name: "Close", exact: true }));
        await expectLandedOn(page, `notice-${id}`, { javaScriptEnabled });
        await page.keyboard.press("Tab");
        await expect(card.getByRole("link", { name: "Green Trail", exact: true })).toBeFocused();
      }
    } finally {
      await page.request.delete(`/api/notices/${id}`, { headers });
    }
  });
});
