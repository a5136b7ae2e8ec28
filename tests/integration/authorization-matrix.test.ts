// Who may do what, as one table: every page, every form intent and every /api endpoint, called as a visitor, a
// User and an Admin, must admit exactly the roles the table names. The /api rows come from the same
// endpoint descriptions that generate the OpenAPI document, so a new endpoint cannot be missed.
import { describe, expect, test } from "vitest";
import { endpointDocs } from "~/openapi/endpoints";
import { benchIntentSchema } from "~/schemas/bench";
import { noticeIntentSchemaFor } from "~/schemas/notice-form";
import { reportsIntentSchema } from "~/schemas/report";
import { trailIntentSchema } from "~/schemas/trail";
import { trailPathDraftIntentSchema } from "~/schemas/trail-path";
import { walkIntentSchema } from "~/schemas/walk";
import { createUser } from "~/models/user.server";
import { reactionIntents } from "~/lib/reactions";
import { VIDEO_TOPICS } from "~/lib/video-topics";
import { createSession } from "~/models/session.server";
import { callRoute } from "../support/routes";

/** Every intent an admin area's union schema accepts. */
const intentsOf = (schema: { options: readonly { shape: { intent: { value: string } } }[] }) =>
  schema.options.map((option) => option.shape.intent.value);

type Access = "everyone" | "user" | "admin";
type Row = { kind: "page" | "form" | "api"; method: string; path: string; access: Access; intent?: string };

const NO_SUCH_ID = "0".repeat(24);
const videoPages = [
  "/bodyWeightExercises",
  "/strechesForWalking",
  "/properWalkingTechniques",
  "/nutritionandHydration",
  "/injuryPrevention",
];
const adminAreas = ["profiles", "videos", "feedback", "reports", "notices", "trail", "bench"];

const pages: Row[] = [
  ...[
    "/",
    "/about",
    "/privacy",
    "/authorization?formType=signin",
    "/authorization?formType=signup",
    "/authorization?formType=reset",
    "/send-reset-link",
    `/reset/${"f".repeat(64)}`,
    `/confirm-email/${"f".repeat(43)}`,
    "/healthz",
    // Know before you go: public on purpose, for a QR code or a newsletter link.
    "/trails/gold",
    "/trails/gold/download/gpx",
    `/benches/${NO_SUCH_ID}`,
  ].map((path) => ({ kind: "page" as const, method: "GET", path, access: "everyone" as const })),
  ...[
    "/userHome",
    "/userControlPanel",
    "/userControlPanel/walks",
    `/userControlPanel/walks?confirm=delete&id=${NO_SUCH_ID}`,
    "/userControlPanel/reports",
    "/trails",
    // Not ?trail=: an old trail link opens the trail's public page for a visitor (tested in trail-facts).
    "/trails?benches=1",
    ...videoPages,
    `/videos/${NO_SUCH_ID}`,
  ].map((path) => ({
    kind: "page" as const,
    method: "GET",
    path,
    access: "user" as const,
  })),
  ...[
    "/adminHome",
    "/adminAnalytics",
    "/adminControlPanel/qr-codes",
    ...adminAreas.map((option) => `/adminControlPanel?option=${option}`),
    // Replacing a trail's path from a file: the upload page and an upload's preview.
    `/adminControlPanel/trail-path?trail=${NO_SUCH_ID}`,
    `/adminControlPanel/trail-path/${NO_SUCH_ID}`,
  ].map((path) => ({
    kind: "page" as const,
    method: "GET",
    path,
    access: "admin" as const,
  })),
];

