import type { APIRequestContext, Page } from "@playwright/test";
import { axeOn, expectNoFrames } from "./support/axe";
import { admin, expect, expectAnswerAt, signInAsAdmin, test } from "./support/fixtures";
import { benchNumberFor } from "./support/bench-numbers";

// No lost updates (decision 047): an admin opens a bench's edit form, someone else changes the bench
// through the API meanwhile, and the admin's save is refused with both versions shown and nothing
// overwritten; saving again, having seen them, applies. Runs with the specs that edit benches, on an edits
// app (support/apps.ts), on a bench of its own, deleted at the end.

async function adminHeaders(request: APIRequestContext) {
  const signin = await request.post("/api/user/signin", { data: { email: admin.email, password: admin.password } });
  return { Authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };
}

type BenchJson = { _id: string; location: string; latitude: number; version: number };

/**
 * The comparison beside a refused save is accessible (axe runs where scripts do) and fits a phone without
 * sideways scrolling; the page is left at the laptop width the specs use.
 */
async function expectComparisonAccessibleOnAPhone(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await expectNoFrames(page);
    expect((await axeOn(page).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("a stale bench save", { tag: "@no-js" }, () => {
  let benchId = "";
  let benchNumber = 0;

  test.beforeEach(async ({ request }, testInfo) => {
    benchNumber = benchNumberFor("admin-stale-edits", !testInfo.project.name.startsWith("no-js"));
    const created = await request.post("/api/bench/bench", {
      headers: await adminHeaders(request),
      data: { bench_number: benchNumber, location: "E2E bench by the pond", latitude: 33.9812, longitude: -84.0051 },
    });
    expect(created.status(), await created.text()).toBe(201);
    benchId = ((await created.json()) as BenchJson)._id;
  });

  test.afterEach(async ({ request }) => {
    if (benchId) await request.delete(`/api/bench/bench/${benchId}`, { headers: await adminHeaders(request) });
  });

  test("is refused with both versions shown and nothing overwritten; saving again applies", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const saved = async () =>
      (
        (await (
          await request.get("/api/bench/benches", { headers: await adminHeaders(request) })
        ).json()) as BenchJson[]
      ).find((b) => b._id === benchId)!;
    await signInAsAdmin(page);
    await page.goto(`/adminControlPanel?option=bench&bench=${benchId}`);
    const edit = page.getByRole("form", { name: `Edit bench #${benchNumber}` });
    await edit.getByLabel("Location").fill("Typed by me");
    await edit.getByLabel("Latitude").fill("33.9813");

    // Meanwhile another admin moves the bench, through the API.
    const other = await request.patch(`/api/bench/bench/${benchId}`, {
      headers: { ...(await adminHeaders(request)), "If-Match": '"0"' },
      data: { location: "Changed meanwhile" },
    });
    expect(other.status(), await other.text()).toBe(200);
    expect(other.headers().etag).toBe('"1"');

    await edit.getByRole("button", { name: "Update" }).click();
    await expect(edit.getByRole("alert")).toHaveText("This bench was changed by someone else since you opened it.");
    // What was typed is still in the form; the saved values stand beside it, the changed ones marked.
    await expect(edit.getByLabel("Location")).toHaveValue("Typed by me");
    await expect(edit.getByLabel("Latitude")).toHaveValue("33.9813");
    const versions = edit.getByRole("table", { name: /Nothing was saved/ });
    await expect(versions.getByRole("row", { name: /^Location \(differs\)/ })).toHaveText(
      /Typed by me\s*Changed meanwhile/,
    );
    await expect(versions.getByRole("row", { name: /^Latitude \(differs\)/ })).toHaveText(/33\.9813\s*33\.9812/);
    await expect(versions.getByRole("row", { name: /^Longitude/ })).toHaveText(/-84\.0051\s*-84\.0051/);
    if (!javaScriptEnabled) await expect(page).toHaveURL(/#edit-bench-error$/);
    expect(await saved()).toMatchObject({ location: "Changed meanwhile", latitude: 33.9812, version: 1 });
    await expectComparisonAccessibleOnAPhone(page, javaScriptEnabled);

    // Having seen both, the admin saves again: now based on the version shown, it applies.
    await edit.getByRole("button", { name: "Update" }).click();
    await expectAnswerAt(page, "edit-bench", `Bench #${benchNumber} updated.`, { javaScriptEnabled });
    await expect(versions).toHaveCount(0);
    expect(await saved()).toMatchObject({ location: "Typed by me", latitude: 33.9813, version: 2 });
  });
});

type NoticeJson = { _id: string; version: number };

// The same for a notice (decision 051): its edit form shows both versions in the list's words, the place by
// name, the kind by its label, the times on the campus clock. An upcoming notice on the Green Trail, so no
// walker's page shows it while this runs; each project its own, deleted at the end.
test.describe("a stale notice save", { tag: "@no-js" }, () => {
  let noticeId = "";

  test.beforeEach(async ({ request }) => {
    const created = await request.post("/api/notices", {
      headers: await adminHeaders(request),
      data: {
        trailId: "673e9addbf9ebe061ef810c1",
        kind: "caution",
        message: `E2E resurfacing ${Math.random().toString(36).slice(2, 8)}`,
        startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    noticeId = ((await created.json()) as NoticeJson)._id;
  });

  test.afterEach(async ({ request }) => {
    if (noticeId) await request.delete(`/api/notices/${noticeId}`, { headers: await adminHeaders(request) });
  });

  test("is refused with both versions shown in the list's words; saving again applies", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin(page);
    await page.goto(`/adminControlPanel?option=notices&edit=${noticeId}`);
    const edit = page.getByRole("form", { name: "Edit the notice on Green Trail" });
    await edit.getByLabel(/^Message walkers read/).fill("Typed by me");
    await edit.getByLabel("Kind").selectOption({ label: "Closed" });

    // Meanwhile another admin rewords it and gives it an end, through the API.
    const other = await request.patch(`/api/notices/${noticeId}`, {
      headers: { ...(await adminHeaders(request)), "If-Match": '"0"' },
      data: { message: "Changed meanwhile", endsAt: new Date(Date.now() + 40 * 86_400_000).toISOString() },
    });
    expect(other.status(), await other.text()).toBe(200);
    expect(other.headers().etag).toBe('"1"');

    await edit.getByRole("button", { name: "Save notice" }).click();
    await expect(edit.getByRole("alert")).toHaveText("This notice was changed by someone else since you opened it.");
    await expect(edit.getByLabel(/^Message walkers read/)).toHaveValue("Typed by me");
    await expect(edit.getByLabel("Kind")).toHaveValue("closed");
    // The form is remade at the version it now shows; focus is on its summary all the same.
    if (javaScriptEnabled) await expect(edit.getByRole("group", { name: "There is a problem" })).toBeFocused();
    const versions = edit.getByRole("table", { name: /Nothing was saved/ });
    await expect(versions.getByRole("row", { name: /^Message \(differs\)/ })).toHaveText(
      /Typed by me\s*Changed meanwhile/,
    );
    await expect(versions.getByRole("row", { name: /^Kind \(differs\)/ })).toHaveText(/Closed\s*Caution/);
    await expect(versions.getByRole("row", { name: /^Ends \(differs\)/ })).toHaveText(
      /When ended or deleted\s*\w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/,
    );
    await expect(versions.getByRole("row", { name: /^Trail or bench/ })).toHaveText(
      /^Trail or bench\s*Green Trail\s*Green Trail$/,
    );
    await expect(versions.getByRole("row", { name: /^Starts/ })).not.toHaveAccessibleName(/differs/);
    if (!javaScriptEnabled) await expect(page).toHaveURL(/#edit-notice-[0-9a-f]+-error$/);
    // The list below shows the notice as saved: nothing of the refused edit reached it.
    const card = page.locator(`[id="notice-${noticeId}"]`);
    await expect(card).toContainText("Changed meanwhile");
    await expectComparisonAccessibleOnAPhone(page, javaScriptEnabled);

    // Having seen both, the admin saves again: now based on the version shown, it applies, the end included.
    await edit.getByRole("button", { name: "Save notice" }).click();
    await expectAnswerAt(page, `notice-${noticeId}`, "Notice saved.", { javaScriptEnabled });
    await expect(versions).toHaveCount(0);
    await expect(card).toContainText("Typed by me");
    await expect(card).toContainText("Closed");
    await expect(card).toContainText("When ended or deleted");
  });
});
