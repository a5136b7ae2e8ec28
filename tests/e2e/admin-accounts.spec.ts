import type { APIRequestContext, Page } from "@playwright/test";
import { admin, expect, expectAnswerAt, newUser, signInAsAdmin, test, unique, type TestUser } from "./support/fixtures";

/** A bearer token of the seeded administrator, for changes "another admin" makes meanwhile. */
async function adminToken(request: APIRequestContext) {
  const signin = await request.post("/api/user/signin", { data: { email: admin.email, password: admin.password } });
  return ((await signin.json()) as { token: string }).token;
}

/** An account made through the JSON API. */
async function apiUser(request: APIRequestContext, prefix: string) {
  const user: TestUser = newUser(prefix);
  const response = await request.post("/api/user/signup", {
    data: { username: user.username, email: user.email, password: user.password, confirmPassword: user.password },
  });
  expect(response.status()).toBe(201);
  const { result, token } = await response.json();
  return { ...user, id: result._id as string, token: token as string };
}

async function searchProfiles(page: Page, q: string) {
  await page.goto("/adminControlPanel?option=profiles");
  await page.getByLabel("Search by username or email").fill(q);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
}

const row = (page: Page, username: string) => page.locator(`tr[data-user-row="${username}"]`);

async function closeDialog(page: Page, name: string, javaScriptEnabled: boolean) {
  const dialog = page.getByRole("dialog", { name });
  await dialog.getByRole(javaScriptEnabled ? "button" : "link", { name: "Close", exact: true }).click();
  await expect(page.getByRole("dialog", { name })).toBeHidden();
  // Dismissing leaves the confirmation URL, so a reload does not ask again.
  await expect(page).not.toHaveURL(/confirm=/);
}

async function roleInDb(db: import("pg").Pool | null, id: string) {
  if (!db) return null;
  const { rows } = await db.query(`SELECT role FROM "User" WHERE id = $1`, [id]);
  return rows[0]?.role ?? "deleted";
}

test.describe("admin dashboard", () => {
  test("cards link to each management area, analytics, the QR sheet and the path upload", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/adminHome");
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
    for (const title of [
      "Profiles",
      "Videos",
      "Feedback",
      "Reports",
      "Notices",
      "Trail",
      "Bench",
      "Analytics",
      "QR codes",
      "Path from a file",
    ]) {
      await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
    }
    await expect(page.locator('[data-count="profiles"]')).toHaveText(/^\d+ users?$/);
    await page.getByRole("link", { name: "Manage feedback" }).click();
    await expect(page).toHaveURL(/\/adminControlPanel\?option=feedback$/);
    await page.goto("/adminHome");
    await page.getByRole("link", { name: "View analytics" }).click();
    await expect(page).toHaveURL(/\/adminAnalytics$/);
    await page.goto("/adminHome");
    await page.getByRole("link", { name: "Print QR codes" }).click();
    await expect(page).toHaveURL(/\/adminControlPanel\/qr-codes$/);
    await page.goto("/adminHome");
    await page.getByRole("link", { name: "Upload a path" }).click();
    await expect(page).toHaveURL(/\/adminControlPanel\?option=trail#trail-path-upload$/);
  });

  test("the control panel's menu lists the admin pages of their own beside the areas", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/adminControlPanel");
    const menu = page.getByRole("navigation", { name: "Admin areas" });
    for (const [name, url] of [
      ["Analytics", /\/adminAnalytics$/],
      ["Bench QR codes", /\/adminControlPanel\/qr-codes$/],
      ["Replace a trail's path", /\/adminControlPanel\?option=trail#trail-path-upload$/],
    ] as const) {
      await page.goto("/adminControlPanel");
      await menu.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(url);
    }
  });
});

test.describe("admin searches", { tag: "@no-js" }, () => {
  test("a search holding an invisible control character is refused beside the box, never a server error", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    for (const [option, label] of [
      ["profiles", "Search by username or email"],
      ["feedback", "Search by username, email or feedback"],
      ["videos", "Search videos by title or category"],
    ] as const) {
      await page.goto(`/adminControlPanel?option=${option}`);
      const box = page.getByLabel(label);
      await box.fill("admin\u202e");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(box).toHaveAccessibleDescription(
        "Search text cannot contain control or invisible formatting characters.",
      );
      await expect(box).toHaveAttribute("aria-invalid", "true");
    }
  });
});

