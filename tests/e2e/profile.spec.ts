import type { Page } from "@playwright/test";
import { axeOn } from "./support/axe";
import {
  admin,
  expect,
  fieldError,
  fillSignIn,
  mailbox,
  newUser,
  signIn,
  signInAsAdmin,
  signOut,
  signUp,
  test,
} from "./support/fixtures";

function updateForm(page: Page) {
  return page.getByRole("form", { name: "Update Profile" });
}

function info(page: Page, field: string) {
  return page.locator(`dd[data-field="${field}"]`);
}

/** The path of the confirmation link in the newest mail to `to`. */
async function confirmLinkTo(to: string) {
  const mail = await mailbox.waitFor(to);
  expect(mail.subject).toBe("Confirm your new Walking Trails email");
  const match = /https?:\/\/[^\s]+\/confirm-email\/[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in mail:\n${mail.text}`);
  return new URL(match[0]).pathname;
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
      const { rows } = await db.query(`SELECT username, age, gender, community FROM "User" WHERE email = $1`, [
        user.email,
      ]);
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
    // Another account's email is answered like any address: nothing says it is taken.
    await form.getByLabel("Email", { exact: true }).fill(other.email);
    await submit.click();
    await expect(
      page.getByText(`We sent a link to ${other.email}: your email changes when you open it.`),
    ).toBeVisible();
    await expect(info(page, "email")).toHaveText(user.email);

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

  test("a new email or password needs proof: the refusal shows at Current Password and keeps what was typed", async ({
    page,
    db,
  }) => {
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
      await db.query(
        `UPDATE "Session" SET "createdAt" = now() - interval '11 minutes' WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`,
        [user.email],
      );
      await fillChange("");
      await expectRefusal("Enter your current password to change your email or password.");
    }

    await fillChange(user.password);
    await expect(
      page.getByText(`Profile Updated! We sent a link to ${moved.email}: your email changes when you open it.`),
    ).toBeVisible();
    await expect(info(page, "email")).toHaveText(user.email);
    await expect(info(page, "age")).toHaveText("52");
    await page.goto(await confirmLinkTo(moved.email));
    await page.getByRole("button", { name: "Confirm new email" }).click();
    await expect(page.getByText(`Your email is now ${moved.email}.`)).toBeVisible();
    await expect(info(page, "email")).toHaveText(moved.email);
    await signOut(page);
    await signIn(page, moved.email, "next-pass-1");
    await expect(page).toHaveURL(/\/userHome$/);
  });

  test("a new email changes when the link mailed to it is confirmed; a taken one's owner is told instead", async ({
    page,
    browser,
    db,
    javaScriptEnabled,
  }) => {
    const owner = await signUp(page, newUser("owned"));
    await signOut(page);
    const user = await signUp(page, newUser("mover"));
    const next = newUser("next");
    await page.goto("/userControlPanel");
    const form = updateForm(page);
    await expect(page.getByText("A new email changes once you open the link we mail to it.")).toBeVisible();

    await form.getByLabel("Email", { exact: true }).fill(owner.email);
    await form.getByRole("button", { name: "Update Profile" }).click();
    await expect(
      page.getByText(`We sent a link to ${owner.email}: your email changes when you open it.`),
    ).toBeVisible();
    const warning = await mailbox.waitFor(owner.email);
    expect(warning.subject).toBe("Someone tried to use your email on Walking Trails");
    expect(warning.text).not.toContain("/confirm-email/");

    await updateForm(page).getByLabel("Email", { exact: true }).fill(next.email);
    await updateForm(page).getByRole("button", { name: "Update Profile" }).click();
    await expect(page.getByText(`We sent a link to ${next.email}: your email changes when you open it.`)).toBeVisible();
    await expect(info(page, "email")).toHaveText(user.email);
    const link = await confirmLinkTo(next.email);

    // Opened where the mail is read (another browser, signed in nowhere): the page changes nothing until its button.
    const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled });
    const confirmPage = await phone.newPage();
    const opened = await confirmPage.goto(link);
    expect(opened?.headers()["cache-control"]).toBe("no-store");
    await expect(confirmPage.getByRole("heading", { level: 1, name: "Confirm New Email" })).toBeVisible();
    await expect(confirmPage.getByText(next.email)).toBeVisible();
    await expect(confirmPage.getByText(user.username)).toBeVisible();
    // The page ships scripts like any other; axe needs them, so it sweeps the page in the run that has them.
    if (javaScriptEnabled) expect((await axeOn(confirmPage).analyze()).violations).toEqual([]);
    await page.reload();
    await expect(info(page, "email")).toHaveText(user.email);
    await confirmPage.getByRole("button", { name: "Confirm new email" }).click();
    await expect(confirmPage.getByText(`Your email is now ${next.email}.`)).toBeVisible();
    await expect(confirmPage).toHaveURL(/\/authorization\?formType=signin/);
    const notice = await mailbox.waitFor(user.email);
    expect(notice.subject).toBe("Your Walking Trails email was changed");

    // Used once: the same link again explains itself.
    await confirmPage.goto(link);
    await expect(confirmPage.getByRole("alert")).toHaveText(
      "This email confirmation link is invalid, has expired or has already been used.",
    );
    await phone.close();
    if (db) {
      const { rows } = await db.query(`SELECT email FROM "User" WHERE username = $1`, [user.username]);
      expect(rows).toEqual([{ email: next.email }]);
    }
    // A new email ends the account's other sign-ins, this browser's too (it did not confirm).
    await page.goto("/userControlPanel");
    await expect(page).toHaveURL(/\/authorization/);
    await signIn(page, next.email, user.password);
    await expect(page).toHaveURL(/\/userHome$/);
  });

  test("feedback: the message is required, and it is saved under the account's own name and email", async ({
    page,
    db,
  }) => {
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
    await expect(
      page.getByRole("dialog", { name: "Delete Profile" }).getByText("The current password is not correct.").first(),
    ).toBeVisible();
    await page
      .getByRole("dialog", { name: "Delete Profile" })
      .getByLabel("Current Password", { exact: true })
      .fill(user.password);
    await page
      .getByRole("dialog", { name: "Delete Profile" })
      .getByRole("button", { name: "Yes, delete my profile" })
      .click();
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
        .getByText(
          "The last administrator can neither lose the Admin role nor be deleted: make another user an administrator first.",
        ),
    ).toBeVisible();
    await page.goto("/userControlPanel");
    await expect(info(page, "email")).toHaveText(admin.email);
  });
});
