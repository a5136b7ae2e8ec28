import { expect, type Page } from "@playwright/test";

/** Signs in through the real sign-in form, as a person would (works with JavaScript on and off). */
export async function signIn(page: Page, { email, password }: { email: string; password: string }, redirectTo?: string) {
  const query = new URLSearchParams({ formType: "signin" });
  if (redirectTo) query.set("redirectTo", redirectTo);
  await page.goto(`/authorization?${query}`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/authorization/);
}
