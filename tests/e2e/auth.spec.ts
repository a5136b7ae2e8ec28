import { tryAgainIn } from "../../app/lib/wait";
import {
  admin,
  appUrl,
  expect,
  fieldError,
  fillSignIn,
  newUser,
  signInWithForm,
  signOut,
  signUpWithForm,
  test,
  unique,
} from "./support/fixtures";

// Every test here drives the forms themselves, whose posts and server answers differ without scripts.
test.describe("sign up, sign in, sign out", { tag: "@no-js" }, () => {
  test("sign up creates a User account and signs the person in", async ({ page, db }) => {
    const user = await signUpWithForm(page);
    await expect(page.getByText("Account created successfully!")).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "My Profile" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${user.username}` })).toBeVisible();
    // The same visit, reloaded or come back to from the landing page's address: still a new account's welcome.
    await page.goto("/");
    await expect(page).toHaveURL(/\/userHome$/);
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${user.username}` })).toBeVisible();
    if (db) {
      const { rows } = await db.query(`SELECT role, "passwordHash" FROM "User" WHERE email = $1`, [user.email]);
      expect(rows[0].role).toBe("User");
      expect(rows[0].passwordHash).toMatch(/^\$sha256\$\$2[aby]\$1\d\$/);
    }
  });

  test("a sign-up refused by a limit says the real wait, the same as the answer's Retry-After", async ({
    page,
    request,
  }) => {
    const user = newUser("waiting");
    // Attempts on one email are limited (a few an hour, times the run's RATE_LIMIT_FACTOR): used up
    // through the API, the first making the account and the rest refused as taken, each counted.
    let status = 0;
    for (let i = 0; i < 1_000 && status !== 429; i++) {
      const data = {
        username: `${user.username}${i}`,
        email: user.email,
        password: user.password,
        confirmPassword: user.password,
      };
      status = (await request.post("/api/user/signup", { data, headers: { Origin: appUrl() } })).status();
    }
    expect(status).toBe(429);

    await page.goto("/authorization?formType=signup");
    await page.getByLabel("Username", { exact: true }).fill(`${user.username}x`);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Repeat Password", { exact: true }).fill(user.password);
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/authorization"),
    );
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    const answer = await answered;
    expect(answer.status()).toBe(429);
    const wait = Number(answer.headers()["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    // Not "a few minutes": the wait the header gives, in words (an hour's window, just begun).
    await expect(page.getByText(`Too many attempts. ${tryAgainIn(wait)}`)).toBeVisible();
    await expect(page.getByText(/Please try again in (59 minutes|1 hour)\./)).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
  });

  test("sign out ends the session and shows the public landing page", async ({ page }) => {
    await signUpWithForm(page);
    await signOut(page);
    await expect(page.getByText("You have been signed out.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Walking Trails" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    await page.goto("/userControlPanel");
    await expect(page).toHaveURL(/\/authorization\?formType=signin/);
  });

  test("a user signs in and lands on /userHome", async ({ page }) => {
    const user = await signUpWithForm(page);
    await signOut(page);
    await signInWithForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/userHome$/);
    await expect(page.getByText("Signed in successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome back, ${user.username}` })).toBeVisible();
  });

  test("an administrator signs in and lands on /adminHome", async ({ page }) => {
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/adminHome$/);
    await expect(page.getByText("Signed in successfully!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("navigation", { name: "Main" }).getByText("Admin Controls")).toBeVisible();
    await page.goto("/");
    await expect(page).toHaveURL(/\/adminHome$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  });

  test("after a guard redirect, signing in goes back to the page that was asked for", async ({ page }) => {
    const user = await signUpWithForm(page);
    await signOut(page);
    await page.goto("/userControlPanel");
    await expect(page).toHaveURL(/\/authorization\?formType=signin&redirectTo=%2FuserControlPanel/);
    await fillSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/userControlPanel$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
  });

  test("a sign-in link whose destination would leave the site lands on the home page instead", async ({
    page,
    baseURL,
  }) => {
    const user = await signUpWithForm(page);
    await signOut(page);
    for (const target of ["/\t/evil.example", "\\\\evil.example", "/%5Cevil.example"]) {
      await signInWithForm(page, user.email, user.password, target);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      await expect(page).toHaveURL(/\/userHome$/);
      await signOut(page);
    }
    await signInWithForm(page, user.email, user.password, "/trails?x=1#y");
    await expect(page).toHaveURL(/\/trails\?x=1#y$/);
  });

  test("a wrong password is refused with the sign-in failure message and keeps the typed email", async ({ page }) => {
    const user = await signUpWithForm(page);
    await signOut(page);
    await page.goto("/authorization?formType=signin");
    await fillSignIn(page, user.email, "wrong-password");
    await expect(page.getByRole("alert")).toHaveText("Sign-in failed. Please check your credentials.");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await fillSignIn(page, `nobody-${unique("x")}@example.test`, "whatever");
    await expect(page.getByRole("alert")).toHaveText("Sign-in failed. Please check your credentials.");
  });
});

test.describe("the authorization screen", () => {
  test(
    "modes have their titles, buttons and links, and switching clears messages",
    { tag: "@no-js" },
    async ({ page }) => {
      await page.goto("/authorization?formType=signin");
      await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
      await fillSignIn(page, "nobody@example.test", "nope");
      await expect(page.getByRole("alert")).toHaveText("Sign-in failed. Please check your credentials.");

      await page.getByRole("link", { name: "Don't have an account? Sign Up" }).click();
      await expect(page).toHaveURL(/formType=signup/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign Up" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign Up", exact: true })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);

      await page.getByRole("link", { name: "Already have an account? Sign In" }).click();
      await expect(page).toHaveURL(/formType=signin/);
      await expect(page.getByRole("alert")).toHaveCount(0);
      await page.getByRole("link", { name: "Forgot Password?" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible();
      await expect(page.getByText("Enter your email to reset password")).toBeVisible();
      await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
      await page.getByRole("link", { name: "Back to Sign In" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    },
  );

  test("sign-up selects start on disabled placeholders with the fixed options", async ({ page }) => {
    await page.goto("/authorization?formType=signup");
    const selects = [
      ["Gender", "Select Gender", ["Male", "Female", "Other", "Prefer Not To Say"]],
      [
        "Ethnicity",
        "Select Ethnicity",
        [
          "Asian",
          "Hispanic/Latino",
          "Black/African American",
          "American Indian/Alaska Native",
          "Native Hawaiian/Pacific Islander",
          "White",
          "Prefer not to answer",
          "Other",
        ],
      ],
      ["Part of the college community?", "Select Yes or No", ["Yes", "No"]],
    ] as const;
    for (const [label, placeholder, options] of selects) {
      const select = page.getByLabel(label, { exact: true });
      await expect(select.locator("option:checked")).toHaveText(placeholder);
      await expect(select.locator("option:checked")).toBeDisabled();
      await expect(select.locator("option:not([disabled])")).toHaveText([...options]);
    }
  });

  test("every sign-up validation message appears for the input that causes it", { tag: "@no-js" }, async ({ page }) => {
    await page.goto("/authorization?formType=signup");
    const submit = page.getByRole("button", { name: "Sign Up", exact: true });
    await submit.click();
    await expect(fieldError(page, "Username is required.")).toBeVisible();
    await expect(fieldError(page, "Email is required.")).toBeVisible();
    await expect(fieldError(page, "Password is required.")).toBeVisible();
    await expect(fieldError(page, "Please repeat the password.")).toBeVisible();

    const user = newUser("val");
    await page.getByLabel("Username", { exact: true }).fill(user.username);
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Repeat Password", { exact: true }).fill("abd");
    await page.getByLabel("Age", { exact: true }).fill("-3");
    await submit.click();
    await expect(fieldError(page, "Please enter a valid email address.")).toBeVisible();
    await expect(fieldError(page, "Password requirements not met.")).toBeVisible();
    await expect(page.getByText("Password must be at least 4 characters long.")).toBeVisible();
    await expect(fieldError(page, "Passwords do not match.")).toBeVisible();
    await expect(fieldError(page, "Age must be a whole number from 0 to 150.")).toBeVisible();
    // What was typed stays, except the passwords.
    await expect(page.getByLabel("Username", { exact: true })).toHaveValue(user.username);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
  });

  test(
    "a duplicate email or username is refused clearly and nothing is created",
    { tag: "@no-js" },
    async ({ page, db }) => {
      const taken = await signUpWithForm(page, newUser("dup"));
      await signOut(page);
      const attempt = async (username: string, email: string) => {
        await page.goto("/authorization?formType=signup");
        await page.getByLabel("Username", { exact: true }).fill(username);
        await page.getByLabel("Email", { exact: true }).fill(email);
        await page.getByLabel("Password", { exact: true }).fill("secret1");
        await page.getByLabel("Repeat Password", { exact: true }).fill("secret1");
        await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      };
      const other = newUser("dup");
      await attempt(other.username, taken.email.toUpperCase());
      await expect(page.getByRole("alert")).toHaveText("An account with this email already exists.");
      await expect(page.getByLabel("Username", { exact: true })).toHaveValue(other.username);
      await attempt(taken.username, other.email);
      await expect(page.getByRole("alert")).toHaveText("This username is already taken.");
      // The same name in capitals and fullwidth letters is the same name.
      const fullwidth = [...taken.username.toUpperCase()]
        .map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))
        .join("");
      await attempt(fullwidth, other.email);
      await expect(page.getByRole("alert")).toHaveText("This username is already taken.");
      // A name with a hidden right-to-left override is refused beside the field, keeping what was typed.
      await attempt(`${other.username}\u202egnp.exe`, other.email);
      await expect(
        fieldError(page, "Username cannot contain control or invisible formatting characters."),
      ).toBeVisible();
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(other.email);
      if (db) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM "User" WHERE username = $1 OR email = $2`, [
          other.username,
          other.email,
        ]);
        expect(rows[0].n).toBe(0);
      }
    },
  );

  test(
    "a look-alike of a taken username is the same name: refused with the message, keeping what was typed",
    { tag: "@no-js" },
    async ({ page, db }) => {
      const taken = await signUpWithForm(page, newUser("look"));
      await signOut(page);
      const other = newUser("look");
      const disguises = [
        taken.username.replace(/o/g, "\u043e"), // Cyrillic о
        taken.username.replace(/^l/, "I"), // a capital I for the l
        taken.username.replace(/o/g, "0").toUpperCase(), // zeros, in capitals
      ];
      for (const username of disguises) {
        await page.goto("/authorization?formType=signup");
        await page.getByLabel("Username", { exact: true }).fill(username);
        await page.getByLabel("Email", { exact: true }).fill(other.email);
        await page.getByLabel("Password", { exact: true }).fill(other.password);
        await page.getByLabel("Repeat Password", { exact: true }).fill(other.password);
        await page.getByRole("button", { name: "Sign Up", exact: true }).click();
        await expect(page.getByRole("alert")).toHaveText("This username is already taken.");
        await expect(page.getByLabel("Username", { exact: true })).toHaveValue(username);
        await expect(page.getByLabel("Email", { exact: true })).toHaveValue(other.email);
      }
      if (db) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM "User" WHERE email = $1`, [other.email]);
        expect(rows[0].n).toBe(0);
      }
    },
  );

  test(
    "privacy and consent agreements: dialogs with JavaScript, links to the texts without",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled }) => {
      await page.goto("/authorization?formType=signup");
      const privacyLink = page.getByRole("link", { name: "User Privacy Agreement" });
      const consentLink = page.getByRole("link", { name: "User Consent Agreement" });
      await expect(privacyLink).toHaveAttribute("href", "/privacy#privacy-policy");
      await expect(consentLink).toHaveAttribute("href", "/privacy#user-consent");
      if (!javaScriptEnabled) {
        await consentLink.click();
        await expect(page).toHaveURL(/\/privacy#user-consent$/);
        await expect(page.getByText("Effective date: March 19, 2025.")).toBeVisible();
        return;
      }
      const privacy = page.getByRole("dialog", { name: "Privacy Policy" });
      await privacyLink.click();
      await expect(privacy).toBeVisible();
      await expect(privacy.getByText("date and time of your access")).toBeVisible();
      await privacy.getByRole("button", { name: "Close", exact: true }).click();
      await expect(privacy).toBeHidden();
      await privacyLink.click();
      await page.keyboard.press("Escape");
      await expect(privacy).toBeHidden();
      await privacyLink.click();
      await privacy.getByRole("button", { name: "Close dialog" }).click();
      await expect(privacy).toBeHidden();
      await consentLink.click();
      const consent = page.getByRole("dialog", { name: "User Consent" });
      await expect(consent.getByText("Effective date: March 19, 2025.")).toBeVisible();
      await page.mouse.click(5, 5); // the backdrop
      await expect(consent).toBeHidden();
      await expect(page).toHaveURL(/formType=signup$/);
    },
  );

  test(
    "password fields have a Show/Hide toggle with JavaScript and stay usable without",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled }) => {
      await page.goto("/authorization?formType=signin");
      const password = page.getByLabel("Password", { exact: true });
      await password.fill("typed-secret");
      if (!javaScriptEnabled) {
        await expect(password).toHaveAttribute("type", "password");
        await expect(page.getByRole("button", { name: /show password/i })).toHaveCount(0);
        return;
      }
      await page.getByRole("button", { name: "Show password" }).click();
      await expect(password).toHaveAttribute("type", "text");
      await expect(password).toHaveValue("typed-secret");
      await page.getByRole("button", { name: "Hide password" }).click();
      await expect(password).toHaveAttribute("type", "password");
      await page.goto("/authorization?formType=signup");
      await page.getByRole("button", { name: "Show repeat password" }).click();
      await expect(page.getByLabel("Repeat Password", { exact: true })).toHaveAttribute("type", "text");
    },
  );
});