test.describe("admin profiles", { tag: "@no-js" }, () => {
  test("search finds a user by username and email; 'No results found' otherwise", async ({ page, request }) => {
    const user = await apiUser(request, "find");
    await signInAsAdmin(page);
    await searchProfiles(page, user.username);
    await expect(row(page, user.username)).toContainText(user.email);
    await expect(row(page, user.username).getByText("User", { exact: true })).toBeVisible();
    await searchProfiles(page, user.email);
    await expect(row(page, user.username)).toBeVisible();
    await searchProfiles(page, unique("nobody"));
    await expect(page.getByText("No results found")).toBeVisible();
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/option=profiles$/);
  });

  test("role change: declined leaves it, confirmed changes it, each result in the person's row", async ({
    page,
    request,
    db,
    javaScriptEnabled,
  }) => {
    const user = await apiUser(request, "role");
    await signInAsAdmin(page);
    await searchProfiles(page, user.username);
    const prompt = `Are you sure you want to change ${user.username}'s role?`;
    // One real control, the same with and without JavaScript: a button naming the role it gives.
    const open = async (next: "Admin" | "User") => {
      await row(page, user.username)
        .getByRole("button", { name: `Make ${next} for ${user.username}` })
        .click();
      await expect(page.getByRole("dialog", { name: "Change role" })).toContainText(prompt);
    };

    await open("Admin");
    await closeDialog(page, "Change role", javaScriptEnabled);
    await page.reload();
    await expect(
      row(page, user.username).getByRole("button", { name: `Make Admin for ${user.username}` }),
    ).toBeVisible();
    await expect(row(page, user.username).getByText("User", { exact: true })).toBeVisible();
    expect(await roleInDb(db, user.id)).toBe(db ? "User" : null);

    // On a phone: the result stands in the person's card, which the page lands on.
    await page.setViewportSize({ width: 390, height: 844 });
    await open("Admin");
    await page.getByRole("dialog", { name: "Change role" }).getByRole("button", { name: "Yes, change role" }).click();
    await expectAnswerAt(page, `user-${user.id}`, `${user.username}'s role was changed to Admin.`, {
      javaScriptEnabled,
    });
    await page.reload();
    await expect(row(page, user.username).getByText("Admin", { exact: true })).toBeVisible();
    await expect(
      row(page, user.username).getByRole("button", { name: `Make User for ${user.username}` }),
    ).toBeVisible();
    expect(await roleInDb(db, user.id)).toBe(db ? "Admin" : null);

    // And back again, on a desktop: the new result replaces the one before.
    await page.setViewportSize({ width: 1280, height: 800 });
    await open("User");
    await page.getByRole("dialog", { name: "Change role" }).getByRole("button", { name: "Yes, change role" }).click();
    await expectAnswerAt(page, `user-${user.id}`, `${user.username}'s role was changed to User.`, {
      javaScriptEnabled,
    });
    await expect(page.getByText(`${user.username}'s role was changed to Admin.`)).toHaveCount(0);
    expect(await roleInDb(db, user.id)).toBe(db ? "User" : null);

    // The account is deleted while the confirmation is open: its row is gone, so the refusal stands
    // where the list says what it shows, and the earlier "changed" with it is gone.
    await open("Admin");
    const gone = await request.delete(`/api/user/${user.id}`, {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
    });
    expect(gone.status()).toBe(200);
    await page.getByRole("dialog", { name: "Change role" }).getByRole("button", { name: "Yes, change role" }).click();
    await expectAnswerAt(page, "user-results", "User not found.", { javaScriptEnabled, role: "alert", landed: false });
    await expect(row(page, user.username)).toHaveCount(0);
    await expect(page.getByText(`${user.username}'s role was changed to User.`)).toHaveCount(0);
  });

  test("delete: declined keeps the user, confirmed deletes", async ({ page, request, db, javaScriptEnabled }) => {
    const user = await apiUser(request, "del");
    await signInAsAdmin(page);
    await searchProfiles(page, user.username);
    const open = async () => {
      await row(page, user.username)
        .getByRole("link", { name: `Delete ${user.username}` })
        .click();
      await expect(page.getByRole("dialog", { name: "Delete user" })).toContainText(
        `Are you sure you want to delete: ${user.username}?`,
      );
    };
    await open();
    await closeDialog(page, "Delete user", javaScriptEnabled);
    await page.reload();
    await expect(row(page, user.username)).toBeVisible();
    expect(await roleInDb(db, user.id)).toBe(db ? "User" : null);

    await open();
    await page.getByRole("dialog", { name: "Delete user" }).getByRole("button", { name: "Yes, delete" }).click();
    // The row is gone: the message stands where the list says what it shows, and names who went.
    await expectAnswerAt(page, "user-results", `${user.username} was deleted.`, { javaScriptEnabled });
    await page.reload();
    await expect(page.getByText("No results found")).toBeVisible();
    expect(await roleInDb(db, user.id)).toBe(db ? "deleted" : null);
  });
});

