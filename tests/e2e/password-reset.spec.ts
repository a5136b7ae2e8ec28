import { expect, fieldError, fillSignIn, mailbox, newUser, signIn, signOut, signUp, test } from "./support/fixtures";

function resetLinkIn(text: string) {
  const match = /http:\/\/[^\s]+\/reset\/[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${text}`);
  return match[0];
}

test.describe("password reset by email", () => {
  test(
    "request → mail → new password; the old one fails and the link works once",
    { tag: "@no-js" },
    async ({ page }) => {
      const user = await signUp(page, newUser("reset"));
      await signOut(page);

      await page.goto("/authorization?formType=signin");
      await page.getByRole("link", { name: "Forgot Password?" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(user.email.toUpperCase());
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expect(page.getByText("Password reset link has been sent to your email.")).toBeVisible();

      const mail = await mailbox.waitFor(user.email);
      expect(mail.subject).toContain("Reset your Walking Trails password");
      // A neutral greeting: the mail carries nothing anyone typed, not even the username.
      const body = mail.text.slice(mail.text.search(/\r?\n\r?\n/));
      expect(body).toContain("Hello,");
      expect(body).not.toContain(user.username);
      const link = resetLinkIn(mail.text);
      const url = new URL(link);
      expect(url.origin).toBe(new URL(page.url()).origin); // APP_URL

      await page.goto(url.pathname);
      await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
      const submit = page.getByRole("button", { name: "Reset Password" });
      await page.getByLabel("New Password", { exact: true }).fill("abc");
      await page.getByLabel("Repeat Password", { exact: true }).fill("abc");
      await submit.click();
      await expect(fieldError(page, "Password must be at least 4 characters long.")).toBeVisible();
      await page.getByLabel("New Password", { exact: true }).fill("brand-new-pass");
      await page.getByLabel("Repeat Password", { exact: true }).fill("brand-new-pasz");
      await submit.click();
      await expect(fieldError(page, "Passwords do not match.")).toBeVisible();
      await page.getByLabel("New Password", { exact: true }).fill("brand-new-pass");
      await page.getByLabel("Repeat Password", { exact: true }).fill("brand-new-pass");
      await submit.click();
      await expect(page).toHaveURL(/\/authorization\?formType=signin$/);
      await expect(
        page.getByText("Your password has been reset. Please sign in with your new password."),
      ).toBeVisible();

      await fillSignIn(page, user.email, user.password);
      await expect(page.getByRole("alert")).toHaveText("Sign-in failed. Please check your credentials.");
      await signIn(page, user.email, "brand-new-pass");
      await expect(page).toHaveURL(/\/userHome$/);

      await signOut(page);
      await page.goto(url.pathname);
      await expect(
        page.getByText("This password reset link is invalid, has expired or has already been used."),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Request a new reset link" })).toHaveAttribute(
        "href",
        "/authorization?formType=reset",
      );
      await expect(page.getByRole("button", { name: "Reset Password" })).toHaveCount(0);
    },
  );

  test("the same answer for an unknown email, and no mail is sent", { tag: "@no-js" }, async ({ page }) => {
    const nobody = newUser("ghost");
    await page.goto("/authorization?formType=reset");
    await page.getByLabel("Email", { exact: true }).fill(nobody.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Password reset link has been sent to your email.")).toBeVisible();
    await page.waitForTimeout(500);
    expect(mailbox.all().filter((mail) => mail.to.includes(nobody.email))).toEqual([]);
  });

  test("the standalone /send-reset-link page sends a working link", { tag: "@no-js" }, async ({ page }) => {
    const user = await signUp(page, newUser("standalone"));
    await signOut(page);
    await page.goto("/send-reset-link");
    await expect(page.getByText("Enter your email to reset password")).toBeVisible();
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(fieldError(page, "Email is required.")).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Password reset link has been sent to your email.")).toBeVisible();
    const link = resetLinkIn((await mailbox.waitFor(user.email)).text);
    await page.goto(new URL(link).pathname);
    await page.getByLabel("New Password", { exact: true }).fill("another-pass");
    await page.getByLabel("Repeat Password", { exact: true }).fill("another-pass");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Your password has been reset. Please sign in with your new password.")).toBeVisible();
    await fillSignIn(page, user.email, "another-pass");
    await expect(page).toHaveURL(/\/userHome$/);
  });

  test(
    "a password changed on the profile page voids a reset link sent earlier",
    { tag: "@no-js" },
    async ({ page }) => {
      const user = await signUp(page, newUser("voided"));
      await signOut(page);
      await page.goto("/send-reset-link");
      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expect(page.getByText("Password reset link has been sent to your email.")).toBeVisible();
      const link = resetLinkIn((await mailbox.waitFor(user.email)).text);

      await signIn(page, user.email, user.password);
      await page.goto("/userControlPanel");
      const form = page.getByRole("form", { name: "Update Profile" });
      await form.getByLabel("New Password", { exact: true }).fill("changed-meanwhile");
      await form.getByLabel("Repeat Password", { exact: true }).fill("changed-meanwhile");
      await form.getByRole("button", { name: "Update Profile" }).click();
      await expect(page.getByText("Profile Updated!")).toBeVisible();

      await page.goto(new URL(link).pathname);
      await expect(
        page.getByText("This password reset link is invalid, has expired or has already been used."),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Reset Password" })).toHaveCount(0);
    },
  );

  test("a made-up token shows a clear message and a way to ask again", async ({ page }) => {
    await page.goto("/reset/not-a-real-token");
    await expect(
      page.getByText("This password reset link is invalid, has expired or has already been used."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Request a new reset link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
  });
});
