// The Spring 2025 web client (React + axios, same origin, cookies only) replayed against the API: each
// call shape it makes (its paths and bodies, JSON, the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN as
// axios does, never an Authorization header), checked for status and answer.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { authResponseSchema, userSummaryJsonSchema } from "~/schemas/user-api";
import { feedbackJsonSchema } from "~/schemas/feedback";
import { benchJsonSchema } from "~/schemas/bench";
import { trailJsonSchema } from "~/schemas/trail";
import { videoJsonSchema } from "~/schemas/video";
import { settleBackgroundJobs } from "~/utils/background.server";
import { prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { seedDatabase } from "~/utils/seed.server";
import { callRoute } from "../support/routes";
import { BENCH_FACT_KEYS, TRAIL_FACT_KEYS } from "~/lib/facts";

const outbox = mkdtempSync(path.join(tmpdir(), "wt-old-client-outbox-"));
env.MAIL_OUTBOX_DIR = outbox;
env.SMTP_URL = undefined;
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

const SWAP_WARNING = '299 - "latitude and longitude were swapped; stored corrected"';
const SESSION_ENDED = {
  message: "Your session has ended. Please sign in again.",
  error: "Your session has ended. Please sign in again.",
};

/**
 * A browser tab running the old client: a cookie jar the server's Set-Cookie headers fill and empty, and
 * axios' defaults: JSON bodies, `Accept: application/json, text/plain, *\/*`, and the XSRF-TOKEN cookie's
 * value in X-XSRF-TOKEN on every request once the cookie exists.
 */
class OldClient {
  private cookies = new Map<string, string>();
  sendXsrf = true;

  async call(method: string, url: string, data?: unknown) {
    const headers: Record<string, string> = { Accept: "application/json, text/plain, */*" };
    if (data !== undefined) headers["Content-Type"] = "application/json";
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (xsrf && this.sendXsrf) headers["X-XSRF-TOKEN"] = xsrf;
    const response = await callRoute(url, {
      method,
      headers,
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, ...value] = pair.split("=");
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
    }
    const text = await response.text();
    const isJson = (response.headers.get("Content-Type") ?? "").includes("application/json");
    return { status: response.status, headers: response.headers, data: isJson ? JSON.parse(text) : text };
  }

  has(cookie: string) {
    return this.cookies.has(cookie);
  }
}

const GREEN = "673e9addbf9ebe061ef810c1";
let adminEmail = "";

async function pointsOf(trailId: string) {
  const points = await prisma.trailPoint.findMany({ where: { trailId }, orderBy: { position: "asc" } });
  return points.map((point) => [point.longitude, point.latitude]);
}

async function signedInAdmin() {
  const admin = new OldClient();
  const signin = await admin.call("POST", "/api/user/signin", { email: adminEmail, password: "admin-pass" });
  expect(signin.status).toBe(200);
  return admin;
}

async function signedUpUser(name: string) {
  const client = new OldClient();
  // The sign-up form's fields as the old client sends them, role included (the server ignores it).
  const signup = await client.call("POST", "/api/user/signup", {
    username: name,
    email: `${name}@example.test`,
    password: "walk-pass",
    confirmPassword: "walk-pass",
    roleType: "User",
    gender: "Female",
    age: "29",
    ethnicity: "Prefer not to answer",
    community: "Yes",
  });
  expect(signup.status).toBe(201);
  expect(authResponseSchema.parse(signup.data).result).toMatchObject({ username: name, roleType: "User", age: 29 });
  return { client, id: signup.data.result._id as string };
}

beforeAll(async () => {
  await seedDatabase(prisma);
  adminEmail = `oldadmin${Math.random().toString(36).slice(2, 8)}@example.test`;
  await createUser({ username: adminEmail.split("@")[0], email: adminEmail, password: "admin-pass", role: "Admin" });
});

/** Every path in a JSON value that holds null: the old server never sent one where its clients read a string or a number. */
/**
 * The trail and bench facts are newer than the old client, which never reads them; there, and
 * only there, null is the documented "not recorded" (decision 031).
 */
const NEW_NULLABLE_FIELDS = new Set<string>([...TRAIL_FACT_KEYS, ...BENCH_FACT_KEYS, "stepFree"]);

function nullsIn(value: unknown, at = "$"): string[] {
  if (value === null) return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => nullsIn(item, `${at}[${index}]`));
  if (typeof value === "object") {
    return Object.entries(value as object).flatMap(([key, item]) =>
      NEW_NULLABLE_FIELDS.has(key) ? [] : nullsIn(item, `${at}.${key}`),
    );
  }
  return [];
}

