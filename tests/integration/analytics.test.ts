// Analytics queries and the /adminAnalytics loader against a real database.
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { beforeAll, describe, expect, test } from "vitest";
import { BarChart } from "~/components/bar-chart";
import { ageBandOf, getUserDemographics, getVideoAnalytics } from "~/models/analytics.server";
import { createUser } from "~/models/user.server";
import { loader } from "~/routes/adminAnalytics/route";
import { database, prisma } from "~/utils/db.server";
import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession } from "~/models/session.server";
import { truncateAll } from "../support/database-template";
import { getLoadContext } from "~/http/load-context.server";

type Person = { gender?: string | null; age?: number | null; ethnicity?: string | null; community?: string | null };

function people(count: number, person: Person) {
  return Array.from({ length: count }, () => person);
}

let adminCookie = "";
let userCookie = "";

beforeAll(async () => {
  await truncateAll(database);
  const admin = await createUser({
    username: "boss",
    email: "boss@example.test",
    password: "secret-pw",
    role: "Admin",
    gender: "Female",
    age: 40,
    ethnicity: "Asian",
    community: "Yes",
  });
  const user = await createUser({ username: "walker", email: "walker@example.test", password: "secret-pw" });
  adminCookie = await commitSessionCookie((await createSession(admin.id)).id);
  userCookie = await commitSessionCookie((await createSession(user.id)).id);
  // With boss (Female, 40, Asian, Yes) and walker (nothing given):
  const crowd: Person[] = [
    ...people(6, { gender: "Male", age: 19, ethnicity: "White", community: "Yes" }),
    ...people(5, { gender: "Female", age: 22, ethnicity: "Asian", community: "No" }),
    ...people(2, { gender: "Other", age: 17, ethnicity: "Hispanic/Latino", community: "Yes" }),
    ...people(1, { gender: "Prefer Not To Say", age: 70, ethnicity: null, community: null }),
  ];
  await prisma.user.createMany({
    data: crowd.map((person, index) => ({
      username: `p${index}`,
      usernameKey: `p${index}`,
      usernameShapeKey: `p${index}`,
      email: `p${index}@example.test`,
      passwordHash: "x",
      ...person,
    })),
  });
  await prisma.video.createMany({
    data: [
      {
        title: "Alpha",
        url: "https://www.youtube.com/embed/xTUmZcxf_tI",
        category: "exercise",
        subCategory: "Stretching",
        views: 10,
        likes: 1,
        dislikes: 4,
      },
      {
        title: "Bravo",
        url: "https://www.youtube.com/embed/IR0yV_3DfBo",
        category: "exercise",
        subCategory: "Stretching",
        views: 30,
        likes: 0,
        dislikes: 0,
      },
      {
        title: "Charlie",
        url: "https://www.youtube.com/embed/pSHjTRCQxIw",
        category: "health",
        subCategory: "Nutrition",
        views: 20,
        likes: 5,
        dislikes: 1,
      },
    ],
  });
});

const asMap = (groups: { label: string; count: number | null }[]) =>
  Object.fromEntries(groups.map((g) => [g.label, g.count]));

describe("user demographics", () => {
  test("counts per gender, ethnicity and community; groups of 1 to 4 come back suppressed (null), with the smallest larger group beside them", async () => {
    const result = await getUserDemographics();
    expect(result.total).toBe(16);
    // Other 2, Prefer Not To Say 1 and Not given 1 are hidden; with Male hidden too, 16 − 6 = 10 pins none of them down.
    expect(asMap(result.gender)).toEqual({
      Male: null,
      Female: 6,
      Other: null,
      "Prefer Not To Say": null,
      "Not given": null,
    });
    expect(result.gender.map((g) => g.label)).toEqual(["Male", "Female", "Other", "Prefer Not To Say", "Not given"]);
    expect(asMap(result.ethnicity)).toMatchObject({
      White: 6,
      Asian: null,
      "Hispanic/Latino": null,
      "Not given": null,
      "Black/African American": 0,
    });
    // Hiding only "Not given" (2) would leave 16 − 9 − 5 = 2 for anyone to read.
    expect(asMap(result.community)).toEqual({ Yes: 9, No: null, "Not given": null });
  });

  test("ages fall into bands, with 'Not given' for users who left it empty", async () => {
    const result = await getUserDemographics();
    expect(asMap(result.ageBand)).toEqual({
      "Under 18": null,
      // The only larger group is hidden with the small ones, or 16 − 11 would give their sum with nothing beside it.
      "18–24": null,
      "25–34": 0,
      "35–44": null,
      "45–54": 0,
      "55–64": 0,
      "65+": null,
      "Not given": null,
    });
    expect([0, 17, 18, 24, 25, 34, 35, 44, 45, 54, 55, 64, 65, 101, null].map(ageBandOf)).toEqual([
      "Under 18",
      "Under 18",
      "18–24",
      "18–24",
      "25–34",
      "25–34",
      "35–44",
      "35–44",
      "45–54",
      "45–54",
      "55–64",
      "55–64",
      "65+",
      "65+",
      "Not given",
    ]);
  });
});

