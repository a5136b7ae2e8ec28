// The flows of tests/e2e that most depend on the engine (forms and their validation, <details> and
// <dialog>, focus, the OpenLayers canvas, cookies and redirects, downloads), run in WebKit and Gecko.
// docs/testing.md says which run where and why. Every test also fails if the engine reported an uncaught
// error or a content-security-policy violation (support/fixtures.ts).
import { adminSession, baseURL, expect, expectAddress, expectHidden, expectShown } from "./support/fixtures";
import { newUser, signUpSession, test } from "./support/fixtures";
import type { EnginePage } from "./support/engine";

const h1 = (name: string) => ({ role: "heading" as const, css: "h1", name });
const field = (label: string, within?: { css: string }) => ({ label, within });
const button = (name: string, within?: object) => ({ role: "button" as const, name, within });
const link = (name: string, within?: object) => ({ role: "link" as const, name, within });
/** A flash message or a form's answer, announced in a status region. */
const statusText = "[role='status'] *, [role='status']";
/** The project with JavaScript off runs only these (playwright.engines.config.ts). */
const noJs = { tag: "@no-js" };

/** Where the keyboard focus is, as the id of the focused element or of the dialog holding it. */
async function focusInside(tab: EnginePage, selector: string) {
  return tab.evaluate((css) => !!document.activeElement?.closest(css), selector);
}