describe("feedback from a deleted account", () => {
  test("the old admin page can list and delete it: username and email are strings, and the erased ones are never sent", async () => {
    const name = `leaver${Math.random().toString(36).slice(2, 8)}`;
    const { client, id } = await signedUpUser(name);
    expect(
      (
        await client.call("POST", "/api/feedback/submit", {
          username: name,
          email: `${name}@example.test`,
          feedback: "Please add a bench by the gym",
        })
      ).status,
    ).toBe(201);
    expect((await client.call("DELETE", `/api/user/${id}`, { currentPassword: "walk-pass" })).status).toBe(200);

    const admin = await signedInAdmin();
    const list = await admin.call("GET", "/api/feedback");
    expect(list.status).toBe(200);
    // What the old admin page does with every row, which threw on null and emptied the whole page.
    const shown = (list.data as { username: string; email: string }[]).map(
      (row) => `${row.username.toLowerCase()} ${row.email.toLowerCase()}`,
    );
    expect(shown.length).toBeGreaterThan(0);
    const row = (list.data as { _id: string; username: string; email: string; feedback: string }[]).find(
      (item) => item.feedback === "Please add a bench by the gym",
    )!;
    expect(row).toMatchObject({ username: "deleted account", email: "" });
    expect(feedbackJsonSchema.strict().parse(row)).toBeTruthy();
    expect(JSON.stringify(list.data)).not.toContain(name);
    expect(nullsIn(list.data)).toEqual([]);
    expect((await admin.call("DELETE", `/api/feedback/${row._id}`)).status).toBe(200);
    expect(await prisma.feedback.count({ where: { id: row._id } })).toBe(0);
  });

  test("no answer of the old contract carries null where the old server sent a string or a number", async () => {
    const name = `sparse${Math.random().toString(36).slice(2, 8)}`;
    // An account that gave nothing but the required fields.
    const client = new OldClient();
    const signup = await client.call("POST", "/api/user/signup", {
      username: name,
      email: `${name}@example.test`,
      password: "walk-pass",
      confirmPassword: "walk-pass",
    });
    expect(signup.status).toBe(201);
    expect(signup.data.result).toMatchObject({ gender: "", ethnicity: "", community: "" });
    expect(signup.data.result).not.toHaveProperty("age");
    const id = signup.data.result._id as string;
    const admin = await signedInAdmin();
    const answers = [
      signup.data,
      (await client.call("GET", `/api/user/${id}`)).data,
      (await client.call("PATCH", `/api/user/updateProfile/${id}`, { username: `${name}x` })).data,
      (await admin.call("GET", "/api/user/users")).data,
      (await admin.call("GET", "/api/feedback")).data,
      (await client.call("GET", "/api/video/videos")).data,
      (await client.call("GET", "/api/bench/benches")).data,
      (await client.call("GET", "/api/trails/trails")).data,
    ];
    for (const answer of answers) expect(nullsIn(answer)).toEqual([]);
  });
});

