import type { Locator, Page } from "@playwright/test";
import { adminOptions } from "../../app/lib/navigation";
import { appUrl, createUserViaSignup, expect, newUser, signInAsAdmin, signUp, test, unique } from "./support/fixtures";
import { PHONE_WIDTHS, sidewaysAt } from "./support/phone-layout";
import { gpxFile, seededPath, uploadedPreview } from "./support/trail-path";
import { benchNumberFor } from "./support/bench-numbers";

// Every page and state of the page sweep in accessibility.spec.ts is held to the phone widths on the same
// load as its axe scan (support/phone-layout.ts). Here: the states that sweep does not reach, and pages
// filled with long names and words that could push them wide.
const adminPages = [
  "/adminHome",
  "/adminAnalytics",
  ...adminOptions.map((option) => `/adminControlPanel?option=${option}`),
];

/** A report at a bench from `user`'s account, through the API; its id. */
async function reportAs(
  browser: import("@playwright/test").Browser,
  user: { email: string; password: string },
  benchId: string,
) {
  const origin = appUrl();
  const context = await browser.newContext({ baseURL: origin });
  try {
    const signin = await context.request.post("/api/user/signin", {
      headers: { Origin: origin },
      data: { email: user.email, password: user.password },
    });
    const { token } = (await signin.json()) as { token: string };
    const sent = await context.request.post("/api/reports", {
      headers: { Authorization: `Bearer ${token}`, Origin: origin },
      data: { benchId, category: "broken_bench", description: `The seat is ${"cracked".repeat(15)} down the middle` },
    });
    expect(sent.status()).toBe(201);
    return ((await sent.json()) as { _id: string })._id;
  } finally {
    await context.close();
  }
}

/** Every page at every phone width: the document may be no wider than the viewport. */
async function sweep(page: Page, paths: string[]) {
  const tooWide: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: PHONE_WIDTHS[0], height: 800 });
    await page.goto(path);
    for (const width of PHONE_WIDTHS) {
      const problem = await sidewaysAt(page, width);
      if (problem) tooWide.push(`${path} at ${width}px is ${problem}`);
    }
  }
  expect(tooWide).toEqual([]);
}

