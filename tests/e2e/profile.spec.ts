import type { Page } from "@playwright/test";
import { admin, expect, fieldError, fillSignIn, newUser, signIn, signInAsAdmin, signOut, signUp, test } from "./support/fixtures";

function updateForm(page: Page) {
  return page.getByRole("form", { name: "Update Profile" });
}

function info(page: Page, field: string) {
  return page.locator(`dd[data-field="${field}"]`);
}

async function openDialog(page: Page, trigger: string, title: string) {
  await page.getByRole("link", { name: trigger, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("profile page", { tag: "@no-js" }, () => {
  test("shows the read-only information and updates the profile", async ({ page, db }) => {
    const user = await signUp(page, newUser("prof"));
    await page.goto("/userControlPanel");
    await expect(info(page, "username")).toHaveText(user.username);
    await expect(info(page, "email")).toHaveText(user.email);
    await expect(info(page, "age")).toHaveText("Not provided");

    const form = updateForm(page);
    const renamed = newUser("renamed");
    await form.getByLabel("Username", { exact: true }).fill(renamed.username);
    await form.getByLabel("Email", { exact: true }).fill("");
    await form.getByLabel("Age", { exact: true }).fill("34");
    await form.getByLabel("Gender", { exact: true }).selectOption("Female");
    await form.getByLabel("Ethnicity", { exact: true }).selectOption("Asian");
    await form.getByLabel("Part of the college community?", { exact: true }).selectOption("Yes");
    await form.getByRole("button", { name: "Update Profile" }).click();
    await expect(page.getByText("Profile Updated!")).toBeVisible();

    await page.reload();
    await expect(info(page, "username")).toHaveText(renamed.username);
    await expect(info(page, "email")).toHaveText(user.email); // empty email kept the current one
    await expect(info(page, "age")).toHaveText("34");
    await expect(info(page, "gender")).toHaveText("Female");
    await expect(info(page, "ethnicity")).toHaveText("Asian");
    await expect(info(page, "community")).toHaveText("Yes");
    if (db) {
      const { rows } = await db.query(`SELECT username, age, gender, community FROM "User" WHERE email = $1`, [user.email]);
      expect(rows[0]).toEqual({ username: renamed.username, age: 34, gender: "Female", community: "Yes" });
    }
  });

  test("every update message appears for the input that causes it", async ({ page, javaScriptEnabled }) => {
    const other = await signUp(page, newUser("taken"));
    await signOut(page);
    const user = await signUp(page, newUser("rules"));
    await page.goto("/userControlPanel");
    const form = updateForm(page);
    const submit = form.getByRole("button", { name: "Update Profile" });

    await submit.click();
    await expect(form.getByRole("alert")).toHaveText("No changes were made to the profile.");

    await form.getByLabel("New Password", { exact: true }).fill("abc");
    // While typing (needs JavaScript); after the refused submission it shows in both modes.
    if (javaScriptEnabled) await expect(form.getByText("Password must be at least 4 characters long.")).toBeVisible();
    await form.getByLabel("Repeat Password", { exact: true }).fill("abd");
    await submit.click();
    await expect(fieldError(form, "Passwords do not match!")).toBeVisible();
    await expect(fieldError(form, "Password requirements not met.")).toBeVisible();
    await expect(form.getByText("Password must be at least 4 characters long.")).toBeVisible();

    await form.getByLabel("New Password", { exact: true }).fill("");
    await form.getByLabel("Repeat Password", { exact: true }).fill("");
    await form.getByLabel("Username", { exact: true }).fill(other.username);
    await submit.click();
    await expect(form.getByRole("alert")).toHaveText("This username is already taken.");
    // The same name in look-alike letters (Cyrillic а and е) is the same name.
    const lookAlike = other.username.replace(/a/g, "\u0430").replace(/e/g, "\u0435");
    await form.getByLabel("Username", { exact: true }).fill(lookAlike);
    await submit.click();
    await expect(form.getByRole("alert")).toHaveText("This username is already taken.");
    await expect(form.getByLabel("Username", { exact: true })).toHaveValue(lookAlike);
    await form.getByLabel("Username", { exact: true }).fill(user.username);
    await form.getByLabel("Email", { exact: true }).fill(other.email);
    await submit.click();
    await expect(form.getByRole("alert")).toHaveText("An account with this email already exists.");
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue(other.email);

    await page.reload();
    await expect(info(page, "email")).toHaveText(user.email);
  });

  test("a new password replaces the old one", async ({ page }) => {
    const user = await signUp(page, newUser("newpw"));
    await page.goto("/userControlPanel");
    const form = updateForm(page);
    await form.getByLabel("New Password", { exact: true }).fill("changed-pass");
    await form.getByLabel("Repeat Password", { exact: true }).fill("changed-pass");
    await form.getByRole("button", { name: "Update Profile" }).click();
    await expect(page.getByText("Profile Updated!")).toBeVisible();
    await signOut(page);
    await page.goto("/authorization?formType=signin");
    await fillSignIn(page, user.email, user.password);
    await expect(page.getByRole("alert")).toHaveText("Sign-in failed. Please check your credentials.");
    await signIn(page, user.email, "changed-pass");
    await expect(page).toHaveURL(/\/userHome$/);
  });

  test("a new email or password needs proof: the refusal shows at Current Password and keeps what was typed", async ({ page, db }) => {
    const user = await signUp(page, newUser("proof"));
    await page.goto("/userControlPanel");
    const form = updateForm(page);
    const current = form.getByLabel("Current Password", { exact: true });
    await expect(current).toHaveAccessibleDescription(/Needed to change your email or password/);
    const moved = newUser("moved");
    const fillChange = async (currentPassword: string) => {
      await form.getByLabel("Email", { exact: true }).fill(moved.email);
      await form.getByLabel("Age", { exact: true }).fill("52");
      await form.getByLabel("New Password", { exact: true }).fill("next-pass-1");
      await form.getByLabel("Repeat Password", { exact: true }).fill("next-pass-1");
      await current.fill(currentPassword);
      await form.getByRole("button", { name: "Update Profile" }).click();
    };
    const expectRefusal = async (message: string) => {
      await expect(form.getByRole("alert")).toHaveText(message);
      await expect(current).toHaveAttribute("aria-invalid", "true");
      await expect(current).toHaveAccessibleDescription(new RegExp(message.replace(/\./g, "\\.")));
      // What was typed stays, except the passwords.
      await expect(form.getByLabel("Email", { exact: true })).toHaveValue(moved.email);
      await expect(form.getByLabel("Age", { exact: true })).toHaveValue("52");
      for (const label of ["New Password", "Repeat Password", "Current Password"]) {
        await expect(form.getByLabel(label, { exact: true })).toHaveValue("");
      }
      await expect(info(page, "email")).toHaveText(user.email);
    };

    await fillChange("not-my-password");
    await expectRefusal("The current password is not correct.");

    if (db) {
      // Ten minutes after signing in, the session alone no longer proves who is asking.
      await db.query(`UPDATE "Session" SET "createdAt" = now() - interval '11 minutes' WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`, [
        user.email,
      ]);
      await fillChange("");
      await expectRefusal("Enter your current password to change your email or password.");
    }

    await fillChange(user.password);
    await expect(page.getByText("Profile Updated!")).toBeVisible();
    await expect(info(page, "email")).toHaveText(moved.email);
    await expect(info(page, "age")).toHaveText("52");
    await signOut(page);
    await signIn(page, moved.email, "next-pass-1");
    await expect(page).toHaveURL(/\/userHome$/);
  });

  test("feedback: the message is required, and it is saved under the account's own name and email", async ({ page, db }) => {
    const user = await signUp(page, newUser("fb"));
    await page.goto("/userControlPanel");
    const dialog = await openDialog(page, "Feedback", "Feedback");
    // Shown, read-only: the feedback is sent from the account (one person, one voice).
    await expect(dialog.getByLabel("Username", { exact: true })).toHaveValue(user.username);
    await expect(dialog.getByLabel("Email", { exact: true })).toHaveValue(user.email);
    await expect(dialog.getByLabel("Username", { exact: true })).not.toBeEditable();
    await expect(dialog.getByLabel("Email", { exact: true })).not.toBeEditable();
    await dialog.getByRole("button", { name: "Send Feedback" }).click();
    const open = page.getByRole("dialog", { name: "Feedback" });
    await expect(fieldError(open, "Feedback is required.")).toBeVisible();
    const text = `The gold trail needs more benches ${Date.now()}`;
    await open.getByLabel("Feedback", { exact: true }).fill(text);
    await open.getByRole("button", { name: "Send Feedback" }).click();
    await expect(page.getByText("Thank you! Your feedback has been sent.")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Feedback" })).toBeHidden();
    if (db) {
      const { rows } = await db.query(
        `SELECT f.username, f.email, f."isResolved", u.email AS owner FROM "Feedback" f JOIN "User" u ON u.id = f."userId" WHERE f.feedback = $1`,
        [text],
      );
      expect(rows).toEqual([{ username: user.username, email: user.email, isResolved: false, owner: user.email }]);
    }
  });

  test("dialogs close with Close, the icon, the backdrop and Escape", async ({ page, javaScriptEnabled }) => {
    await signUp(page, newUser("dlg"));
    await page.goto("/userControlPanel");
    let dialog = await openDialog(page, "Feedback", "Feedback");
    await dialog.getByRole(javaScriptEnabled ? "button" : "link", { name: "Close", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Feedback" })).toBeHidden();
    dialog = await openDialog(page, "Delete Profile", "Delete Profile");
    await dialog.getByRole(javaScriptEnabled ? "button" : "link", { name: "Close dialog" }).click();
    await expect(page.getByRole("dialog", { name: "Delete Profile" })).toBeHidden();
    if (javaScriptEnabled) {
      await openDialog(page, "Feedback", "Feedback");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: "Feedback" })).toBeHidden();
      await openDialog(page, "Delete Profile", "Delete Profile");
      await page.mouse.click(5, 5);
      await expect(page.getByRole("dialog", { name: "Delete Profile" })).toBeHidden();
    }
  });

  test("delete profile: confirmed, the account and its sessions are gone", async ({ page, db }) => {
    const user = await signUp(page, newUser("del"));
    await page.goto("/userControlPanel");
    const dialog = await openDialog(page, "Delete Profile", "Delete Profile");
    await expect(dialog.getByText("This action cannot be undone")).toBeVisible();
    await dialog.getByLabel("Current Password", { exact: true }).fill("not-my-password");
    await dialog.getByRole("button", { name: "Yes, delete my profile" }).click();
    await expect(page.getByRole("dialog", { name: "Delete Profile" }).getByText("The current password is not correct.").first()).toBeVisible();
    await page.getByRole("dialog", { name: "Delete Profile" }).getByLabel("Current Password", { exact: true }).fill(user.password);
    await page.getByRole("dialog", { name: "Delete Profile" }).getByRole("button", { name: "Yes, delete my profile" }).click();
    // Without JavaScript the refused form's address (to its error summary) keeps its fragment through the redirect.
    await expect(page).toHaveURL(/\/(#[\w-]+)?$/);
    await expect(page.getByText("Your profile has been deleted.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Walking Trails" })).toBeVisible();
    if (db) {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM "User" WHERE email = $1`, [user.email]);
      expect(rows[0].n).toBe(0);
    }
    await page.goto("/authorization?formType=signin");
    await fillSignIn(page, user.email, user.password);
    await expect(page.getByRole("alert")).toHaveText("Sign-in failed. Please check your credentials.");
  });

  test("the last administrator cannot delete their profile", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/userControlPanel");
    const dialog = await openDialog(page, "Delete Profile", "Delete Profile");
    await dialog.getByLabel("Current Password", { exact: true }).fill(admin.password);
    await dialog.getByRole("button", { name: "Yes, delete my profile" }).click();
    await expect(
      page
        .getByRole("dialog", { name: "Delete Profile" })
        .getByText("The last administrator can neither lose the Admin role nor be deleted: make another user an administrator first."),
    ).toBeVisible();
    await page.goto("/userControlPanel");
    await expect(info(page, "email")).toHaveText(admin.email);
  });
});