describe("the old client, signed in as an administrator with cookies only", () => {
  test("sign-in answers result (with roleType) and token and sets the session and XSRF cookies", async () => {
    const admin = new OldClient();
    const signin = await admin.call("POST", "/api/user/signin", { email: adminEmail, password: "admin-pass" });
    expect(signin.status).toBe(200);
    expect(authResponseSchema.parse(signin.data).result.roleType).toBe("Admin");
    expect(admin.has("__session") && admin.has("XSRF-TOKEN")).toBe(true);
    const failed = await admin.call("POST", "/api/user/signin", { email: adminEmail, password: "wrong" });
    expect(failed).toMatchObject({ status: 401, data: { message: "Sign-in failed. Please check your credentials." } });
  });

  test("trail editor: lists, reads, saves a swapped coordinate (stored corrected, Warning), inserts and deletes", async () => {
    const admin = await signedInAdmin();
    const list = await admin.call("GET", "/api/trails/trails");
    expect(list.status).toBe(200);
    expect(list.data.map((trail: unknown) => trailJsonSchema.parse(trail)._id)).toContain(GREEN);
    const one = await admin.call("GET", `/api/trails/${GREEN}`);
    expect(one.status).toBe(200);
    const before = one.data.path.coordinates as [number, number][];

    // Its editor sends the two values under each other's names.
    const saved = await admin.call("PATCH", `/api/trails/${GREEN}/coordinate/1`, {
      latitude: -84.00612,
      longitude: 33.98034,
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("Warning")).toBe(SWAP_WARNING);
    expect(saved.data.path.coordinates[1]).toEqual([-84.00612, 33.98034]);
    expect((await pointsOf(GREEN))[1]).toEqual([-84.00612, 33.98034]);

    // …and the insert's pair as [latitude, longitude].
    const inserted = await admin.call("PATCH", `/api/trails/${GREEN}/coordinate`, {
      index: 2,
      coordinate: [33.98051, -84.00633],
    });
    expect(inserted.status).toBe(200);
    expect(inserted.headers.get("Warning")).toBe(SWAP_WARNING);
    expect(inserted.data.path.coordinates).toHaveLength(before.length + 1);
    expect((await pointsOf(GREEN))[2]).toEqual([-84.00633, 33.98051]);

    // A pair that is wrong either way is still refused, with a message the editor can show.
    const refused = await admin.call("PATCH", `/api/trails/${GREEN}/coordinate/1`, { latitude: 12, longitude: 34 });
    expect(refused).toMatchObject({
      status: 400,
      data: {
        message: expect.stringMatching(
          /^This point is [\d,]+ km from the campus; points must be within 5 km of its trails and benches\.$/,
        ),
      },
    });
    const missing = await admin.call("PATCH", `/api/trails/${GREEN}/coordinate/1`, { latitude: 33.98 });
    expect(missing).toMatchObject({ status: 400, data: { message: "Please provide both latitude and longitude" } });

    const deleted = await admin.call("DELETE", `/api/trails/${GREEN}/coordinate/2`);
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("Warning")).toBeNull();
    expect(deleted.data.path.coordinates).toHaveLength(before.length);
  });

  test("bench manager: create, update, add and remove a video, delete", async () => {
    const admin = await signedInAdmin();
    expect((await admin.call("GET", "/api/bench/benches")).status).toBe(200);
    const created = await admin.call("POST", "/api/bench/bench", {
      bench_number: 9123,
      latitude: 33.9811,
      longitude: -84.0041,
      location: "By the pond",
    });
    expect(created.status).toBe(201);
    const bench = benchJsonSchema.parse(created.data);
    expect(bench).toMatchObject({
      bench_number: 9123,
      location: "By the pond",
      latitude: 33.9811,
      longitude: -84.0041,
    });
    const updated = await admin.call("PATCH", `/api/bench/bench/${bench._id}`, { ...bench, location: "North pond" });
    expect(updated).toMatchObject({ status: 200, data: { location: "North pond" } });
    const withVideo = await admin.call("PATCH", `/api/bench/bench/${bench._id}/add-video`, {
      title: "Calf raises",
      url: "https://youtu.be/IR0yV_3DfBo",
    });
    expect(withVideo.status).toBe(200);
    const videoId = withVideo.data.videos[0]._id;
    const withoutVideo = await admin.call("PATCH", `/api/bench/bench/${bench._id}/delete-video/${videoId}`);
    expect(withoutVideo).toMatchObject({ status: 200, data: { videos: [] } });
    expect((await admin.call("DELETE", `/api/bench/bench/${bench._id}`)).status).toBe(200);
    expect(await prisma.bench.count({ where: { id: bench._id } })).toBe(0);
  });

  test("profiles, videos and feedback areas: list, change a role, delete", async () => {
    const admin = await signedInAdmin();
    const { id: userId } = await signedUpUser(`oldrole${Math.random().toString(36).slice(2, 7)}`);
    const users = await admin.call("GET", "/api/user/users");
    expect(users.status).toBe(200);
    expect(users.data.map((user: unknown) => userSummaryJsonSchema.parse(user)._id)).toContain(userId);
    expect(JSON.stringify(users.data)).not.toMatch(/password/i);
    expect(await admin.call("PATCH", `/api/user/updateRole/${userId}`, { roleType: "Admin" })).toMatchObject({
      status: 200,
      data: { roleType: "Admin" },
    });
    expect(await admin.call("GET", `/api/user/${userId}`)).toMatchObject({
      status: 200,
      data: { _id: userId, roleType: "Admin" },
    });
    expect((await admin.call("DELETE", `/api/user/${userId}`)).status).toBe(200);

    const videos = await admin.call("GET", "/api/video/videos");
    expect(videos.status).toBe(200);
    const video = videoJsonSchema.parse(videos.data[0]);
    expect((await admin.call("DELETE", `/api/video/${video._id}`)).status).toBe(200);

    const feedback = await prisma.feedback.create({
      data: { username: "walker", email: "walker@example.test", feedback: "Lovely" },
    });
    const list = await admin.call("GET", "/api/feedback");
    expect(list.status).toBe(200);
    expect(list.data.map((item: { _id: string }) => item._id)).toContain(feedback.id);
    expect((await admin.call("DELETE", `/api/feedback/${feedback.id}`)).status).toBe(200);
  });

  test("a write without the X-XSRF-TOKEN header is refused, as cross-site requests are", async () => {
    const admin = await signedInAdmin();
    admin.sendXsrf = false;
    const refused = await admin.call("PATCH", `/api/trails/${GREEN}/coordinate/1`, {
      latitude: 33.98,
      longitude: -84.006,
    });
    expect(refused).toMatchObject({ status: 403, data: { message: "Missing or invalid X-XSRF-TOKEN header." } });
  });
});

