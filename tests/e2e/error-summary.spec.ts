import type { Locator, Page } from "@playwright/test";
import { videoMessages } from "../../app/schemas/video";
import { axeOn, expectNoFrames } from "./support/axe";
import {
  createUserViaSignup,
  expect,
  fillSignIn,
  mailbox,
  signInAsAdmin,
  signUp,
  test,
  type TestUser,
} from "./support/fixtures";

// Every refused form shows "There is a problem" at its top, with a link per
// field to the field (the GOV.UK design system's error summary). Without JavaScript the page opens on
// it; with JavaScript focus moves to it after every refusal, the browser's check or the server's answer,
// the same on every form. All on a phone, where a message below the first screen went unseen.
test.use({ viewport: { width: 390, height: 844 } });

const summaryOf = (scope: Page | Locator) => scope.getByRole("group", { name: "There is a problem" });

/**
 * The summary is on screen, whole, lists `links` (one per refused field, in the form's order) and
 * `texts` (the refusals of the whole form), and has the focus: moved there by the script, or without
 * JavaScript taken by the page itself (the summary's autofocus, or the fragment the form's action names).
 */
async function expectSummary(
  page: Page,
  javaScriptEnabled: boolean,
  { links = [], texts = [] }: { links?: (string | RegExp)[]; texts?: string[] },
) {
  const summary = summaryOf(page);
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expect(summary.getByRole("link")).toHaveText(links);
  for (const text of texts) await expect(summary.getByText(text, { exact: true })).toBeVisible();
  await expect(summary).toBeFocused();
  return summary;
}

/** A link of the summary leads to its field: on screen, and focused (by the browser, without JavaScript). */
async function expectLinkLeadsTo(page: Page, message: string, field: Locator) {
  await summaryOf(page).getByRole("link", { name: message, exact: true }).click();
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
}

