// The admin Profiles and Feedback areas come a page at a time (decision 046): GET links to the next
// and the first page, with and without JavaScript; the URL holds the search, the page and its size, and
// every confirmation and change of the area comes back to the same page of the same search.
import type { APIRequestContext, Page } from "@playwright/test";
import { axeOn, expectNoFrames } from "./support/axe";
import { expect, expectAnswerAt, newUser, signInAsAdmin, test, unique } from "./support/fixtures";

/** An account made through the JSON API, with its bearer token. */
async function apiUser(request: APIRequestContext, prefix: string) {
  const user = newUser(prefix);
  const response = await request.post("/api/user/signup", { data: { ...user, confirmPassword: user.password } });
  expect(response.status()).toBe(201);
  const { result, token } = await response.json();
  return { ...user, id: result._id as string, token: token as string };
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/**
 * What axe finds against WCAG 2.1 AA (it runs as a script in the page; without scripts the sweep in
 * accessibility.spec.ts covers the server's HTML). In the page itself and reporting violations only, as
 * support/axe.ts explains: the page has no frame for the default mode to look into.
 */
async function axeViolations(page: Page) {
  await expectNoFrames(page);
  const results = await axeOn(page, ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

test.describe("admin lists, a page at a time", { tag: "@no-js" }, () => {
  test("feedback: Older and Newest keep the search; a change on a later page comes back to it", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const author = await apiUser(request, "pager");
    const marker = unique("paged");
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const sent = await request.post("/api/feedback/submit", {
        headers: { Authorization: `Bearer ${author.token}` },
        data: { feedback: `Message ${n} ${marker}` },
      });
      expect(sent.status()).toBe(201);
      ids.push(((await sent.json()) as { _id: string })._id);
    }

    await signInAsAdmin(page);
    // A middle page has both links.
    await page.goto(`/adminControlPanel?option=feedback&q=${marker}&limit=1`);
    await page
      .getByRole("navigation", { name: "Pages of feedback" })
      .getByRole("link", { name: "Older feedback" })
      .click();
    await expect(page.getByRole("link", { name: "Newest feedback" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Older feedback" })).toBeVisible();
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/adminControlPanel?option=feedback&q=${marker}&limit=2`);
    const cards = page.locator("li[data-feedback-id]");
    const pages = page.getByRole("navigation", { name: "Pages of feedback" });
    await expect(page.getByText(`3 messages matching “${marker}”; 2 on this page`)).toBeVisible();
    await expect(cards).toHaveText([new RegExp(`Message 3 ${marker}`), new RegExp(`Message 2 ${marker}`)]);
    await expect(pages.getByRole("link", { name: "Newest feedback" })).toHaveCount(0);

    await pages.getByRole("link", { name: "Older feedback" }).click();
    await expect(page).toHaveURL(/[?&]cursor=/);
    expect([param(page, "q"), param(page, "limit")]).toEqual([marker, "2"]);
    await expect(cards).toHaveText([new RegExp(`Message 1 ${marker}`)]);
    await expect(page.getByText(`3 messages matching “${marker}”; 1 on this page`)).toBeVisible();
    await expect(pages.getByRole("link", { name: "Older feedback" })).toHaveCount(0);

    // Marking the oldest resolved answers in its card, on the same page.
    const cursor = param(page, "cursor");
    await page
      .locator(`li[data-feedback-id="${ids[0]}"]`)
      .getByRole("button", { name: /^Mark resolved/ })
      .click();
    await expectAnswerAt(page, `feedback-${ids[0]}`, "The feedback was marked as resolved.", { javaScriptEnabled });
    expect([param(page, "cursor"), param(page, "q"), param(page, "limit")]).toEqual([cursor, marker, "2"]);
    await expect(cards).toHaveCount(1);
    await expect(cards.getByText("Resolved", { exact: true })).toBeVisible();

    await pages.getByRole("link", { name: "Newest feedback" }).click();
    await expect(page).not.toHaveURL(/[?&]cursor=/);
    expect([param(page, "q"), param(page, "limit")]).toEqual([marker, "2"]);
    await expect(cards).toHaveText([new RegExp(`Message 3 ${marker}`), new RegExp(`Message 2 ${marker}`)]);
  });

  test("profiles: the search form, then Next and First users by name; a confirmation on a later page closes back to it", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const prefix = unique("pg");
    const names: string[] = [];
    for (let i = 0; i < 3; i++) names.push((await apiUser(request, prefix)).username);
    names.sort();

    await signInAsAdmin(page);
    await page.goto("/adminControlPanel?option=profiles");
    await page.getByLabel("Search by username or email").fill(prefix);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));
    const rows = page.locator("tr[data-user-row]");
    // All three fit the default page: no links between pages.
    await expect(page.getByText(`3 users matching “${prefix}”`, { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(3);
    const pages = page.getByRole("navigation", { name: "Pages of users" });
    await expect(pages).toHaveCount(0);

    await page.goto(`/adminControlPanel?option=profiles&q=${prefix}&limit=2`);
    await expect(rows.locator("th")).toHaveText(names.slice(0, 2));
    await pages.getByRole("link", { name: "Next users" }).click();
    await expect(page).toHaveURL(/[?&]cursor=/);
    await expect(rows.locator("th")).toHaveText(names.slice(2));
    await expect(page.getByText(`3 users matching “${prefix}”; 1 on this page`)).toBeVisible();
    const cursor = param(page, "cursor");

    // The role button opens its confirmation on this page, and closing it stays here.
    await page
      .locator(`tr[data-user-row="${names[2]}"]`)
      .getByRole("button", { name: /^Make Admin/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Change role" });
    await expect(dialog).toBeVisible();
    expect([param(page, "confirm"), param(page, "cursor"), param(page, "q"), param(page, "limit")]).toEqual([
      "role",
      cursor,
      prefix,
      "2",
    ]);
    await dialog.getByRole(javaScriptEnabled ? "button" : "link", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/confirm=/);
    expect([param(page, "cursor"), param(page, "q"), param(page, "limit")]).toEqual([cursor, prefix, "2"]);
    await expect(rows.locator("th")).toHaveText(names.slice(2));

    await pages.getByRole("link", { name: "First users" }).click();
    await expect(page).not.toHaveURL(/[?&]cursor=/);
    await expect(rows.locator("th")).toHaveText(names.slice(0, 2));
  });
});