describe("the old client, signed in as a user", () => {
  test("profile, one's own account, feedback, videos with like, dislike and view", async () => {
    const name = `olduser${Math.random().toString(36).slice(2, 7)}`;
    const { client, id } = await signedUpUser(name);
    expect(await client.call("GET", `/api/user/${id}`)).toMatchObject({
      status: 200,
      data: { _id: id, username: name },
    });
    // The profile form sends every field; empty ones keep their value.
    const profile = await client.call("PATCH", `/api/user/updateProfile/${id}`, {
      username: name,
      email: `${name}@example.test`,
      gender: "Other",
      age: "",
      ethnicity: "Other",
      community: "No",
    });
    expect(profile).toMatchObject({ status: 200, data: { gender: "Other", age: 29, community: "No" } });
    const feedback = await client.call("POST", "/api/feedback/submit", {
      username: name,
      email: `${name}@example.test`,
      feedback: "More benches",
    });
    expect(feedback.status).toBe(201);

    const videos = await client.call("GET", "/api/video/videos");
    expect(videos.status).toBe(200);
    const videoId = videos.data[0]._id as string;
    const liked = await client.call("PATCH", `/api/video/like/${videoId}`);
    expect(liked).toMatchObject({ status: 200, data: { _id: videoId, reaction: "like" } });
    const disliked = await client.call("PATCH", `/api/video/dislike/${videoId}`);
    expect(disliked).toMatchObject({
      status: 200,
      data: { reaction: "dislike", likes: liked.data.likes - 1, dislikes: liked.data.dislikes + 1 },
    });
    const viewed = await client.call("PATCH", `/api/video/view/${videoId}`);
    expect(viewed).toMatchObject({ status: 200, data: { counted: true } });
    expect(await client.call("PATCH", `/api/video/view/${videoId}`)).toMatchObject({
      status: 200,
      data: { counted: false, views: viewed.data.views },
    });

    // What a user may not do answers 403 with a message, not a page.
    expect(await client.call("GET", "/api/user/users")).toMatchObject({
      status: 403,
      data: { message: "Administrator access is required." },
    });
  });

  test("reset calls answer the texts the client shows", async () => {
    const name = `oldreset${Math.random().toString(36).slice(2, 7)}`;
    const { client } = await signedUpUser(name);
    const auth = await client.call("POST", "/api/auth/send-reset-link", { email: `${name}@example.test` });
    expect(auth).toMatchObject({ status: 200, data: "Password reset link has been sent to your email." });
    const standalone = await client.call("POST", "/api/send-reset-link", { email: "nobody-at-all@example.test" });
    expect(standalone).toMatchObject({ status: 200, data: "Password reset link has been sent to your email." });
    await settleBackgroundJobs();
    const bad = await client.call("POST", `/api/auth/reset-password/${"f".repeat(64)}`, { newPassword: "new-pass" });
    expect(bad.status).toBe(400);
    expect(typeof bad.data).toBe("string");
  });

  test("logout revokes the cookie session and clears the cookie; again, it still answers 200", async () => {
    const { client, id } = await signedUpUser(`oldbye${Math.random().toString(36).slice(2, 7)}`);
    const bye = await client.call("POST", "/api/user/logout");
    expect(bye).toMatchObject({ status: 200, data: { message: "You have been signed out." } });
    expect(client.has("__session")).toBe(false);
    expect(await prisma.session.count({ where: { userId: id } })).toBe(0);
    expect((await client.call("POST", "/api/user/logout")).status).toBe(200);
    expect(await client.call("GET", "/api/video/videos")).toMatchObject({
      status: 401,
      data: { message: "You must be signed in." },
    });
  });
});