test.describe("admin feedback", { tag: "@no-js" }, () => {
  test("mark resolved and pending beside the message, delete declined and confirmed, a vanished message's refusal", async ({
    page,
    request,
    db,
    javaScriptEnabled,
  }) => {
    const user = await apiUser(request, "fb");
    const marker = unique("note");
    const send = async (feedback: string) => {
      const submitted = await request.post("/api/feedback/submit", {
        headers: { Authorization: `Bearer ${user.token}` },
        data: { username: user.username, email: user.email, feedback },
      });
      expect(submitted.status()).toBe(201);
      return ((await submitted.json()) as { _id: string })._id;
    };
    const text = `Please add benches ${marker}`;
    const id = await send(text);
    // A second message, which another admin deletes while this page still shows it.
    const otherText = `And shade by the pond ${marker}`;
    const otherId = await send(otherText);
    const statusInDb = async () =>
      db
        ? ((await db.query(`SELECT "isResolved" FROM "Feedback" WHERE id = $1`, [id])).rows[0]?.isResolved ?? "deleted")
        : null;

    await signInAsAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/adminControlPanel?option=feedback");
    await page.getByLabel("Search by username, email or feedback").fill(marker);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const item = page
      .locator(`li[data-feedback-id="${id}"]`)
      .getByRole("article", { name: `Feedback from ${user.username}` });
    const other = page.locator(`li[data-feedback-id="${otherId}"]`);
    await expect(item).toContainText(text);
    await expect(item.getByText("Pending", { exact: true })).toBeVisible();

    // Each result stands in the message's own card, which the page lands on.
    await item.getByRole("button", { name: /^Mark resolved/ }).click();
    await expectAnswerAt(page, `feedback-${id}`, "The feedback was marked as resolved.", { javaScriptEnabled });
    await expect(item.getByText("Resolved", { exact: true })).toBeVisible();
    expect(await statusInDb()).toBe(db ? true : null);

    await page.setViewportSize({ width: 1280, height: 800 });
    await item.getByRole("button", { name: /^Mark pending/ }).click();
    await expectAnswerAt(page, `feedback-${id}`, "The feedback was marked as pending.", { javaScriptEnabled });
    await expect(page.getByText("The feedback was marked as resolved.")).toHaveCount(0);
    await expect(item.getByText("Pending", { exact: true })).toBeVisible();
    expect(await statusInDb()).toBe(db ? false : null);

    // Gone meanwhile: the refusal has no card to stand in, so it stands where the list says what it
    // shows, replacing the last result.
    const token = await adminToken(request);
    expect(
      (await request.delete(`/api/feedback/${otherId}`, { headers: { Authorization: `Bearer ${token}` } })).status(),
    ).toBe(200);
    await other.getByRole("button", { name: /^Mark resolved/ }).click();
    await expectAnswerAt(page, "feedback-results", "Feedback not found.", {
      javaScriptEnabled,
      role: "alert",
      landed: false,
    });
    await expect(other).toHaveCount(0);
    await expect(page.getByText("The feedback was marked as pending.")).toHaveCount(0);

    await item.getByRole("link", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete feedback" });
    await expect(dialog).toContainText("Are you sure you want to delete this feedback?");
    await closeDialog(page, "Delete feedback", javaScriptEnabled);
    await page.reload();
    await expect(item).toBeVisible();

    await item.getByRole("link", { name: /^Delete/ }).click();
    await page.getByRole("dialog", { name: "Delete feedback" }).getByRole("button", { name: "Yes, delete" }).click();
    // Its card is gone: the message names whose feedback went, where the list says what it shows.
    await expectAnswerAt(page, "feedback-results", `The feedback from ${user.username} was deleted.`, {
      javaScriptEnabled,
    });
    await expect(page.getByText("No results found")).toBeVisible();
    expect(await statusInDb()).toBe(db ? "deleted" : null);
  });
});
