// Walks GET /api/openapi.json: every call the old web client makes is documented, and every documented operation,
// called for real, answers the documented success status with a body that matches the published schema.
import { beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { createSession } from "~/models/session.server";
import { CLIENT_ADDRESS_HEADER } from "~/http/client-address.server";
import { settleBackgroundJobs } from "~/utils/background.server";
import { validate } from "../support/json-schema";
import { callRoute } from "../support/routes";

const specCalls = [
  "GET /api/video/videos",
  "DELETE /api/video/{id}",
  "GET /api/trails/trails",
  "GET /api/trails/{id}",
  "PATCH /api/trails/{id}/coordinate/{index}",
  "DELETE /api/trails/{id}/coordinate/{index}",
  "PATCH /api/trails/{id}/coordinate",
  "GET /api/bench/benches",
  "POST /api/bench/bench",
  "PATCH /api/bench/bench/{id}",
  "DELETE /api/bench/bench/{id}",
  "PATCH /api/bench/bench/{id}/add-video",
  "PATCH /api/bench/bench/{id}/delete-video/{videoId}",
  "POST /api/user/signin",
  "POST /api/user/signup",
  "PATCH /api/user/updateProfile/{userId}",
  "GET /api/user/users",
  "PATCH /api/user/updateRole/{id}",
  "DELETE /api/user/{id}",
  "POST /api/auth/send-reset-link",
  "POST /api/send-reset-link",
  "POST /api/auth/reset-password/{token}",
  "GET /api/feedback",
  "DELETE /api/feedback/{id}",
  "POST /api/feedback/submit",
  // Beyond the old client's calls: ours.
  "PATCH /api/feedback/{id}",
  "POST /api/user/logout",
  "GET /api/user/{id}",
  "PUT /api/video/{id}/reaction",
  "POST /api/video/{id}/view",
  "PATCH /api/video/like/{id}",
  "PATCH /api/video/dislike/{id}",
  "PATCH /api/video/view/{id}",
  "POST /api/video/videos",
  "PATCH /api/video/{id}",
  // Reports of problems.
  "POST /api/reports",
  "GET /api/reports",
  "PATCH /api/reports/{id}",
  // Closure and caution notices.
  "GET /api/notices",
  "POST /api/notices",
  "PATCH /api/notices/{id}",
  "DELETE /api/notices/{id}",
  // The campus settings.
  "GET /api/campus",
  "PATCH /api/campus",
  // A campus's own trails.
  "POST /api/trails",
  "DELETE /api/trails/{id}",
];

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
};
type Call = { path: string; token?: string; body?: unknown };

let doc: Doc;
let adminToken: string;
let userToken: string;
const GREEN = "673e9addbf9ebe061ef810c1";
const VIDEO_URL = "https://www.youtube.com/embed/i6TzP2COtow";