/** A new account made through the API, its browser left signed out. */
async function accountOnly() {
  const user = newUser("eng");
  const response = await fetch(`${baseURL()}/api/user/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({ ...user, confirmPassword: user.password }),
  });
  expect(response.status).toBe(201);
  return { ...user, id: ((await response.json()) as { result: { _id: string } }).result._id };
}

test("the landing page: its heading, the trails' map drawn, and the way to sign in", async ({ tab }) => {
  await tab.goto("/");
  await expectShown(tab, h1("Walking Trails"));
  await expectShown(tab, {
    role: "img",
    name: "^Map of the campus's three trails \\(Gold Trail, Green Trail, and Gray Trail\\)",
    match: true,
  });
  // The picture is decoded and has its size: a blocked or broken image has none.
  const decoded = () => {
    const maps = [...document.images].filter((img) => img.alt.startsWith("Map of"));
    return maps.map((img) => img.naturalWidth > 0);
  };
  const drawn = await tab.evaluate(decoded, null);
  expect(drawn).toEqual([true]);
  await tab.click(link("Sign In", { css: "main" }));
  await expectAddress(tab, /^\/authorization/);
  await expectShown(tab, h1("Sign In"));
});

test("sign up: a refused password keeps what was typed, then a good one signs the person in", async ({ tab }) => {
  const user = newUser("engsu");
  await tab.goto("/authorization?formType=signup");
  await tab.fill(field("Username"), user.username);
  await tab.fill(field("Email"), user.email);
  await tab.fill(field("Password"), "abc");
  await tab.fill(field("Repeat Password"), "abc");
  await tab.click(button("Sign Up"));
  await expectShown(tab, { css: ".field-error", text: "Password requirements not met." });
  await expectShown(tab, { text: "Password must be at least 4 characters long.", css: "li, p" });
  await expectShown(tab, field("Username"), { value: user.username });
  await expectShown(tab, field("Email"), { value: user.email });

  await tab.fill(field("Password"), user.password);
  await tab.fill(field("Repeat Password"), user.password);
  await tab.click(button("Sign Up"));
  await expectAddress(tab, /^\/userHome$/);
  await expectShown(tab, h1(`Welcome, ${user.username}`));
  await expectShown(tab, { text: "Account created successfully!", css: "[role='status'] *" });
});

test("sign in with the form, then sign out", async ({ tab }) => {
  const user = await accountOnly();
  await tab.goto("/authorization?formType=signin");
  await tab.fill(field("Email"), user.email);
  await tab.fill(field("Password"), user.password);
  await tab.click(button("Sign In", { css: "main" }));
  await expectAddress(tab, /^\/userHome$/);
  await expectShown(tab, h1(`Welcome back, ${user.username}`));
  await expectShown(tab, { text: "Signed in successfully!", css: "[role='status'] *" });

  await tab.click(button("Logout", { role: "navigation", name: "Main" }));
  await expectAddress(tab, /^\/$/);
  await expectShown(tab, { text: "You have been signed out.", css: "[role='status'] *" });
  await expectShown(tab, link("Login", { role: "navigation", name: "Main" }));
});

test("the phone menu opens over the page and closes when the dimmed page is tapped", async ({ tab }) => {
  await tab.setViewport(390, 844);
  await tab.goto("/about");
  const menu = { role: "navigation" as const, name: "Menu" };
  await expectHidden(tab, menu);
  await expectHidden(tab, { role: "navigation", name: "Main" });
  await tab.click({ css: "summary", text: "Menu" });
  await expectShown(tab, menu);
  await expectShown(tab, link("Privacy", menu));
  // Left of the panel, in the middle of the screen: only the dimmed page is there.
  await tab.clickAt(20, 500);
  await expectHidden(tab, menu);
  await expectAddress(tab, /^\/about$/);
  await expectShown(tab, { role: "heading", css: "h1" });
});

test("a video page: the player comes only when asked for, and a reaction is kept", async ({ tab }) => {
  await signUpSession(tab);
  await tab.setViewport(390, 844);
  await tab.goto("/bodyWeightExercises");
  await expectShown(tab, h1("Body Weight Exercises"));
  // WebKit and Gecko run side by side against one app: each likes a video of its own, so that the other's
  // like cannot change the count this one reads.
  const title = tab.engine === "webkit" ? "How to Do Jumping Jacks" : "How to Do a Bodyweight Lunge";
  const card = { css: "article", text: title };
  // The facade: a still and a play button, no player frame until pressed.
  await expectShown(tab, button(`Play video: ${title}`, card));
  expect(await tab.evaluate(() => document.querySelectorAll("iframe").length, null)).toBe(0);
  await tab.click(button(`Play video: ${title}`, card));
  await expectAddress(tab, /^\/bodyWeightExercises\?play=[0-9a-f]+#video-[0-9a-f]+$/);
  const player = { attributes: expect.objectContaining({ title: `Video player: ${title}` }) };
  await expectShown(tab, { css: "iframe", within: card }, player);

  const like = { role: "button" as const, name: "^Like \\d+$", match: true, within: card };
  await expectShown(tab, like);
  const before = Number((await tab.inspect(like))!.text.replace(/\D/g, ""));
  await tab.click(like);
  await expectShown(tab, { css: "p, span", text: "You liked this video.", within: card });
  await expectShown(tab, like, { attributes: expect.objectContaining({ "aria-pressed": "true" }), inViewport: true });
  await expectShown(tab, { ...like, name: `Like ${before + 1}`, match: false });
});

test("the interactive map: the trail drawn on its canvas, the benches shown, a bench's popup", async ({ tab }) => {
  // The heaviest page to draw: WebKit under Xvfb paints OpenLayers' canvas in software.
  test.setTimeout(180_000);
  await signUpSession(tab);
  await tab.goto("/trails");
  await expectShown(tab, h1("Trail Map"));
  await tab.click(link("Interactive map"));
  const map = { css: "[data-map='openlayers']" };
  // OpenLayers comes as a chunk of its own after the click: give it longer on a loaded machine.
  const rendered = { "data-rendered": "true", "data-trail": "green" };
  await expectShown(tab, map, { attributes: expect.objectContaining(rendered) }, 60_000);
  // Something is drawn on the canvas: the trail's line (the tiles never load here).
  await expect
    .poll(() =>
      tab.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>("[data-map='openlayers'] canvas");
        const pixels = canvas?.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        let painted = 0;
        for (let index = 3; index < pixels.length; index += 4) if (pixels[index] > 0) painted++;
        return painted;
      }, null),
    )
    .toBeGreaterThan(100);

  await tab.click(button("Show Benches"));
  const benchesShown = { "data-benches-visible": expect.stringMatching(/^[1-9]\d*$/) };
  await expectShown(tab, map, { attributes: expect.objectContaining(benchesShown) });
  await expectShown(tab, button("Hide Benches"));
  const frame = await tab.evaluate(() => {
    const element = document.querySelector<HTMLElement>("[data-map='openlayers']")!;
    element.scrollIntoView({ block: "center" });
    const box = element.getBoundingClientRect();
    const markers = JSON.parse(element.dataset.markers ?? "[]") as { benches: number[]; x: number; y: number }[];
    return { x: box.x, y: box.y, markers };
  }, null);
  const marker = frame.markers.find((candidate) => candidate.benches.length === 1)!;
  expect(marker, "a marker of one bench").toBeTruthy();
  // The container's 1 px border: OpenLayers draws inside it.
  await tab.clickAt(frame.x + 1 + marker.x, frame.y + 1 + marker.y);
  const popup = { role: "dialog" as const, name: `Bench ${marker.benches[0]}` };
  await expectShown(tab, popup);
  await tab.click(button("Close bench details", popup));
  await expectHidden(tab, popup);
  expect(await tab.evaluate(() => document.activeElement?.getAttribute("data-map"), null)).toBe("openlayers");
});

test("the profile: an update is saved and shown, and the feedback dialog sends", async ({ tab }) => {
  const user = await signUpSession(tab);
  await tab.goto("/userControlPanel");
  await expectShown(tab, h1("My Profile"));
  const form = { css: "#update-profile-form" };
  await tab.fill(field("Age", form), "34");
  await tab.select(field("Gender", form), "Female");
  await tab.click(button("Update Profile", form));
  await expectShown(tab, { text: "Profile Updated!", css: statusText });
  await expectShown(tab, { css: "dd[data-field='age']" }, { text: "34" });
  await expectShown(tab, { css: "dd[data-field='gender']" }, { text: "Female" });

  await tab.click(link("Feedback"));
  const dialog = { role: "dialog" as const, name: "Feedback" };
  await expectShown(tab, dialog);
  expect(await tab.evaluate(() => document.querySelector("#feedback-dialog")?.matches(":modal"), null)).toBe(true);
  expect(await focusInside(tab, "#feedback-dialog"), "the keyboard is in the dialog").toBe(true);
  await expectShown(tab, field("Username", { css: "#feedback-dialog" }), { value: user.username });
  await tab.click(button("Send Feedback", dialog));
  await expectShown(tab, { css: ".field-error", text: "Feedback is required.", within: dialog });
  await tab.fill(field("Feedback", { css: "#feedback-dialog" }), `More benches, please ${Date.now()}`);
  await tab.click(button("Send Feedback", dialog));
  await expectShown(tab, { text: "Thank you! Your feedback has been sent.", css: statusText });
  await expectHidden(tab, dialog);
});

test("a trail page shows its directions and offers its GPX file", async ({ tab }) => {
  await tab.goto("/trails/gray");
  await expectShown(tab, h1("Gray Trail"));
  const download = link("Download GPX");
  const file = { href: "/trails/gray/download/gpx", download: "" };
  await expectShown(tab, download, { attributes: expect.objectContaining(file) });
  // What the link hands the browser: a GPX file to save (asked from the page, with its cookies).
  const answer = await tab.evaluate(async (href) => {
    const response = await fetch(href);
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      disposition: response.headers.get("content-disposition"),
      body: await response.text(),
    };
  }, "/trails/gray/download/gpx");
  const type = expect.stringContaining("application/gpx+xml");
  expect(answer).toMatchObject({ status: 200, type, disposition: 'attachment; filename="gray-trail.gpx"' });
  expect(answer.body).toMatch(/^<\?xml[^>]*>\s*<gpx[\s\S]*<trkpt [\s\S]*<\/gpx>\s*$/);
});

test("an admin form: a role change asks first, then answers in the person's row", async ({ tab }) => {
  const user = await accountOnly();
  await adminSession(tab);
  await tab.goto(`/adminControlPanel?option=profiles`);
  await tab.fill(field("Search by username or email"), user.username);
  await tab.click(button("Search"));
  // The new account also heads the unfiltered list: a press there before the search's page replaced it
  // would open a dialog that the arriving results then close.
  await expectAddress(tab, new RegExp(`[?&]q=${user.username}`));
  const row = { css: `tr[data-user-row="${user.username}"]` };
  await tab.click(button(`Make Admin for ${user.username}`, row));
  const dialog = { role: "dialog" as const, name: "Change role" };
  const question = `Are you sure you want to change ${user.username}'s role?`;
  await expectShown(tab, dialog, { text: expect.stringContaining(question) });
  await tab.click(button("Yes, change role", dialog));
  const changed = `${user.username}'s role was changed to Admin.`;
  const answer = { css: `[id="user-${user.id}"] [role='status']`, text: changed };
  await expectShown(tab, answer, { inViewport: true });
  expect(await focusInside(tab, `[id="user-${user.id}"]`), "focus moves to the answer").toBe(true);
  await expectShown(tab, button(`Make User for ${user.username}`, row));
});

