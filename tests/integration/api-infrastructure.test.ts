import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, test } from "vitest";
import * as z from "zod";
import { createUser } from "~/models/user.server";
import * as unknownApiPath from "~/routes/api.$";
import { ApiError } from "~/http/api-answers.server";
import { apiRoute } from "~/http/api.server";
import { readBody, requireId } from "~/http/api-input.server";
import { requireApiAdmin, requireApiUser } from "~/http/api-auth.server";
import { createSession, deleteSession } from "~/models/session.server";
import { sessionCookie } from "~/http/session-cookie.server";
import { getLoadContext } from "~/http/load-context.server";
import { signedInAccount } from "../support/accounts";

const echo = apiRoute({
  GET: async ({ request }) => ({ user: (await requireApiUser(request)).user.username }),
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    return readBody(request, z.object({ name: z.string().min(1, "Name is required.") }));
  },
  DELETE: async ({ params }) => ({ id: requireId(params.id, "Thing") }),
});

type Route = { loader: (args: LoaderFunctionArgs) => unknown; action: (args: ActionFunctionArgs) => unknown };

function call(route: Route, path: string, init: RequestInit = {}, params = {}) {
  const request = new Request(`http://localhost${path}`, init);
  const fn = (init.method ?? "GET") === "GET" ? route.loader : route.action;
  return fn({ request, params, context: getLoadContext() }) as Promise<Response>;
}

let userToken: string;
let adminToken: string;
beforeAll(async () => {
  userToken = (await signedInAccount("User", "apiuser")).token;
  adminToken = (await signedInAccount("Admin", "apiadmin")).token;
});

describe("API plumbing", () => {
  test("an unknown /api path answers a JSON 404 for every method", async () => {
    for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
      const response = await call(unknownApiPath, "/api/nothing/here", { method });
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(await response.json()).toEqual({ message: "No such API endpoint.", error: "No such API endpoint." });
    }
  });

  test("a visitor gets 401, a bearer token authenticates, a revoked token does not", async () => {
    expect((await call(echo, "/api/echo")).status).toBe(401);
    const ok = await call(echo, "/api/echo", { headers: { Authorization: `Bearer ${userToken}` } });
    expect(await ok.json()).toEqual({ user: "apiuser" });
    const extra = await createSession(
      (await createUser({ username: "gone", email: "gone@example.test", password: "pass1234" })).id,
    );
    await deleteSession(extra.id);
    const revoked = await call(echo, "/api/echo", { headers: { Authorization: `Bearer ${extra.id}` } });
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).message).toMatch(/sign in/);
  });

  test("a User gets 403 on an admin endpoint; validation failures are 400 with field errors", async () => {
    const headers = { "Content-Type": "application/json" };
    const forbidden = await call(echo, "/api/echo", {
      method: "POST",
      headers: { ...headers, Authorization: `Bearer ${userToken}` },
      body: "{}",
    });
    expect(forbidden.status).toBe(403);
    const invalid = await call(echo, "/api/echo", {
      method: "POST",
      headers: { ...headers, Authorization: `Bearer ${adminToken}` },
      body: "{}",
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      message: expect.any(String),
      fieldErrors: { name: [expect.any(String)] },
    });
    const notJson = await call(echo, "/api/echo", {
      method: "POST",
      headers: { ...headers, Authorization: `Bearer ${adminToken}` },
      body: "{oops",
    });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).message).toBe("The request body is not valid JSON.");
  });

  test("a cookie-authenticated write needs the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie", async () => {
    const session = await sessionCookie.serialize(adminToken);
    const cookie = session.split(";")[0];
    const body = JSON.stringify({ name: "ok" });
    const headers = { "Content-Type": "application/json" };
    const refused = await call(echo, "/api/echo", { method: "POST", headers: { ...headers, Cookie: cookie }, body });
    expect(refused.status).toBe(403);
    // The first answer hands out the token cookie.
    const xsrf = refused.headers.get("Set-Cookie")!.match(/XSRF-TOKEN=([a-f0-9]+)/)![1];
    const wrong = await call(echo, "/api/echo", {
      method: "POST",
      headers: { ...headers, Cookie: `${cookie}; XSRF-TOKEN=${xsrf}`, "X-XSRF-TOKEN": "0".repeat(xsrf.length) },
      body,
    });
    expect(wrong.status).toBe(403);
    const accepted = await call(echo, "/api/echo", {
      method: "POST",
      headers: { ...headers, Cookie: `${cookie}; XSRF-TOKEN=${xsrf}`, "X-XSRF-TOKEN": xsrf },
      body,
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ name: "ok" });
  });

  test("malformed ids are 404 like unknown ones; unsupported methods 405", async () => {
    const bad = await call(echo, "/api/echo/xyz", { method: "DELETE" }, { id: "not-an-id" });
    expect(bad.status).toBe(404);
    expect((await bad.json()).message).toBe("Thing not found.");
    const good = await call(echo, "/api/echo/x", { method: "DELETE" }, { id: "a".repeat(24) });
    expect(await good.json()).toEqual({ id: "a".repeat(24) });
    const patch = await call(echo, "/api/echo", { method: "PATCH" });
    expect(patch.status).toBe(405);
    expect(patch.headers.get("Allow")).toBe("GET, POST, DELETE");
  });

  test("ApiError carries status and message", () => {
    const error = new ApiError(409, "Taken.");
    expect([error.status, error.message]).toEqual([409, "Taken."]);
  });
});
