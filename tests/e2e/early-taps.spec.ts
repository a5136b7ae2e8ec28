import { createUserViaSignup, expect, test } from "./support/fixtures";

// On a busy phone the app's first render can wait behind other work while the person already taps and
// types. That must neither break the page nor raise an error, and the page must come alive afterwards
// (docs/decisions/083-hydrate-after-the-page-data.md).

/**
 * Holds React's scheduled work (its scheduler posts `null` to a MessageChannel to run a task) until the
 * test releases it, as a phone whose main thread is behind would: events still arrive meanwhile.
 */
function holdScheduledWork() {
  const post = MessagePort.prototype.postMessage;
  const held: MessagePort[] = [];
  const state = window as unknown as { heldWork: number; releaseWork: () => void };
  state.heldWork = 0;
  MessagePort.prototype.postMessage = function (this: MessagePort, message: unknown, ...rest: never[]) {
    if (message !== null) return post.call(this, message, ...rest);
    held.push(this);
    state.heldWork += 1;
  };
  state.releaseWork = () => {
    MessagePort.prototype.postMessage = post;
    for (const port of held.splice(0)) post.call(port, null);
  };
}

test("typing into the sign-in form before the app's first render: no error, and the page comes alive", async ({
  page,
  browser,
}) => {
  const user = await createUserViaSignup(browser, "early");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(holdScheduledWork);

  await page.goto("/authorization?formType=signin");
  // The app has asked React to hydrate the page, and that work waits.
  await page.waitForFunction(() => (window as unknown as { heldWork: number }).heldWork > 0);
  await page.getByRole("heading", { level: 1, name: "Sign In" }).click();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  expect(errors).toEqual([]);

  await page.evaluate(() => (window as unknown as { releaseWork: () => void }).releaseWork());
  // Only the hydrated page offers to show the password; what was typed is still there.
  await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await page.locator("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/userHome$/);
  await expect(page.getByText("Signed in successfully!")).toBeVisible();
  expect(errors).toEqual([]);
});
