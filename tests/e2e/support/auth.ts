import { expect, type Page } from "@playwright/test";

/** Signs in through the real sign-in form, with or without JavaScript. */
export async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto("/authorization?formType=signin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/authorization/);
}