test.describe("no page scrolls sideways on a phone", () => {
  test(
    "User pages: the profile's dialogs, a video playing, and a report with a long word",
    { tag: "@no-js" },
    async ({ page }) => {
      await signUp(page);
      const videos = (await (await page.request.get("/api/video/videos")).json()) as {
        _id: string;
        subCategory: string;
      }[];
      const bodyWeight = videos.find((video) => video.subCategory === "Body Weight Exercise")!;
      const trails = (await (await page.request.get("/api/trails/trails")).json()) as { _id: string }[];
      const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
      // A report with a long word, on My reports.
      const sent = await page.request.post("/api/reports", {
        headers: { "X-XSRF-TOKEN": xsrf },
        data: {
          trailId: trails[0]._id,
          category: "obstruction",
          description: `Fallen branch ${"blocking".repeat(12)} the path`,
        },
      });
      expect(sent.status()).toBe(201);
      await sweep(page, [
        // The profile's dialogs: modal with JavaScript, a step of the page without.
        "/userControlPanel?feedback=open",
        "/userControlPanel?confirm=delete",
        // A player shown in its card (play's redirect lands there) and on the watch page.
        `/bodyWeightExercises?play=${bodyWeight._id}`,
        `/videos/${videos[0]._id}?play=1`,
        "/userControlPanel/reports",
      ]);
    },
  );

  test(
    "notices: a bench's page with a long closure, and the Notices area with it listed, edited and being deleted",
    { tag: "@no-js" },
    async ({ page, javaScriptEnabled }) => {
      await signInAsAdmin(page);
      const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
      const headers = { "X-XSRF-TOKEN": xsrf };
      // A bench of its own, far from every trail, so no other spec's page shows the notice.
      const bench = await page.request.post("/api/bench/bench", {
        headers,
        data: {
          bench_number: String(benchNumberFor("no-sideways-scroll", javaScriptEnabled)),
          location: "Sideways check field",
          latitude: "33.961",
          longitude: "-84.029",
        },
      });
      expect(bench.status()).toBe(201);
      const { _id: benchId } = (await bench.json()) as { _id: string };
      const posted = await page.request.post("/api/notices", {
        headers,
        data: {
          benchId,
          kind: "closed",
          message: `Closed: ${"resurfacing".repeat(12)} until further notice`,
          endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      });
      expect(posted.status()).toBe(201);
      const { _id: noticeId } = (await posted.json()) as { _id: string };
      await sweep(page, [
        `/benches/${benchId}`,
        "/adminControlPanel?option=notices",
        `/adminControlPanel?option=notices&edit=${noticeId}`,
        `/adminControlPanel?option=notices&confirm=delete&id=${noticeId}`,
      ]);
    },
  );

  test("Admin pages, the control panel's areas and their dialogs", { tag: "@no-js" }, async ({ page, browser }) => {
    // A long name and address, so the lists have something that could push them wide.
    const long = await createUserViaSignup(browser, "averyveryverylongusernamewithoutspaces");
    await signInAsAdmin(page);
    const users = (await (await page.request.get("/api/user/users")).json()) as { _id: string; username: string }[];
    const longId = users.find((user) => user.username === long.username)!._id;
    const [bench] = (await (await page.request.get("/api/bench/benches")).json()) as { _id: string }[];
    const reportId = await reportAs(browser, long, bench._id);
    // An upload of a new path for the Gold Trail, waiting on its preview (nothing is applied).
    const gold = "673e9addbf9ebe061ef810bf";
    const preview = await uploadedPreview(
      page.request,
      gold,
      gpxFile(`${"resurveyed".repeat(8)}.gpx`, seededPath("Gold Trail").slice(0, 8)),
    );
    await sweep(page, [
      "/adminControlPanel/qr-codes",
      `/adminControlPanel?option=bench&bench=${bench._id}`,
      `/benches/${bench._id}`,
      ...adminPages,
      `/adminControlPanel?option=profiles&confirm=role&id=${users[0]._id}`,
      `/adminControlPanel?option=profiles&q=${long.username}`,
      `/adminControlPanel?option=profiles&q=${long.username}&confirm=delete&id=${longId}`,
      // Reports with the long name as their reporter, and one alone (the mail's link).
      `/adminControlPanel?option=reports&id=${reportId}`,
      "/adminControlPanel?option=trail&trail=673e9addbf9ebe061ef810c1",
      "/adminControlPanel?option=trail&trail=673e9addbf9ebe061ef810c1&confirm=delete&index=0",
      // The last page of coordinates, with its confirmation.
      "/adminControlPanel?option=trail&trail=673e9addbf9ebe061ef810c1&page=6&confirm=delete&index=55",
      preview,
      `/adminControlPanel/trail-path?trail=${gold}`,
    ]);
  });

  test("emails in the Profiles cards wrap at a few points, never a letter per line", async ({ page, browser }) => {
    const long = await createUserViaSignup(browser, "averyveryverylongusernamewithoutspaces");
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`/adminControlPanel?option=profiles&q=${long.username}`);
    const row = page.locator(`tr[data-user-row="${long.username}"]`);
    const email = row.getByText(long.email);
    const { width, height, lineHeight } = await email.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { width: box.width, height: box.height, lineHeight: parseFloat(getComputedStyle(element).lineHeight) };
    });
    expect(width).toBeGreaterThan(200); // the card's width, not a column squeezed to one letter
    expect(Math.round(height / lineHeight)).toBeLessThanOrEqual(3);
    // Every action of the row is on screen and usable.
    for (const name of [`Make Admin for ${long.username}`, `Delete ${long.username}`]) {
      const control = row.getByRole(name.startsWith("Delete") ? "link" : "button", { name });
      await expect(control).toBeInViewport();
    }
  });

  test("every admin area's rows are cards on a phone, each action of a row wholly on screen", async ({
    page,
    request,
  }) => {
    // Feedback of its own, so the Feedback area has a row whatever other tests deleted.
    const author = newUser("cards");
    const signup = await request.post("/api/user/signup", { data: { ...author, confirmPassword: author.password } });
    const { token } = (await signup.json()) as { token: string };
    const text = `Cards on a phone ${unique("note")}`;
    const sent = await request.post("/api/feedback/submit", {
      headers: { Authorization: `Bearer ${token}` },
      data: { username: author.username, email: author.email, feedback: text },
    });
    expect(sent.status()).toBe(201);

    await signInAsAdmin(page);
    const benches = (await (await page.request.get("/api/bench/benches")).json()) as {
      _id: string;
      bench_number: number;
      videos: { title: string }[];
    }[];
    const bench = benches.find((candidate) => candidate.videos.length > 0)!;
    const videos = (await (await page.request.get("/api/video/videos")).json()) as { title: string }[];
    const video = videos[0].title;
    await page.setViewportSize({ width: 320, height: 800 });

    /** Scrolled to (a map or a form may come first), each control is wholly on screen: nothing hides off to the side. */
    const inReach = async (path: string, controls: () => Locator[]) => {
      await page.goto(path);
      for (const control of controls()) {
        await control.scrollIntoViewIfNeeded();
        await expect(control, `${path}: ${control}`).toBeInViewport({ ratio: 1 });
      }
    };
    await inReach("/adminControlPanel?option=trail&trail=673e9addbf9ebe061ef810c1", () => [
      page.getByLabel("Latitude of coordinate #1", { exact: true }),
      page.getByLabel("Longitude of coordinate #1", { exact: true }),
      page.getByRole("button", { name: "Save coordinate #1", exact: true }),
      page.getByRole("button", { name: "Insert below coordinate #1", exact: true }),
      page.getByRole("link", { name: "Delete coordinate #1", exact: true }),
    ]);
    await inReach(`/adminControlPanel?option=videos&q=${encodeURIComponent(video)}`, () => {
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: video, exact: true }) });
      return [
        card.getByRole("link", { name: `Edit ${video}`, exact: true }),
        card.getByRole("link", { name: `Delete ${video}`, exact: true }),
      ];
    });
    await inReach(`/adminControlPanel?option=bench&bench=${bench._id}`, () => {
      const edit = page.getByRole("form", { name: `Edit bench #${bench.bench_number}` });
      const list = page.getByRole("region", { name: `Videos of bench #${bench.bench_number}` });
      return [
        edit.getByLabel("Location"),
        edit.getByRole("button", { name: "Update", exact: true }),
        edit.getByRole("link", { name: "Delete", exact: true }),
        list.getByRole("link", { name: `Delete video ${bench.videos[0].title}`, exact: true }),
        page.getByRole("form", { name: "Add a video" }).getByRole("button", { name: "Add Video", exact: true }),
      ];
    });
    await inReach(`/adminControlPanel?option=feedback&q=${encodeURIComponent(text)}`, () => {
      const item = page.getByRole("article", { name: `Feedback from ${author.username}` });
      return [item.getByRole("button", { name: /^Mark resolved/ }), item.getByRole("link", { name: /^Delete/ })];
    });
    // The sender's "<email>" wraps inside the address, never leaving its "<" or ">" alone on a line, at
    // any width the card may have.
    const sender = page
      .getByRole("article", { name: `Feedback from ${author.username}` })
      .locator("p")
      .filter({ hasText: author.email });
    const strays = await sender.evaluate((element) => {
      const chars: [Text, number][] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let index = 0; index < node.data.length; index++) chars.push([node, index]);
      }
      const top = ([node, index]: [Text, number]) => {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        return Math.round(range.getBoundingClientRect().top);
      };
      const at = (char: string) => chars.findIndex(([node, index]) => node.data[index] === char);
      const [open, close] = [at("<"), at(">")];
      const found: string[] = [];
      for (let width = 100; width <= 320; width++) {
        element.style.width = `${width}px`;
        if (top(chars[open]) !== top(chars[open + 1])) found.push(`"<" alone at ${width} px`);
        if (top(chars[close]) !== top(chars[close - 1])) found.push(`">" alone at ${width} px`);
      }
      element.style.width = "";
      return found;
    });
    expect(strays).toEqual([]);
  });
});