async function newUser(prefix: string, role: "User" | "Admin" = "User") {
  const name = `${prefix}${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234", role });
  return { user, token: (await createSession(user.id)).id };
}

async function anyVideoId() {
  return (
    await prisma.video.create({
      data: { title: "Contract", url: VIDEO_URL, category: "exercise", subCategory: "Stretching" },
    })
  ).id;
}

async function benchWithVideo() {
  const number = 5000 + Math.floor(Math.random() * 4000);
  const bench = await prisma.bench.create({
    data: {
      benchNumber: number,
      location: "Contract test",
      latitude: 33.98,
      longitude: -84.005,
      videos: { create: { title: "v", url: VIDEO_URL } },
    },
    select: { id: true, videos: { select: { id: true } } },
  });
  return { id: bench.id, videoId: bench.videos[0].id };
}

async function feedbackId() {
  return (
    await prisma.feedback.create({
      data: { username: "someone", email: "someone@example.test", feedback: "Nice trails" },
    })
  ).id;
}

// One real, successful call per documented operation.
const scenarios: Record<string, () => Promise<Call>> = {
  "GET /api/video/videos": async () => ({ path: "/api/video/videos", token: userToken }),
  "POST /api/video/videos": async () => ({
    path: "/api/video/videos",
    token: adminToken,
    body: { title: "New one", url: "https://youtu.be/i6TzP2COtow", category: "exercise", subCategory: "Stretching" },
  }),
  "GET /api/video/{id}": async () => ({ path: `/api/video/${await anyVideoId()}`, token: userToken }),
  "PATCH /api/video/{id}": async () => ({
    path: `/api/video/${await anyVideoId()}`,
    token: adminToken,
    body: { title: "Renamed" },
  }),
  "DELETE /api/video/{id}": async () => ({ path: `/api/video/${await anyVideoId()}`, token: adminToken }),
  "PUT /api/video/{id}/reaction": async () => ({
    path: `/api/video/${await anyVideoId()}/reaction`,
    token: userToken,
    body: { reaction: "like" },
  }),
  "POST /api/video/{id}/view": async () => ({ path: `/api/video/${await anyVideoId()}/view`, token: userToken }),
  "PATCH /api/video/like/{id}": async () => ({ path: `/api/video/like/${await anyVideoId()}`, token: userToken }),
  "PATCH /api/video/dislike/{id}": async () => ({ path: `/api/video/dislike/${await anyVideoId()}`, token: userToken }),
  "PATCH /api/video/view/{id}": async () => ({ path: `/api/video/view/${await anyVideoId()}`, token: userToken }),
  "GET /api/trails/trails": async () => ({ path: "/api/trails/trails", token: userToken }),
  "GET /api/trails/{id}": async () => ({ path: `/api/trails/${GREEN}`, token: userToken }),
  "PATCH /api/trails/{id}": async () => ({
    path: `/api/trails/${GREEN}`,
    token: adminToken,
    body: { surface: "gravel", stepFree: true },
  }),
  "POST /api/trails": async () => ({
    path: "/api/trails",
    token: adminToken,
    body: {
      name: "Contract Loop",
      path: {
        type: "LineString",
        coordinates: [
          [-84.004, 33.982],
          [-84.003, 33.9825],
        ],
      },
    },
  }),
  "DELETE /api/trails/{id}": async () => {
    const trail = await prisma.trail.create({ data: { name: "To delete", color: "blue" } });
    return { path: `/api/trails/${trail.id}`, token: adminToken };
  },
  "PATCH /api/trails/{id}/coordinate/{index}": async () => ({
    path: `/api/trails/${GREEN}/coordinate/3`,
    token: adminToken,
    body: { latitude: 33.9801, longitude: -84.0061 },
  }),
  "DELETE /api/trails/{id}/coordinate/{index}": async () => ({
    path: `/api/trails/${GREEN}/coordinate/4`,
    token: adminToken,
  }),
  "PATCH /api/trails/{id}/coordinate": async () => ({
    path: `/api/trails/${GREEN}/coordinate`,
    token: adminToken,
    body: { index: 2, coordinate: [-84.0052, 33.9803] },
  }),
  "GET /api/bench/benches": async () => ({ path: "/api/bench/benches", token: userToken }),
  "POST /api/bench/bench": async () => ({
    path: "/api/bench/bench",
    token: adminToken,
    body: { bench_number: "4242", location: "By the gym", latitude: "33.981", longitude: "-84.004" },
  }),
  "PATCH /api/bench/bench/{id}": async () => ({
    path: `/api/bench/bench/${(await benchWithVideo()).id}`,
    token: adminToken,
    body: { location: "Moved" },
  }),
  "DELETE /api/bench/bench/{id}": async () => ({
    path: `/api/bench/bench/${(await benchWithVideo()).id}`,
    token: adminToken,
  }),
  "PATCH /api/bench/bench/{id}/add-video": async () => ({
    path: `/api/bench/bench/${(await benchWithVideo()).id}/add-video`,
    token: adminToken,
    body: { title: "Calf raises", url: "https://www.youtube.com/watch?v=IR0yV_3DfBo" },
  }),
  "PATCH /api/bench/bench/{id}/delete-video/{videoId}": async () => {
    const bench = await benchWithVideo();
    return { path: `/api/bench/bench/${bench.id}/delete-video/${bench.videoId}`, token: adminToken };
  },
  "POST /api/user/signin": async () => {
    const { user } = await newUser("signin");
    return { path: "/api/user/signin", body: { email: user.email, password: "pass1234" } };
  },
  "POST /api/user/signup": async () => {
    const name = `signup${Math.random().toString(36).slice(2, 9)}`;
    return {
      path: "/api/user/signup",
      body: { username: name, email: `${name}@example.test`, password: "pass1234", confirmPassword: "pass1234" },
    };
  },
  "PATCH /api/user/updateProfile/{userId}": async () => {
    const { user, token } = await newUser("profile");
    // A new email too: the answer then carries the message saying where its link went.
    return {
      path: `/api/user/updateProfile/${user.id}`,
      token,
      body: { age: 30, gender: "Female", email: `${user.username}.new@example.test` },
    };
  },
  "POST /api/user/logout": async () => ({ path: "/api/user/logout", token: (await newUser("leaving")).token }),
  "GET /api/user/{id}": async () => {
    const { user, token } = await newUser("self");
    return { path: `/api/user/${user.id}`, token };
  },
  "GET /api/user/users": async () => ({ path: "/api/user/users", token: adminToken }),
  "PATCH /api/user/updateRole/{id}": async () => ({
    path: `/api/user/updateRole/${(await newUser("role")).user.id}`,
    token: adminToken,
    body: { roleType: "Admin" },
  }),
  "DELETE /api/user/{id}": async () => ({ path: `/api/user/${(await newUser("gone")).user.id}`, token: adminToken }),
  "POST /api/auth/send-reset-link": async () => ({
    path: "/api/auth/send-reset-link",
    body: { email: "nobody-here@example.test" },
  }),
  "POST /api/send-reset-link": async () => ({
    path: "/api/send-reset-link",
    body: { email: "nobody-here@example.test" },
  }),
  "POST /api/auth/reset-password/{token}": async () => {
    const { requestPasswordResetToken } = await issueResetToken();
    return { path: `/api/auth/reset-password/${requestPasswordResetToken}`, body: { newPassword: "fresh-pass" } };
  },
  "GET /api/feedback": async () => ({ path: "/api/feedback", token: adminToken }),
  "DELETE /api/feedback/{id}": async () => ({ path: `/api/feedback/${await feedbackId()}`, token: adminToken }),
  "PATCH /api/feedback/{id}": async () => ({
    path: `/api/feedback/${await feedbackId()}`,
    token: adminToken,
    body: { isResolved: true },
  }),
  "GET /api/walks": async () => ({ path: "/api/walks", token: userToken }),
  "POST /api/walks": async () => ({
    path: "/api/walks",
    token: userToken,
    body: { trailId: GREEN, date: "2025-03-19", durationMinutes: 25, laps: 1 },
  }),
  "DELETE /api/walks/{id}": async () => {
    const { user, token } = await newUser("walker");
    const walk = await prisma.walk.create({
      data: { userId: user.id, trailId: GREEN, date: new Date("2025-03-19"), distanceMetres: 1200 },
    });
    return { path: `/api/walks/${walk.id}`, token };
  },
  "GET /api/reports": async () => {
    const { token } = await newUser("reportlister");
    await callRoute("/api/reports", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ trailId: GREEN, category: "litter", description: "Cans by the gate" }),
    });
    return { path: "/api/reports", token };
  },
  "POST /api/reports": async () => ({
    path: "/api/reports",
    token: userToken,
    body: { trailId: GREEN, category: "flooded", description: "Mud at the bottom" },
  }),
  "PATCH /api/reports/{id}": async () => {
    const { user } = await newUser("reported");
    const report = await prisma.report.create({
      data: { userId: user.id, trailId: GREEN, category: "other", description: "Loose gravel" },
    });
    return { path: `/api/reports/${report.id}`, token: adminToken, body: { status: "in_progress", note: "On it" } };
  },
  "GET /api/notices": async () => {
    await prisma.notice.create({ data: { trailId: GREEN, kind: "caution", message: "Contract notice" } });
    return { path: `/api/notices?trailId=${GREEN}` };
  },
  "POST /api/notices": async () => ({
    path: "/api/notices",
    token: adminToken,
    body: {
      trailId: GREEN,
      kind: "closed",
      message: "Closed for resurfacing",
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  }),
  "PATCH /api/notices/{id}": async () => {
    const notice = await prisma.notice.create({ data: { trailId: GREEN, kind: "caution", message: "To edit" } });
    return { path: `/api/notices/${notice.id}`, token: adminToken, body: { kind: "closed", endsAt: null } };
  },
  "DELETE /api/notices/{id}": async () => {
    const notice = await prisma.notice.create({ data: { trailId: GREEN, kind: "caution", message: "To delete" } });
    return { path: `/api/notices/${notice.id}`, token: adminToken };
  },
  "GET /api/campus": async () => ({ path: "/api/campus" }),
  // The sample campus's own name and clock: the other calls' answers stay as they are.
  "PATCH /api/campus": async () => ({
    path: "/api/campus",
    token: adminToken,
    body: { name: "Sample Campus", timeZone: "America/New_York" },
  }),
  "POST /api/feedback/submit": async () => ({
    path: "/api/feedback/submit",
    token: userToken,
    body: { username: "walker", email: "walker@example.test", feedback: "More benches please" },
  }),
};

/** A reset token as the emailed link carries it, made the way the model stores one (hash only). */
async function issueResetToken() {
  const { randomBytes, createHash } = await import("node:crypto");
  const token = randomBytes(32).toString("hex");
  // A user of its own: a reset ends every session of the account.
  const { user } = await newUser("reset");
  await prisma.passwordResetToken.create({
    data: {
      userId: user.id,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return { requestPasswordResetToken: token };
}

function operations() {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
}

beforeAll(async () => {
  await seedDatabase(prisma);
  ({ token: adminToken } = await newUser("admin", "Admin"));
  ({ token: userToken } = await newUser("reader"));
  doc = (await (await callRoute("/api/openapi.json")).json()) as Doc;
});

describe("the OpenAPI document", () => {
  test("is OpenAPI 3.1 and documents every call of the old web client", () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe("3.1.0");
    const documented = new Set(operations().map((op) => op.key));
    expect(specCalls.filter((call) => !documented.has(call))).toEqual([]);
  });

  test("the coordinate writes document their tolerance of swapped latitude and longitude, and its Warning header", () => {
    const paths = doc.paths as unknown as Record<
      string,
      Record<string, { description?: string; responses: Record<string, { headers?: Record<string, unknown> }> }>
    >;
    for (const path of ["/api/trails/{id}/coordinate/{index}", "/api/trails/{id}/coordinate"]) {
      const operation = paths[path].patch;
      expect(operation.description, path).toMatch(/swapped/);
      expect(operation.responses["200"].headers?.Warning, path).toBeTruthy();
    }
  });

  test("the old client's video paths are documented as deprecated aliases", () => {
    const paths = doc.paths as unknown as Record<string, Record<string, { deprecated?: boolean }>>;
    for (const path of ["/api/video/like/{id}", "/api/video/dislike/{id}", "/api/video/view/{id}"])
      expect(paths[path].patch.deprecated, path).toBe(true);
    expect(paths["/api/video/{id}/reaction"].put.deprecated).toBeUndefined();
  });

  test("every documented operation has a real call in this test", () => {
    expect(
      operations()
        .map((op) => op.key)
        .filter((key) => !scenarios[key]),
    ).toEqual([]);
  });

  test("each documented success answer is what the endpoint really returns", async () => {
    const problems: string[] = [];
    for (const { key, operation } of operations()) {
      const [method] = key.split(" ");
      const call = await scenarios[key]();
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (call.token) headers.Authorization = `Bearer ${call.token}`;
      const response = await callRoute(call.path, {
        method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      });
      const [status, documented] = Object.entries(operation.responses).find(([code]) => code.startsWith("2"))!;
      if (String(response.status) !== status) {
        problems.push(
          `${key}: status ${response.status}, documented ${status}: ${(await response.text()).slice(0, 200)}`,
        );
        continue;
      }
      if (!documented.content) {
        if ((await response.text()) !== "") problems.push(`${key}: a body where none is documented`);
        continue;
      }
      const [contentType, { schema }] = Object.entries(documented.content)[0];
      if (contentType === "text/plain") {
        if (typeof (await response.text()) !== "string") problems.push(`${key}: not text`);
        continue;
      }
      const errors = validate(
        schema as Record<string, unknown>,
        await response.json(),
        "$",
        doc as unknown as Record<string, unknown>,
      );
      if (errors.length > 0) problems.push(`${key}: ${errors.slice(0, 3).join("; ")}`);
    }
    expect(problems).toEqual([]);
  });

  test("sign-in's documented 202 is what a right password from an unknown device gets while the account is under attack", async () => {
    const { user } = await newUser("attacked");
    const signIn = (password: string, i: number) =>
      callRoute("/api/user/signin", {
        method: "POST",
        headers: { "Content-Type": "application/json", [CLIENT_ADDRESS_HEADER]: `198.51.100.${i}` },
        body: JSON.stringify({ email: user.email, password }),
      });
    for (let i = 1; i <= 20; i++) expect((await signIn(`guess-${i}`, i)).status).toBe(401);
    const response = await signIn("pass1234", 99);
    expect(response.status).toBe(202);
    const documented = doc.paths["/api/user/signin"].post.responses["202"];
    expect(documented.content).toBeDefined();
    const errors = validate(
      documented.content!["application/json"].schema as Record<string, unknown>,
      await response.json(),
      "$",
      doc as unknown as Record<string, unknown>,
    );
    expect(errors).toEqual([]);
    await settleBackgroundJobs();
  });
});
