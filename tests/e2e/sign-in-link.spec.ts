import type { APIRequestContext, Page } from "@playwright/test";
import { axeOn, axePage, expectNoFrames } from "./support/axe";
import { appUrl, expect, fillSignIn, mailbox, newUser, signOut, signUp, test, type TestUser } from "./support/fixtures";

// The device cookie (decision 040): after 20 failed sign-ins on an account, the right password from a
// browser without the account's device cookie gets a one-time link by mail instead of a session; the
// owner's own browser signs in at once.

const origin = () => appUrl();

/**
 * Twenty wrong passwords from a client that keeps no cookies, as a stranger's script sends them (one
 * after another: bursts and races are tested in tests/integration/device-cookie.test.ts).
 */
async function attack(request: APIRequestContext, email: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await request.post("/authorization?formType=signin", {
      form: { intent: "signin", email, password: `guess-${i}` },
      headers: { Origin: origin() },
    });
    statuses.push(answer.status());
  }
  expect(statuses).toEqual(Array(20).fill(401));
}

function signInLinkIn(text: string) {
  const match = /http:\/\/[^\s]+\/signin-link\/[A-Za-z0-9_-]+/.exec(text);
  if (!match) throw new Error(`no sign-in link in mail:\n${text}`);
  return new URL(match[0]);
}

/**
 * axe finds nothing, and nothing scrolls sideways, at a phone's width and a laptop's. With JavaScript the
 * page as it stands is checked; without, axe needs a script-enabled twin fed the server's HTML alone
 * (support/axe.ts), where `reach` brings it to the same state by the same scriptless steps.
 */
async function expectSound(page: Page, javaScriptEnabled: boolean, reach: (twin: Page) => Promise<void>) {
  const checked = await axePage(page, javaScriptEnabled);
  try {
    if (!javaScriptEnabled) await reach(checked.page);
    for (const width of [390, 1280]) {
      await checked.page.setViewportSize({ width, height: width < 992 ? 844 : 720 });
      await expectNoFrames(checked.page);
      expect((await axeOn(checked.page).analyze()).violations, `axe at ${width}px on ${checked.page.url()}`).toEqual(
        [],
      );
      expect(
        await checked.page.evaluate(() => document.documentElement.scrollWidth),
        `width at ${width}px`,
      ).toBeLessThanOrEqual(width);
    }
  } finally {
    await checked.close();
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function accountElsewhere(page: Page, user: TestUser) {
  // Signed up in this browser, then its cookies cleared: the browser the owner now uses is a new one.
  await signUp(page, user);
  await page.context().clearCookies();
}

test.describe("signing in while an account is under attack", { tag: "@no-js" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // Twenty bcrypt checks and axe at two widths: more than the suite's default half minute on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test("a new browser is sent a link, on a page that passes axe and fits a phone; the mail's Finish signing in leads to the signed-in home page, once", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const user = newUser("linked");
    await accountElsewhere(page, user);
    await attack(request, user.email);

    const askForLink = async (browser: Page) => {
      await browser.goto("/authorization?formType=signin");
      await fillSignIn(browser, user.email, user.password);
      await expect(browser).toHaveURL(/\/authorization\?formType=signin$/);
      await expect(browser.getByText("We sent you a link to finish signing in.")).toBeVisible();
    };
    await askForLink(page);
    // The page that says a link was sent passes axe and fits a phone. Without JavaScript its twin asks
    // once more, and a second link is mailed: either one signs in, once, below.
    await expectSound(page, javaScriptEnabled, askForLink);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("__session");
    await page.goto("/userHome");
    await expect(page).toHaveURL(/\/authorization\?/);

    const mail = await mailbox.waitFor(user.email);
    expect(mail.subject).toContain("Finish signing in to Walking Trails");
    // A neutral greeting, as in the reset mail: the body carries nothing anyone typed.
    const body = mail.text.slice(mail.text.search(/\r?\n\r?\n/));
    expect(body).toContain("Hello,");
    expect(body).not.toContain(user.username);
    const link = signInLinkIn(mail.text);
    expect(link.origin).toBe(origin());

    await page.goto(link.pathname);
    await expect(page.getByRole("heading", { level: 1, name: "Finish Signing In" })).toBeVisible();
    await expectSound(page, javaScriptEnabled, (twin) => twin.goto(link.pathname).then(() => undefined));
    // Opening the link (as a mail scanner would) used nothing up: it still offers the button.
    await page.reload();
    await page.getByRole("button", { name: "Finish signing in" }).click();
    await expect(page).toHaveURL(/\/userHome$/);
    await expect(page.getByText("Signed in successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(user.username);

    await signOut(page);
    await page.goto(link.pathname);
    await expect(page.getByText("This sign-in link is invalid, has expired or has already been used.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Finish signing in" })).toHaveCount(0);
    await expectSound(page, javaScriptEnabled, (twin) => twin.goto(link.pathname).then(() => undefined));
    await page.getByRole("link", { name: "Sign in again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();

    // The browser the link signed in is the owner's own now: the right password signs in at once.
    await fillSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/userHome$/);
  });

  test("the owner's own browser signs in at once, and a wrong password is refused as always", async ({
    page,
    request,
  }) => {
    const user = await signUp(page, newUser("known"));
    await signOut(page);
    await attack(request, user.email);

    await page.goto("/authorization?formType=signin");
    await fillSignIn(page, user.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Sign-in failed. Please check your credentials.");
    await fillSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/userHome$/);
    await expect(page.getByText("Signed in successfully!")).toBeVisible();
  });
});
