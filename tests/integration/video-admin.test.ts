// The admin Videos area (control panel action/loader) and the /api/video endpoints, against a real database.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, test } from "vitest";
import * as adminPanel from "~/routes/adminControlPanel/route";
import * as videoById from "~/routes/api.video.$id";
import * as videoList from "~/routes/api.video.videos";
import * as openApi from "~/routes/api.openapi[.]json";
import { videoJsonSchema, videoMessages } from "~/schemas/video";
import { database, prisma } from "~/utils/db.server";
import { truncateAll } from "../support/database-template";
import { getLoadContext } from "~/http/load-context.server";
import { signedInAccount } from "../support/accounts";

let userToken = "";
let adminToken = "";
let userCookie = "";
let adminCookie = "";
let videoId = "";

beforeEach(async () => {
  await truncateAll(database);
  ({ token: userToken, cookie: userCookie } = await signedInAccount("User", "walker"));
  ({ token: adminToken, cookie: adminCookie } = await signedInAccount("Admin", "boss"));
  videoId = (
    await prisma.video.create({
      data: {
        title: "Water Basics",
        subCategory: "Hydration",
        category: "hydration",
        url: "https://www.youtube.com/embed/xTUmZcxf_tI",
        description: "Drink before you are thirsty.",
        views: 7,
        likes: 2,
      },
    })
  ).id;
  await prisma.video.create({
    data: {
      title: "Plank Form",
      subCategory: "Body Weight Exercise",
      category: "exercise",
      url: "https://www.youtube.com/embed/pSHjTRCQxIw",
    },
  });
});

type Route = { loader: (args: LoaderFunctionArgs) => unknown; action: (args: ActionFunctionArgs) => unknown };

function api(
  route: Route,
  path: string,
  init: RequestInit & { token?: string } = {},
  params: Record<string, string> = {},
) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.body) headers.set("Content-Type", "application/json");
  const request = new Request(`http://localhost${path}`, { ...init, headers });
  const fn = (init.method ?? "GET") === "GET" ? route.loader : route.action;
  return fn({ request, params, context: getLoadContext() }) as Promise<Response>;
}

const missingId = "0123456789abcdef01234567";
const newVideo = {
  title: "Calf Stretch",
  url: "https://youtu.be/IR0yV_3DfBo?si=share&t=3",
  category: "exercise",
  subCategory: "Stretching",
  description: "Hold for 30 seconds.",
};

describe("GET /api/video/videos", () => {
  test("a signed-in user gets every video in the API's shape", async () => {
    const response = await api(videoList, "/api/video/videos", { token: userToken });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toHaveLength(2);
    for (const item of body) expect(videoJsonSchema.strict().parse(item)).toEqual(item);
    expect(body.find((v: { _id: string }) => v._id === videoId)).toEqual({
      _id: videoId,
      title: "Water Basics",
      url: "https://www.youtube.com/embed/xTUmZcxf_tI",
      category: "hydration",
      subCategory: "Hydration",
      description: "Drink before you are thirsty.",
      views: 7,
      likes: 2,
      dislikes: 0,
      version: 0,
    });
  });

  test("a visitor gets 401", async () => {
    const response = await api(videoList, "/api/video/videos");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: expect.any(String), error: expect.any(String) });
  });
});