describe("after the server ends a cookie session, the old client gets a 401 with a message it can show", () => {
  test("a role change", async () => {
    const admin = await signedInAdmin();
    const { client, id } = await signedUpUser(`oldended${Math.random().toString(36).slice(2, 7)}`);
    expect((await client.call("GET", "/api/video/videos")).status).toBe(200);
    expect((await admin.call("PATCH", `/api/user/updateRole/${id}`, { roleType: "Admin" })).status).toBe(200);
    // A write (with the XSRF header, as axios sends it) is told the same, not 403.
    const ended = await client.call("POST", "/api/feedback/submit", {
      username: "x",
      email: "x@example.test",
      feedback: "hi",
    });
    expect(ended).toMatchObject({ status: 401, data: SESSION_ENDED });
    expect(ended.headers.get("Content-Type")).toContain("application/json");
    // The answer dropped the dead cookie: from now on the client is simply signed out.
    expect(client.has("__session")).toBe(false);
    expect(await client.call("GET", "/api/video/videos")).toMatchObject({
      status: 401,
      data: { message: "You must be signed in." },
    });
  });

  test("a password reset", async () => {
    const name = `oldreset${Math.random().toString(36).slice(2, 7)}`;
    const { client, id } = await signedUpUser(name);
    const token = randomBytes(32).toString("hex");
    await prisma.passwordResetToken.create({
      data: {
        userId: id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    // The reset page is another tab of the same browser: same cookies.
    const reset = await client.call("POST", `/api/auth/reset-password/${token}`, { newPassword: "brand-new" });
    expect(reset).toMatchObject({
      status: 200,
      data: "Your password has been reset. Please sign in with your new password.",
    });
    expect(await client.call("PATCH", `/api/user/updateProfile/${id}`, { age: 30 })).toMatchObject({
      status: 401,
      data: SESSION_ENDED,
    });
    const again = await client.call("POST", "/api/user/signin", {
      email: `${name}@example.test`,
      password: "brand-new",
    });
    expect(again.status).toBe(200);
    expect((await client.call("GET", `/api/user/${id}`)).status).toBe(200);
  });
});