const forms: Row[] = [
  ...["signin", "signup", "reset"].map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: `/authorization?formType=${intent}`,
    intent,
    access: "everyone" as const,
  })),
  { kind: "form", method: "POST", path: "/send-reset-link", access: "everyone" },
  { kind: "form", method: "POST", path: `/reset/${"f".repeat(64)}`, access: "everyone" },
  { kind: "form", method: "POST", path: `/confirm-email/${"f".repeat(43)}`, intent: "confirm", access: "everyone" },
  { kind: "form", method: "POST", path: "/logout", access: "everyone" },
  ...["update", "feedback", "delete"].map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: "/userControlPanel",
    intent,
    access: "user" as const,
  })),
  ...["view", ...reactionIntents].map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: `/videos/${NO_SUCH_ID}`,
    intent,
    access: "user" as const,
  })),
  // Each library page's cards post play and reactions to the page itself.
  ...VIDEO_TOPICS.flatMap((topic) =>
    ["view", ...reactionIntents].map((intent) => ({
      kind: "form" as const,
      method: "POST",
      path: topic.path,
      intent,
      access: "user" as const,
    })),
  ),
  ...intentsOf(walkIntentSchema).map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: "/userControlPanel/walks",
    intent,
    access: "user" as const,
  })),
  // Report a problem: the pages are public, their form is for signed-in people.
  ...["/trails/gold", `/benches/${NO_SUCH_ID}`].map((path) => ({
    kind: "form" as const,
    method: "POST",
    path,
    intent: "report",
    access: "user" as const,
  })),
  ...intentsOf(reportsIntentSchema).map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: "/adminControlPanel?option=reports",
    intent,
    access: "admin" as const,
  })),
  ...intentsOf(noticeIntentSchemaFor("UTC")).map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: "/adminControlPanel?option=notices",
    intent,
    access: "admin" as const,
  })),
  ...["changeRole", "delete"].map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: "/adminControlPanel?option=profiles",
    intent,
    access: "admin" as const,
  })),
  ...["setStatus", "delete"].map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: "/adminControlPanel?option=feedback",
    intent,
    access: "admin" as const,
  })),
  ...["create", "update", "delete"].map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: "/adminControlPanel?option=videos",
    intent,
    access: "admin" as const,
  })),
  ...intentsOf(trailIntentSchema).map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: "/adminControlPanel?option=trail",
    intent,
    access: "admin" as const,
  })),
  ...intentsOf(benchIntentSchema).map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: "/adminControlPanel?option=bench",
    intent,
    access: "admin" as const,
  })),
  { kind: "form", method: "POST", path: "/adminControlPanel?option=campus", intent: "save-campus", access: "admin" },
  { kind: "form", method: "POST", path: `/adminControlPanel/trail-path?trail=${NO_SUCH_ID}`, access: "admin" },
  ...intentsOf(trailPathDraftIntentSchema).map((intent) => ({
    kind: "form" as const,
    method: "POST",
    path: `/adminControlPanel/trail-path/${NO_SUCH_ID}`,
    intent,
    access: "admin" as const,
  })),
];

function apiRows(): Row[] {
  return endpointDocs.map((doc) => ({
    kind: "api" as const,
    method: doc.method.toUpperCase(),
    path: doc.path,
    access: doc.access === "public" ? "everyone" : doc.access,
  }));
}

async function caller(role: "visitor" | "User" | "Admin") {
  if (role === "visitor") return { userId: NO_SUCH_ID, sessionId: undefined };
  const name = `${role.toLowerCase()}${Math.random().toString(36).slice(2, 10)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234", role });
  return { userId: user.id, sessionId: (await createSession(user.id)).id };
}

async function call(row: Row, role: "visitor" | "User" | "Admin") {
  const { userId, sessionId } = await caller(role);
  // Account endpoints open to "the user, or an admin" are called on the caller's own account.
  const path = row.path
    .replace("{userId}", userId)
    .replace(/^\/api\/user\/\{id\}$/, `/api/user/${userId}`)
    .replace(/\{(id|videoId)\}/g, NO_SUCH_ID)
    .replace("{index}", "0")
    .replace("{token}", "f".repeat(64));
  if (row.kind === "api") {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (sessionId) headers.Authorization = `Bearer ${sessionId}`;
    return callRoute(path, { method: row.method, headers, body: row.method === "GET" ? undefined : "{}" });
  }
  const body = row.method === "GET" ? undefined : new URLSearchParams(row.intent ? { intent: row.intent } : {});
  return callRoute(path, { method: row.method, sessionId, body });
}

function sentToSignIn(response: Response) {
  return (
    [301, 302, 303].includes(response.status) &&
    (response.headers.get("Location") ?? "").startsWith("/authorization?formType=signin")
  );
}

function admitted(response: Response) {
  return response.status < 500 && response.status !== 401 && response.status !== 403 && !sentToSignIn(response);
}

const rows = [...pages, ...forms, ...apiRows()];

describe("authorization matrix", () => {
  test("covers every page, form intent and endpoint", () => {
    expect(pages.length).toBeGreaterThanOrEqual(25);
    expect(apiRows().length).toBe(endpointDocs.length);
  });

  test.each(
    rows.map(
      (row) => [`${row.method} ${row.path}${row.intent ? ` [${row.intent}]` : ""} (${row.access})`, row] as const,
    ),
  )("%s", async (_label, row) => {
    const visitor = await call(row, "visitor");
    const user = await call(row, "User");
    const admin = await call(row, "Admin");
    if (row.access === "everyone") {
      for (const response of [visitor, user, admin]) expect(admitted(response), `status ${response.status}`).toBe(true);
      return;
    }
    if (row.kind === "api") expect(visitor.status).toBe(401);
    else expect(sentToSignIn(visitor), `visitor got ${visitor.status} ${visitor.headers.get("Location")}`).toBe(true);
    if (row.access === "admin") expect(user.status).toBe(403);
    else expect(admitted(user), `User got ${user.status}`).toBe(true);
    expect(admitted(admin), `Admin got ${admin.status}`).toBe(true);
  });
});