describe("video analytics", () => {
  test("sorts by the chosen column and direction and totals every counter", async () => {
    const titles = async (sort: "title" | "views" | "likes" | "dislikes", dir: "asc" | "desc") =>
      (await getVideoAnalytics({ sort, dir })).videos.map((v) => v.title);
    expect(await titles("views", "desc")).toEqual(["Bravo", "Charlie", "Alpha"]);
    expect(await titles("views", "asc")).toEqual(["Alpha", "Charlie", "Bravo"]);
    expect(await titles("likes", "desc")).toEqual(["Charlie", "Alpha", "Bravo"]);
    expect(await titles("dislikes", "desc")).toEqual(["Alpha", "Charlie", "Bravo"]);
    expect(await titles("title", "desc")).toEqual(["Charlie", "Bravo", "Alpha"]);
    expect((await getVideoAnalytics({ sort: "views", dir: "desc" })).totals).toEqual({
      videos: 3,
      views: 60,
      likes: 6,
      dislikes: 5,
    });
  });

  test("the page loader reads ?sort and ?dir, falls back for unknown values, and is for admins only", async () => {
    const load = (search: string, cookie = adminCookie) =>
      loader({
        request: new Request(`http://localhost/adminAnalytics${search}`, { headers: { Cookie: cookie } }),
        params: {},
        context: getLoadContext(),
      });
    const sorted = await load("?sort=likes&dir=asc");
    expect(sorted.sort).toEqual({ sort: "likes", dir: "asc" });
    expect(sorted.videoAnalytics.videos.map((v) => v.title)).toEqual(["Bravo", "Alpha", "Charlie"]);
    expect((await load("?sort=password&dir=sideways")).sort).toEqual({ sort: "views", dir: "desc" });
    const forbidden = await load("", userCookie).catch((error: Response) => error);
    expect((forbidden as Response).status).toBe(403);
    const visitor = await load("", "").catch((error: Response) => error);
    expect((visitor as Response).headers.get("Location")).toMatch(/^\/authorization/);
  });
});

describe("bar chart", () => {
  test("a suppressed group is drawn at a fixed sliver with '< 5', never at its size; a note row draws no bars", () => {
    const html = renderToStaticMarkup(
      createElement(BarChart, {
        id: "t",
        title: "Users by gender",
        summary: "test",
        series: [{ name: "Users", bar: "bg-brand-700" }],
        rows: [
          { label: "Male", values: [10] },
          { label: "Other", values: [null] },
          { label: "3 videos with no activity yet", values: [0], note: "No views" },
        ],
      }),
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-labelledby="t-title"');
    expect(html).toContain('<span id="t-title" class="sr-only">Users by gender</span>');
    expect(html).toMatch(/data-suppressed="true"><span class="[^"]*bg-stone-500" style="width:6px"/);
    expect(html).toContain("&lt; 5");
    expect(html).toMatch(/data-label="3 videos with no activity yet"[^]*data-note="true">No views</);
    expect(html.match(/data-bar="true"/g)).toHaveLength(2);
  });
});

describe("the video list: idle videos in one line, the top ten first", () => {
  test("videos nobody viewed, liked or disliked are one group; ?videos=all shows every active video, top the first ten", async () => {
    await prisma.video.createMany({
      data: [
        ...Array.from({ length: 11 }, (_, index) => ({
          title: `Active ${String(index).padStart(2, "0")}`,
          url: `https://www.youtube.com/embed/act${String(index).padStart(8, "0")}`,
          category: "exercise",
          subCategory: "Stretching",
          views: 100 + index,
        })),
        ...["Zulu", "Yankee"].map((title) => ({
          title,
          url: `https://www.youtube.com/embed/idle${title}000`,
          category: "health",
          subCategory: "Nutrition",
        })),
      ],
    });
    try {
      const top = await getVideoAnalytics({ sort: "views", dir: "desc" }, "top");
      expect(top.videos.map((v) => v.title)).toEqual([
        "Active 10",
        "Active 09",
        "Active 08",
        "Active 07",
        "Active 06",
        "Active 05",
        "Active 04",
        "Active 03",
        "Active 02",
        "Active 01",
      ]);
      expect(top.more).toBe(4);
      expect(top.active).toBe(14);
      expect(top.idle).toEqual({ count: 2, titles: ["Yankee", "Zulu"] });
      expect(top.totals.videos).toBe(16);
      const all = await getVideoAnalytics({ sort: "views", dir: "desc" }, "all");
      expect(all.videos.map((v) => v.title).slice(10)).toEqual(["Active 00", "Bravo", "Charlie", "Alpha"]);
      expect(all.more).toBe(0);

      const load = async (search: string) =>
        loader({
          request: new Request(`http://localhost/adminAnalytics${search}`, { headers: { Cookie: adminCookie } }),
          params: {},
          context: getLoadContext(),
        });
      expect((await load("")).list).toBe("top");
      expect((await load("?videos=all")).videoAnalytics.videos).toHaveLength(14);
      expect((await load("?videos=everything")).videoAnalytics.videos).toHaveLength(10);
    } finally {
      await prisma.video.deleteMany({
        where: { OR: [{ title: { startsWith: "Active" } }, { title: { in: ["Zulu", "Yankee"] } }] },
      });
    }
  });
});
