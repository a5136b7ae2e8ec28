import { appUrl, expect, newUser, signInAsAdmin, signUp, test } from "./support/fixtures";

test.describe("feedback after its sender deletes their account", { tag: "@no-js" }, () => {
  test("keeps the message for the admins, without the sender's name or email", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const user = await signUp(page, newUser("erased"));
    await page.goto("/userControlPanel");
    await page.getByRole("link", { name: "Feedback", exact: true }).click();
    const feedback = page.getByRole("dialog", { name: "Feedback" });
    const text = `Please add water fountains ${Date.now()}`;
    await feedback.getByLabel("Feedback", { exact: true }).fill(text);
    await feedback.getByRole("button", { name: "Send Feedback" }).click();
    await expect(page.getByText("Thank you! Your feedback has been sent.")).toBeVisible();

    await page.getByRole("link", { name: "Delete Profile", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Profile" });
    await confirm.getByLabel("Current Password", { exact: true }).fill(user.password);
    await confirm.getByRole("button", { name: "Yes, delete my profile" }).click();
    await expect(page.getByText("Your profile has been deleted.")).toBeVisible();

    const context = await browser.newContext({ baseURL: appUrl(), javaScriptEnabled });
    const adminPage = await context.newPage();
    await signInAsAdmin(adminPage);
    await adminPage.goto(`/adminControlPanel?option=feedback&q=${encodeURIComponent(text)}`);
    const entry = adminPage.getByRole("article", { name: "Feedback from deleted account" });
    await expect(entry).toContainText(text);
    await expect(entry).toContainText("deleted account");
    await expect(adminPage.getByRole("list", { name: "Feedback" })).not.toContainText(user.username);
    await expect(adminPage.getByRole("list", { name: "Feedback" })).not.toContainText(user.email);
    await context.close();
  });
});