test.describe("a refused form shows an error summary at its top, and the page opens on it", { tag: "@no-js" }, () => {
  test("sign in: empty fields link to each field; a wrong password is said in the summary", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/authorization?formType=signin");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectSummary(page, javaScriptEnabled, { links: ["Email is required.", "Password is required."] });
    await expectLinkLeadsTo(page, "Password is required.", page.getByLabel("Password", { exact: true }));

    // Refused by the server, about the whole form: text, no link, and focus on the summary all the same.
    await fillSignIn(page, "nobody@example.test", "wrong-password");
    await expectSummary(page, javaScriptEnabled, { texts: ["Sign-in failed. Please check your credentials."] });
    await expect(page.getByRole("alert")).toHaveText("Sign-in failed. Please check your credentials.");
  });

  test("sign up: every refused field, in the form's order", async ({ page, javaScriptEnabled }) => {
    await page.goto("/authorization?formType=signup");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Repeat Password", { exact: true }).fill("abd");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expectSummary(page, javaScriptEnabled, {
      links: [
        "Username is required.",
        "Please enter a valid email address.",
        "Password requirements not met.",
        "Passwords do not match.",
      ],
    });
    await expectLinkLeadsTo(page, "Passwords do not match.", page.getByLabel("Repeat Password", { exact: true }));
    // Corrected fields leave the summary as they are fixed (with JavaScript, which checks as you type).
    if (javaScriptEnabled) {
      await page.getByLabel("Username", { exact: true }).fill("someone");
      await expect(summaryOf(page).getByRole("link")).toHaveCount(3);
    }
  });

  test("password reset: both request forms and the new password form", async ({ page, browser, javaScriptEnabled }) => {
    const user: TestUser = await createUserViaSignup(browser, "summary");
    for (const path of ["/authorization?formType=reset", "/send-reset-link"]) {
      await page.goto(path);
      await page.getByLabel("Email", { exact: true }).fill("not-an-email");
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expectSummary(page, javaScriptEnabled, { links: ["Please enter a valid email address."] });
      await expectLinkLeadsTo(page, "Please enter a valid email address.", page.getByLabel("Email", { exact: true }));
    }
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Password reset link has been sent to your email.")).toBeVisible();
    const link = /http:\/\/\S+\/reset\/[A-Za-z0-9_-]+/.exec((await mailbox.waitFor(user.email)).text)![0];

    await page.goto(new URL(link).pathname);
    await page.getByLabel("New Password", { exact: true }).fill("abc");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectSummary(page, javaScriptEnabled, {
      links: ["Password must be at least 4 characters long.", "Please repeat the password."],
    });
    await expectLinkLeadsTo(page, "Please repeat the password.", page.getByLabel("Repeat Password", { exact: true }));
  });

  test("profile and feedback: far down the page, the refused page lands on the summary", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signUp(page);
    await page.goto("/userControlPanel");
    const form = page.getByRole("form", { name: "Update Profile" });
    await form.getByLabel("Age", { exact: true }).fill("999");
    await form.getByRole("button", { name: "Update Profile" }).click();
    await expectSummary(page, javaScriptEnabled, { links: ["Age must be a whole number from 0 to 150."] });
    // Without JavaScript the form's action named the summary: the browser landed on it, and focused it.
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/userControlPanel#update-profile-form-error$/);
    await expect(summaryOf(page)).toBeFocused();
    await expectLinkLeadsTo(page, "Age must be a whole number from 0 to 150.", form.getByLabel("Age", { exact: true }));

    // One error state under axe: the summary, its links and the invalid field (with scripts; the
    // server's HTML of such states is swept by tests/e2e/accessibility.spec.ts).
    if (javaScriptEnabled) {
      await expectNoFrames(page);
      const results = await axeOn(page).analyze();
      expect(
        results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        ),
      ).toEqual([]);
    }

    // Refused by the server at a field: the summary links to it and takes the focus again.
    await form.getByLabel("Age", { exact: true }).fill("40");
    await form.getByLabel("New Password", { exact: true }).fill("a-new-password");
    await form.getByLabel("Repeat Password", { exact: true }).fill("a-new-password");
    await form.getByLabel("Current Password", { exact: true }).fill("not-my-password");
    await form.getByRole("button", { name: "Update Profile" }).click();
    await expectSummary(page, javaScriptEnabled, { links: ["The current password is not correct."] });

    await page.goto("/userControlPanel");
    await page.getByRole("link", { name: "Feedback", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Feedback" });
    await dialog.getByRole("button", { name: "Send Feedback" }).click();
    await expectSummary(page, javaScriptEnabled, { links: ["Feedback is required."] });
    await expect(dialog.getByRole("group", { name: "There is a problem" })).toBeVisible();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/userControlPanel#feedback-form-error$/);
    await expect(summaryOf(page)).toBeFocused();
    await expectLinkLeadsTo(page, "Feedback is required.", dialog.getByLabel("Feedback", { exact: true }));
  });

  test("log a walk: laps 0", async ({ page, javaScriptEnabled }) => {
    await signUp(page);
    await page.goto("/userControlPanel/walks");
    const form = page.getByRole("form", { name: "Log a walk" });
    await form.getByLabel("Laps", { exact: true }).fill("0");
    await form.getByRole("button", { name: "Save walk" }).click();
    await expectSummary(page, javaScriptEnabled, { links: ["Laps must be a number, more than 0 and at most 20."] });
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/userControlPanel\/walks#log-walk-form-error$/);
    await expect(summaryOf(page)).toBeFocused();
    await expectLinkLeadsTo(
      page,
      "Laps must be a number, more than 0 and at most 20.",
      form.getByLabel("Laps", { exact: true }),
    );
  });

  test("report a problem: at the foot of a trail's page, the refused page lands on the summary", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signUp(page);
    await page.goto("/trails/gold");
    const form = page.getByRole("form", { name: "Report a problem" });
    await form.getByRole("button", { name: "Send report" }).click();
    await expectSummary(page, javaScriptEnabled, {
      links: ["Choose what kind of problem it is.", "Describe the problem."],
    });
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/trails\/gold#report-form-error$/);
    await expect(summaryOf(page)).toBeFocused();
    await expectLinkLeadsTo(page, "Describe the problem.", form.getByLabel(/^Description/));
  });

  test("admin: a new notice refused at its fields keeps its message", async ({ page, javaScriptEnabled }) => {
    await signInAsAdmin(page);
    await page.goto("/adminControlPanel?option=notices");
    const form = page.getByRole("form", { name: "Post a notice" });
    await form.getByLabel(/^Message walkers read/).fill("Closed for the 5K");
    await form.getByRole("button", { name: "Post notice" }).click();
    await expectSummary(page, javaScriptEnabled, {
      links: ["Choose the trail or the bench the notice is about.", "Choose Closed or Caution."],
    });
    if (!javaScriptEnabled) await expect(page).toHaveURL(/#add-notice-error$/);
    await expectLinkLeadsTo(page, "Choose Closed or Caution.", form.getByLabel("Kind"));
    await expect(form.getByLabel(/^Message walkers read/)).toHaveValue("Closed for the 5K");
  });

  test("admin: a video, a trail coordinate and a bench, each refused at a field", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/adminControlPanel?option=videos");
    const addVideo = page.getByRole("region", { name: "Add a video" });
    await addVideo.getByLabel("Video link", { exact: true }).fill("http://vimeo.com/12345");
    await addVideo.getByRole("button", { name: "Add video" }).click();
    await expectSummary(page, javaScriptEnabled, {
      links: [
        videoMessages.titleRequired,
        videoMessages.urlInvalid,
        videoMessages.categoryRequired,
        videoMessages.subCategoryRequired,
      ],
    });
    await expectLinkLeadsTo(page, videoMessages.urlInvalid, addVideo.getByLabel("Video link", { exact: true }));

    // A row of the coordinate table: the page lands on the row, whose summary stands beside its buttons.
    await page.goto("/adminControlPanel?option=trail");
    await page.getByLabel("Latitude of coordinate #2", { exact: true }).fill("north");
    await page.getByRole("button", { name: "Save coordinate #2", exact: true }).click();
    await expectSummary(page, javaScriptEnabled, { links: [/^Latitude/] });
    await expect(page.locator("tr#point-2").getByRole("group", { name: "There is a problem" })).toBeVisible();
    await expectLinkLeadsTo(
      page,
      (await summaryOf(page).getByRole("link").textContent())!,
      page.getByLabel("Latitude of coordinate #2", { exact: true }),
    );

    await page.goto("/adminControlPanel?option=bench");
    await page.getByRole("combobox", { name: "Bench", exact: true }).selectOption({ index: 1 });
    await page.getByRole("button", { name: "Show bench" }).click();
    const edit = page.getByRole("form", { name: /^Edit bench #/ });
    await edit.getByLabel("Latitude").fill("99");
    await edit.getByRole("button", { name: "Update" }).click();
    await expectSummary(page, javaScriptEnabled, { links: ["Latitude must be between -90 and 90."] });
    await expectLinkLeadsTo(page, "Latitude must be between -90 and 90.", edit.getByLabel("Latitude"));
  });
});