test("no JavaScript: the sign-in form refuses a wrong password, then signs in", noJs, async ({ tab }) => {
  const user = await accountOnly();
  await tab.goto("/authorization?formType=signin");
  await tab.fill(field("Email"), user.email);
  await tab.fill(field("Password"), "not-the-password");
  await tab.click(button("Sign In", { css: "main" }));
  await expectShown(tab, { role: "alert", text: "Sign-in failed. Please check your credentials." });
  await expectShown(tab, field("Email"), { value: user.email });
  await tab.fill(field("Password"), user.password);
  await tab.click(button("Sign In", { css: "main" }));
  await expectAddress(tab, /^\/userHome$/);
  await expectShown(tab, h1(`Welcome back, ${user.username}`));
});

test("no JavaScript: an admin's delete is confirmed on a page of its own", noJs, async ({ tab }) => {
  const user = await accountOnly();
  await adminSession(tab);
  await tab.goto(`/adminControlPanel?option=profiles&q=${encodeURIComponent(user.username)}`);
  const row = { css: `tr[data-user-row="${user.username}"]` };
  await tab.click(link(`Delete ${user.username}`, row));
  await expectAddress(tab, /confirm=/);
  const dialog = { role: "dialog" as const, name: "Delete user" };
  const question = `Are you sure you want to delete: ${user.username}?`;
  await expectShown(tab, dialog, { text: expect.stringContaining(question) });
  await tab.click(button("Yes, delete", dialog));
  await expectShown(tab, { css: "#user-results [role='status']", text: `${user.username} was deleted.` });
  await expectAddress(tab, /#user-results$/);
  await tab.goto(`/adminControlPanel?option=profiles&q=${encodeURIComponent(user.username)}`);
  await expectShown(tab, { css: "main p, main td", text: "No results found" });
});