describe("POST /api/video/videos and PATCH /api/video/{id}", () => {
  test("an admin creates a video; any YouTube link is stored as its embed URL", async () => {
    const response = await api(videoList, "/api/video/videos", {
      method: "POST",
      token: adminToken,
      body: JSON.stringify(newVideo),
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      ...newVideo,
      url: "https://www.youtube.com/embed/IR0yV_3DfBo",
      views: 0,
      likes: 0,
      dislikes: 0,
    });
    const stored = await prisma.video.findUniqueOrThrow({ where: { id: body._id } });
    expect(stored.url).toBe("https://www.youtube.com/embed/IR0yV_3DfBo");
  });

  test("invalid input is 400 with a message per field and nothing is stored", async () => {
    const response = await api(videoList, "/api/video/videos", {
      method: "POST",
      token: adminToken,
      body: JSON.stringify({ title: " ", url: "javascript:alert(1)", category: "", subCategory: "Yoga" }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({
      title: [videoMessages.titleRequired],
      url: [videoMessages.urlInvalid],
      category: [videoMessages.categoryRequired],
      subCategory: [videoMessages.subCategoryRequired],
    });
    expect(await prisma.video.count()).toBe(2);
  });

  test("a User gets 403 on create, edit and delete; a visitor 401", async () => {
    const body = JSON.stringify(newVideo);
    expect((await api(videoList, "/api/video/videos", { method: "POST", token: userToken, body })).status).toBe(403);
    expect(
      (await api(videoById, `/api/video/${videoId}`, { method: "PATCH", token: userToken, body }, { id: videoId }))
        .status,
    ).toBe(403);
    expect(
      (await api(videoById, `/api/video/${videoId}`, { method: "DELETE", token: userToken }, { id: videoId })).status,
    ).toBe(403);
    expect((await api(videoById, `/api/video/${videoId}`, { method: "DELETE" }, { id: videoId })).status).toBe(401);
    expect(await prisma.video.count()).toBe(2);
  });

  test("an admin edits only the fields sent; a bad link is refused", async () => {
    const response = await api(
      videoById,
      `/api/video/${videoId}`,
      {
        method: "PATCH",
        token: adminToken,
        body: JSON.stringify({ title: "Water Basics 2", url: "youtube.com/shorts/a-B_c1D2e3F" }),
      },
      { id: videoId },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      _id: videoId,
      title: "Water Basics 2",
      url: "https://www.youtube.com/embed/a-B_c1D2e3F",
      category: "hydration",
      views: 7,
    });
    const refused = await api(
      videoById,
      `/api/video/${videoId}`,
      { method: "PATCH", token: adminToken, body: JSON.stringify({ url: "nope" }) },
      { id: videoId },
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({ url: [videoMessages.urlInvalid] });
    expect((await prisma.video.findUniqueOrThrow({ where: { id: videoId } })).title).toBe("Water Basics 2");
  });
});

describe("GET, PATCH and DELETE /api/video/{id}: ids", () => {
  test.each([
    ["GET", "user"],
    ["PATCH", "admin"],
    ["DELETE", "admin"],
  ] as const)("%s answers 404 for unknown and malformed ids", async (method, who) => {
    const token = who === "admin" ? adminToken : userToken;
    const body = method === "PATCH" ? JSON.stringify({ title: "x" }) : undefined;
    for (const id of [missingId, "not-an-id", "ZZZZZZZZZZZZZZZZZZZZZZZZ"]) {
      const response = await api(videoById, `/api/video/${id}`, { method, token, body }, { id });
      expect(response.status, id).toBe(404);
      expect((await response.json()).message).toMatch(/not found/i);
    }
  });

  test("GET one video", async () => {
    const response = await api(videoById, `/api/video/${videoId}`, { token: userToken }, { id: videoId });
    expect(await response.json()).toMatchObject({ _id: videoId, title: "Water Basics" });
  });
});

describe("DELETE /api/video/{id}", () => {
  test("an admin deletes a video: 200 { message, _id } and it is gone with its reactions", async () => {
    const user = await prisma.user.findFirstOrThrow({ where: { username: "walker" } });
    await prisma.videoReaction.create({ data: { userId: user.id, videoId, value: "LIKE" } });
    const response = await api(
      videoById,
      `/api/video/${videoId}`,
      { method: "DELETE", token: adminToken },
      { id: videoId },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Video deleted.", _id: videoId });
    expect(await prisma.video.findUnique({ where: { id: videoId } })).toBeNull();
    expect(await prisma.videoReaction.count()).toBe(0);
    const again = await api(
      videoById,
      `/api/video/${videoId}`,
      { method: "DELETE", token: adminToken },
      { id: videoId },
    );
    expect(again.status).toBe(404);
  });

  test("a cookie-authenticated DELETE without X-XSRF-TOKEN is refused", async () => {
    const response = await api(
      videoById,
      `/api/video/${videoId}`,
      { method: "DELETE", headers: { Cookie: adminCookie } },
      { id: videoId },
    );
    expect(response.status).toBe(403);
    expect((await response.json()).message).toMatch(/X-XSRF-TOKEN/);
    expect(await prisma.video.findUnique({ where: { id: videoId } })).not.toBeNull();
    // With the header matching the cookie it goes through.
    const xsrf = response.headers.get("Set-Cookie")!.match(/XSRF-TOKEN=([a-f0-9]+)/)![1];
    const accepted = await api(
      videoById,
      `/api/video/${videoId}`,
      { method: "DELETE", headers: { Cookie: `${adminCookie}; XSRF-TOKEN=${xsrf}`, "X-XSRF-TOKEN": xsrf } },
      { id: videoId },
    );
    expect(accepted.status).toBe(200);
  });
});

describe("OpenAPI", () => {
  test("documents the old client's video calls and our extra ones, with the shared schemas", async () => {
    const document = await (await api(openApi, "/api/openapi.json")).json();
    expect(Object.keys(document.paths["/api/video/videos"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(document.paths["/api/video/{id}"]).sort()).toEqual(["delete", "get", "patch"]);
    const list = document.paths["/api/video/videos"].get.responses["200"].content["application/json"].schema;
    expect(list.type).toBe("array");
    expect(Object.keys(list.items.properties).sort()).toEqual([
      "_id",
      "category",
      "description",
      "dislikes",
      "likes",
      "subCategory",
      "title",
      "url",
      "version",
      "views",
    ]);
    // 400 for an If-Match that is no list of tags, 412 for one that names an older version.
    expect(Object.keys(document.paths["/api/video/{id}"].delete.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "412",
    ]);
    const createBody = document.paths["/api/video/videos"].post.requestBody.content["application/json"].schema;
    expect(createBody.required.sort()).toEqual(["category", "subCategory", "title", "url"]);
  });
});

// ---------------------------------------------------------------------------------------------------
// The control panel's Videos area, through the route's own loader and action.

function panelRequest(search: string, init: { cookie?: string; form?: Record<string, string> } = {}) {
  return new Request(`http://localhost/adminControlPanel?${search}`, {
    method: init.form ? "POST" : "GET",
    headers: init.cookie ? { Cookie: init.cookie } : {},
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
}

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (thrown) {
    return thrown;
  }
}

const postPanel = (form: Record<string, string>, cookie?: string, search = "option=videos") =>
  outcome(
    adminPanel.action({ request: panelRequest(search, { cookie, form }), params: {}, context: getLoadContext() }),
  );

type DataResult = {
  init: { status: number };
  data: { intent: string; result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
};

describe("admin Videos area actions", () => {
  const intents: Record<string, string>[] = [
    { intent: "create", ...newVideo },
    { intent: "update", id: "", version: "0", ...newVideo },
    { intent: "delete", id: "", version: "0" },
  ];

  test("answer 403 to a signed-in User and redirect a visitor to sign in; nothing changes", async () => {
    for (const form of intents) {
      const filled = { ...form, ...(form.id !== undefined ? { id: videoId } : {}) };
      const forUser = (await postPanel(filled, userCookie)) as Response;
      expect(forUser).toBeInstanceOf(Response);
      expect(forUser.status, form.intent).toBe(403);
      const forVisitor = (await postPanel(filled)) as Response;
      expect(forVisitor.status).toBe(302);
      expect(forVisitor.headers.get("Location")).toMatch(/^\/authorization\?formType=signin/);
    }
    const stored = await prisma.video.findUniqueOrThrow({ where: { id: videoId } });
    expect(stored.title).toBe("Water Basics");
    expect(await prisma.video.count()).toBe(2);
  });

  test("the loader answers 403 to a User too", async () => {
    const forUser = (await outcome(
      adminPanel.loader({
        request: panelRequest("option=videos", { cookie: userCookie }),
        params: {},
        context: getLoadContext(),
      }),
    )) as Response;
    expect(forUser.status).toBe(403);
  });

  test("create normalises the link, flashes, and lands on the first page of the area with the search kept", async () => {
    // Sent from a later page: the new video heads the first, where the answer goes.
    const response = (await postPanel(
      { intent: "create", ...newVideo },
      adminCookie,
      "option=videos&q=stretch&cursor=abc&limit=2",
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/adminControlPanel?option=videos&q=stretch&limit=2#add-video");
    expect(response.headers.get("Set-Cookie")).toContain("__toast=");
    const stored = await prisma.video.findFirstOrThrow({ where: { title: "Calf Stretch" } });
    expect(stored).toMatchObject({
      url: "https://www.youtube.com/embed/IR0yV_3DfBo",
      subCategory: "Stretching",
      likes: 0,
      dislikes: 0,
    });
  });

  test("invalid input answers 400 with messages and keeps what was typed", async () => {
    const typed = {
      intent: "create",
      title: "My Walk",
      url: "http://example.com/video.mp4",
      category: "",
      subCategory: "",
      description: "kept",
    };
    const result = (await postPanel(typed, adminCookie)) as DataResult;
    expect(result.init.status).toBe(400);
    expect(result.data.intent).toBe("create");
    expect(result.data.result.error).toMatchObject({
      url: [videoMessages.urlInvalid],
      category: [videoMessages.categoryRequired],
      subCategory: [videoMessages.subCategoryRequired],
    });
    expect(result.data.result.initialValue).toMatchObject({
      title: "My Walk",
      url: "http://example.com/video.mp4",
      description: "kept",
    });
    expect(await prisma.video.count()).toBe(2);
  });

  test("update changes the video; delete removes it; an unknown id is refused with 404", async () => {
    const updated = (await postPanel(
      {
        intent: "update",
        id: videoId,
        version: "0",
        title: "Water Wise",
        url: "https://www.youtube.com/watch?v=IODxDxX7oi4&t=5s",
        category: "health",
        subCategory: "Nutrition",
        description: "",
      },
      adminCookie,
      "option=videos&q=water&cursor=abc&edit=" + videoId,
    )) as Response;
    // Back to the same page of the same search, the edit form closed: the answer stands in the video's card.
    expect(updated.headers.get("Location")).toBe(
      `/adminControlPanel?option=videos&q=water&cursor=abc#admin-video-${videoId}`,
    );
    expect(await prisma.video.findUniqueOrThrow({ where: { id: videoId } })).toMatchObject({
      title: "Water Wise",
      url: "https://www.youtube.com/embed/IODxDxX7oi4",
      category: "health",
      subCategory: "Nutrition",
      description: "",
      views: 7,
    });
    const deleted = (await postPanel(
      { intent: "delete", id: videoId, version: "1" },
      adminCookie,
      "option=videos&q=water",
    )) as Response;
    expect(deleted.headers.get("Location")).toBe("/adminControlPanel?option=videos&q=water#video-results");
    expect(await prisma.video.findUnique({ where: { id: videoId } })).toBeNull();
    const missing = (await postPanel({ intent: "delete", id: videoId, version: "1" }, adminCookie)) as DataResult;
    expect(missing.init.status).toBe(404);
    expect(missing.data.result.error).toEqual({ "": [videoMessages.notFound] });
    expect(await prisma.video.count()).toBe(1);
  });

  test("the loader searches title or category, lists all for an empty query, and loads the confirm step", async () => {
    type VideoArea = { videos: { title: string }[]; confirm: unknown; editing: unknown };
    const load = async (search: string) =>
      (
        (await adminPanel.loader({
          request: panelRequest(search, { cookie: adminCookie }),
          params: {},
          context: getLoadContext(),
        })) as { area: VideoArea }
      ).area;
    expect((await load("option=videos")).videos.map((v: { title: string }) => v.title)).toEqual([
      "Plank Form",
      "Water Basics",
    ]);
    expect((await load("option=videos&q=WATER")).videos.map((v: { title: string }) => v.title)).toEqual([
      "Water Basics",
    ]);
    expect((await load("option=videos&q=exerc")).videos.map((v: { title: string }) => v.title)).toEqual(["Plank Form"]);
    expect((await load("option=videos&q=nothing-like-this")).videos).toEqual([]);
    const confirming = await load(`option=videos&confirm=delete&id=${videoId}`);
    expect(confirming.confirm).toMatchObject({
      id: videoId,
      title: "Water Basics",
      player: { kind: "embed", src: expect.stringContaining("/embed/xTUmZcxf_tI") },
    });
    expect(await prisma.video.count()).toBe(2);
    const editing = await load(`option=videos&edit=${videoId}`);
    expect(editing.editing).toMatchObject({ id: videoId, url: "https://www.youtube.com/embed/xTUmZcxf_tI" });
  });
});
