import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { verifyLogin } from "~/models/user-sign-in.server";
import * as deleteUser from "~/routes/api.user.$id";
import * as logout from "~/routes/api.user.logout";
import * as signin from "~/routes/api.user.signin";
import * as signup from "~/routes/api.user.signup";
import * as updateProfile from "~/routes/api.user.updateProfile.$userId";
import * as updateRole from "~/routes/api.user.updateRole.$id";
import * as usersList from "~/routes/api.user.users";
import * as sendResetAuth from "~/routes/api.auth.send-reset-link";
import * as sendResetStandalone from "~/routes/api.send-reset-link";
import * as resetPassword from "~/routes/api.auth.reset-password.$token";
import * as feedbackList from "~/routes/api.feedback";
import * as feedbackItem from "~/routes/api.feedback_.$id";
import * as feedbackSubmit from "~/routes/api.feedback_.submit";
import { feedbackJsonSchema } from "~/schemas/feedback";
import { authResponseSchema, userJsonSchema, userSummaryJsonSchema } from "~/schemas/user-api";
import { settleBackgroundJobs } from "~/utils/background.server";
import { CLIENT_ADDRESS_HEADER } from "~/http/client-address.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { createSession, deleteSession } from "~/models/session.server";
import { sessionCookie } from "~/http/session-cookie.server";
import { truncateAll } from "../support/database-template";
import { getLoadContext } from "~/http/load-context.server";

const outbox = mkdtempSync(path.join(tmpdir(), "wt-api-outbox-"));
env.MAIL_OUTBOX_DIR = outbox;
env.SMTP_URL = undefined;
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

type Route = { loader: (args: LoaderFunctionArgs) => unknown; action: (args: ActionFunctionArgs) => unknown };
let clientCounter = 0;

/** Each call comes from its own client address unless told otherwise, so rate limits stay out of the way. */
function call(
  route: Route,
  method: string,
  pathname: string,
  options: { token?: string; body?: unknown; params?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const headers = new Headers({
    [CLIENT_ADDRESS_HEADER]: `10.0.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`,
    ...options.headers,
  });
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const request = new Request(`http://localhost${pathname}`, { method, headers, body });
  const fn = method === "GET" ? route.loader : route.action;
  return fn({ request, params: options.params ?? {}, context: getLoadContext() }) as Promise<Response>;
}

const makeUser = (name: string, role: "User" | "Admin" = "User") =>
  createUser({ username: name, email: `${name}@example.test`, password: `pw-${name}`, role });

async function tokenFor(name: string, role: "User" | "Admin" = "User") {
  const user = await makeUser(name, role);
  return { user, token: (await createSession(user.id)).id };
}

const MISSING_ID = "0123456789abcdef01234567";

beforeEach(async () => {
  // A mail an earlier test queued (an email change's notice) lands before this test counts its own.
  await settleBackgroundJobs();
  for (const file of readdirSync(outbox)) rmSync(path.join(outbox, file));
  await truncateAll(database);
});

describe("POST /api/user/signin", () => {
  test("answers { result: user, token }, sets the cookie, and the token authenticates until sign-out", async () => {
    const user = await makeUser("walker");
    const response = await call(signin, "POST", "/api/user/signin", {
      body: { email: "WALKER@example.test", password: "pw-walker" },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(
      authResponseSchema.strict().safeParse({ ...body, result: userJsonSchema.strict().parse(body.result) }).success,
    ).toBe(true);
    expect(body.result).toEqual({
      _id: user.id,
      username: "walker",
      email: "walker@example.test",
      roleType: "User",
      // Nothing given: strings stay strings and the age is left out, as the old server sent them.
      gender: "",
      ethnicity: "",
      community: "",
    });
    expect(JSON.stringify(body)).not.toMatch(/hash|password/i);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);

    const listed = await call(feedbackSubmit, "POST", "/api/feedback/submit", {
      token: body.token,
      body: { username: "walker", email: "walker@example.test", feedback: "hi" },
    });
    expect(listed.status).toBe(201);
    await deleteSession(body.token); // what signing out does
    const after = await call(feedbackSubmit, "POST", "/api/feedback/submit", {
      token: body.token,
      body: { username: "walker", email: "walker@example.test", feedback: "hi" },
    });
    expect(after.status).toBe(401);
  });

  test("wrong credentials are 401 with the sign-in failure message; bad input 400 with field errors; past the limits a link instead (202)", async () => {
    await makeUser("guard");
    const wrong = await call(signin, "POST", "/api/user/signin", {
      body: { email: "guard@example.test", password: "nope" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      message: "Sign-in failed. Please check your credentials.",
      error: "Sign-in failed. Please check your credentials.",
    });
    const invalid = await call(signin, "POST", "/api/user/signin", { body: { email: "not-an-email" } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).fieldErrors).toMatchObject({
      email: ["Please enter a valid email address."],
      password: ["Password is required."],
    });
    // Too many failures from one client on one account: no password compared from there, a link mailed
    // instead if the account exists (rate-limit.test.ts covers the rules in full).
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const options = {
        body: { email: "guard@example.test", password: "nope" },
        headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.44" },
      };
      statuses.push((await call(signin, "POST", "/api/user/signin", options)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 202]);
  });
});

describe("POST /api/user/logout", () => {
  const submit = (token?: string, headers?: Record<string, string>) =>
    call(feedbackSubmit, "POST", "/api/feedback/submit", {
      token,
      headers,
      body: { username: "quitter", email: "quitter@example.test", feedback: "hi" },
    });

  test("revokes the bearer token it was called with, and only that one; again, it still answers 200", async () => {
    const { user, token } = await tokenFor("quitter");
    const other = (await createSession(user.id)).id;
    const response = await call(logout, "POST", "/api/user/logout", { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "You have been signed out." });
    expect((await submit(token)).status).toBe(401);
    expect((await submit(other)).status).toBe(201);
    expect((await call(logout, "POST", "/api/user/logout", { token })).status).toBe(200);
  });

  test("revokes a cookie session and clears the cookie, given the X-XSRF-TOKEN header like every cookie write", async () => {
    const { token } = await tokenFor("quitter");
    const xsrf = "0123456789abcdef".repeat(3);
    const cookie = `${(await sessionCookie.serialize(token)).split(";")[0]}; XSRF-TOKEN=${xsrf}`;
    const forged = await call(logout, "POST", "/api/user/logout", { headers: { Cookie: cookie } });
    expect(forged.status).toBe(403);
    expect((await submit(token)).status).toBe(201);
    const response = await call(logout, "POST", "/api/user/logout", {
      headers: { Cookie: cookie, "X-XSRF-TOKEN": xsrf },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().find((c) => c.startsWith("__session="))).toMatch(/Max-Age=0/);
    expect(await prisma.session.count({ where: { id: token } })).toBe(0);
    // The cookie of an ended session, or no credentials at all: signed out already, so 200.
    expect((await call(logout, "POST", "/api/user/logout", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await call(logout, "POST", "/api/user/logout")).status).toBe(200);
    expect(
      (await call(logout, "POST", "/api/user/logout", { headers: { Authorization: "Bearer nonsense" } })).status,
    ).toBe(200);
  });
});

describe("POST /api/user/signup", () => {
  test("creates a User (never Admin) and answers 201 with the sign-in shape", async () => {
    const response = await call(signup, "POST", "/api/user/signup", {
      body: {
        username: "newbie",
        email: "newbie@example.test",
        password: "abcd",
        confirmPassword: "abcd",
        roleType: "Admin",
        age: "30",
        gender: "Female",
        ethnicity: "",
        community: "Yes",
      },
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.result).toMatchObject({
      username: "newbie",
      roleType: "User",
      age: 30,
      gender: "Female",
      ethnicity: "",
      community: "Yes",
    });
    expect(body.token).toMatch(/^[a-f0-9]{64}$/);
    expect((await prisma.user.findUniqueOrThrow({ where: { email: "newbie@example.test" } })).role).toBe("User");
  });

  test("each validation failure is 400 with its message; duplicates 409", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "a@example.test", password: "abcd", confirmPassword: "abcd" }, "username", "Username is required."],
      [
        { username: "a", email: "bad", password: "abcd", confirmPassword: "abcd" },
        "email",
        "Please enter a valid email address.",
      ],
      [
        { username: "a", email: "a@example.test", password: "abc", confirmPassword: "abc" },
        "password",
        "Password requirements not met.",
      ],
      [
        { username: "a", email: "a@example.test", password: "abcd", confirmPassword: "abce" },
        "confirmPassword",
        "Passwords do not match.",
      ],
      [
        { username: "a", email: "a@example.test", password: "abcd", confirmPassword: "abcd", age: -1 },
        "age",
        "Age must be a whole number from 0 to 150.",
      ],
      [
        { username: "a", email: "a@example.test", password: "abcd", confirmPassword: "abcd", gender: "X" },
        "gender",
        "Please choose a gender from the list.",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(signup, "POST", "/api/user/signup", { body });
      expect(response.status, field).toBe(400);
      expect((await response.json()).fieldErrors[field]).toEqual([message]);
    }
    await makeUser("taken");
    const duplicate = await call(signup, "POST", "/api/user/signup", {
      body: { username: "TAKEN", email: "taken@example.test", password: "abcd", confirmPassword: "abcd" },
    });
    expect(duplicate.status).toBe(409);
    const answer = await duplicate.json();
    expect(answer.fieldErrors).toEqual({
      username: ["This username is already taken."],
      email: ["An account with this email already exists."],
    });
    // Fullwidth letters are the same name (NFKC), whatever their case.
    const wide = await call(signup, "POST", "/api/user/signup", {
      body: {
        username: "\uff34\uff41\uff4b\uff45\uff4e",
        email: "wide@example.test",
        password: "abcd",
        confirmPassword: "abcd",
      },
    });
    expect(wide.status).toBe(409);
    expect((await wide.json()).fieldErrors).toEqual({ username: ["This username is already taken."] });
    const hidden = await call(signup, "POST", "/api/user/signup", {
      body: { username: "ta\u202eken", email: "rlo@example.test", password: "abcd", confirmPassword: "abcd" },
    });
    expect(hidden.status).toBe(400);
    expect((await hidden.json()).fieldErrors.username).toEqual([
      "Username cannot contain control or invisible formatting characters.",
    ]);
    expect(await prisma.user.count()).toBe(1);
  });
});

describe("PATCH /api/user/updateProfile/{userId}", () => {
  test("updates one's own profile; empty fields keep their value; a password alone changes it", async () => {
    const { user, token } = await tokenFor("self");
    const response = await call(updateProfile, "PATCH", `/api/user/updateProfile/${user.id}`, {
      token,
      params: { userId: user.id },
      body: {
        username: "",
        email: "",
        age: "41",
        gender: "Male",
        ethnicity: "Asian",
        community: "No",
        password: "newpass",
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      _id: user.id,
      username: "self",
      email: "self@example.test",
      age: 41,
      gender: "Male",
      ethnicity: "Asian",
      community: "No",
    });
    expect(await verifyLogin("self@example.test", "newpass")).not.toBeNull();
    // The session that made the change survives it.
    const again = await call(updateProfile, "PATCH", `/api/user/updateProfile/${user.id}`, {
      token,
      params: { userId: user.id },
      body: { age: 41 },
    });
    expect(again.status).toBe(200);
  });

  test("refused updates count against the account's quota: a taken name cannot be tried without end", async () => {
    const { user, token } = await tokenFor("prober");
    await makeUser("taken");
    const patch = (body: unknown) =>
      call(updateProfile, "PATCH", `/api/user/updateProfile/${user.id}`, { token, params: { userId: user.id }, body });
    for (let i = 0; i < 20; i++) expect((await patch({ username: "taken" })).status).toBe(409);
    const limited = await patch({ age: 30 });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
  });

  test("an update that changes nothing real answers 200 with the account, as the old server did", async () => {
    const { user, token } = await tokenFor("same");
    await prisma.user.update({ where: { id: user.id }, data: { age: 30 } });
    for (const body of [{ age: 30 }, { age: "30" }, { email: "SAME@Example.TEST" }, { username: "same", age: "30" }]) {
      const response = await call(updateProfile, "PATCH", `/api/user/updateProfile/${user.id}`, {
        token,
        params: { userId: user.id },
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(await response.json()).toMatchObject({
        _id: user.id,
        username: "same",
        email: "same@example.test",
        age: 30,
      });
    }
  });

  test("403 for another user's profile unless Admin; 401 visitor; 404 unknown/malformed; 409 conflict; 400 bad input", async () => {
    const { user, token } = await tokenFor("me");
    const other = await makeUser("other");
    const { token: adminToken } = await tokenFor("boss", "Admin");
    const path = (id: string) => `/api/user/updateProfile/${id}`;
    expect(
      (await call(updateProfile, "PATCH", path(other.id), { token, params: { userId: other.id }, body: { age: 3 } }))
        .status,
    ).toBe(403);
    expect(
      (await call(updateProfile, "PATCH", path(other.id), { params: { userId: other.id }, body: { age: 3 } })).status,
    ).toBe(401);
    const byAdmin = await call(updateProfile, "PATCH", path(other.id), {
      token: adminToken,
      params: { userId: other.id },
      body: { email: "moved@example.test" },
    });
    // The change is made; the answer to an admin shows name, email and role only.
    const answered = await byAdmin.json();
    expect(answered).toMatchObject({ _id: other.id, email: "moved@example.test" });
    expect(answered).not.toHaveProperty("age");
    expect(
      (
        await call(updateProfile, "PATCH", path(MISSING_ID), {
          token: adminToken,
          params: { userId: MISSING_ID },
          body: { username: "x" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(updateProfile, "PATCH", path("nope"), {
          token: adminToken,
          params: { userId: "nope" },
          body: { username: "x" },
        })
      ).status,
    ).toBe(404);
    const conflict = await call(updateProfile, "PATCH", path(user.id), {
      token,
      params: { userId: user.id },
      body: { username: "OTHER" },
    });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).message).toBe("This username is already taken.");
    const short = await call(updateProfile, "PATCH", path(user.id), {
      token,
      params: { userId: user.id },
      body: { password: "abc" },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).fieldErrors.password).toEqual(["Password requirements not met."]);
    const differ = await call(updateProfile, "PATCH", path(user.id), {
      token,
      params: { userId: user.id },
      body: { password: "abcd", confirmPassword: "abce" },
    });
    expect((await differ.json()).fieldErrors.confirmPassword).toEqual(["Passwords do not match!"]);
    const badAge = await call(updateProfile, "PATCH", path(user.id), {
      token,
      params: { userId: user.id },
      body: { age: "old" },
    });
    expect(badAge.status).toBe(400);
  });

  test("a cookie-authenticated write without X-XSRF-TOKEN is refused", async () => {
    const { user, token } = await tokenFor("cookie");
    const cookie = (await sessionCookie.serialize(token)).split(";")[0];
    const xsrf = "0123456789abcdef".repeat(3);
    const response = await call(updateProfile, "PATCH", `/api/user/updateProfile/${user.id}`, {
      params: { userId: user.id },
      headers: { Cookie: `${cookie}; XSRF-TOKEN=${xsrf}` },
      body: { age: 5 },
    });
    expect(response.status).toBe(403);
    const accepted = await call(updateProfile, "PATCH", `/api/user/updateProfile/${user.id}`, {
      params: { userId: user.id },
      headers: { Cookie: `${cookie}; XSRF-TOKEN=${xsrf}`, "X-XSRF-TOKEN": xsrf },
      body: { age: 5 },
    });
    expect(accepted.status).toBe(200);
  });
});

describe("admin user endpoints", () => {
  test("GET /api/user/users lists users for Admin only", async () => {
    const { token } = await tokenFor("plain");
    const { token: adminToken } = await tokenFor("boss", "Admin");
    expect((await call(usersList, "GET", "/api/user/users")).status).toBe(401);
    expect((await call(usersList, "GET", "/api/user/users", { token })).status).toBe(403);
    const response = await call(usersList, "GET", "/api/user/users", { token: adminToken });
    const list = await response.json();
    expect(list.map((u: { username: string }) => u.username)).toEqual(["boss", "plain"]);
    for (const item of list) expect(userSummaryJsonSchema.strict().safeParse(item).success).toBe(true);
  });

  test("PATCH /api/user/updateRole/{id}: changes the role, refuses the last admin, validates", async () => {
    const { user, token } = await tokenFor("plain");
    const { user: boss, token: adminToken } = await tokenFor("boss", "Admin");
    const path = (id: string) => `/api/user/updateRole/${id}`;
    expect(
      (await call(updateRole, "PATCH", path(user.id), { params: { id: user.id }, body: { roleType: "Admin" } })).status,
    ).toBe(401);
    expect(
      (await call(updateRole, "PATCH", path(user.id), { token, params: { id: user.id }, body: { roleType: "Admin" } }))
        .status,
    ).toBe(403);
    const invalid = await call(updateRole, "PATCH", path(user.id), {
      token: adminToken,
      params: { id: user.id },
      body: { roleType: "King" },
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).fieldErrors.roleType).toEqual(["roleType must be Admin or User."]);
    expect(
      (
        await call(updateRole, "PATCH", path(MISSING_ID), {
          token: adminToken,
          params: { id: MISSING_ID },
          body: { roleType: "Admin" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(updateRole, "PATCH", path("x"), {
          token: adminToken,
          params: { id: "x" },
          body: { roleType: "Admin" },
        })
      ).status,
    ).toBe(404);
    const last = await call(updateRole, "PATCH", path(boss.id), {
      token: adminToken,
      params: { id: boss.id },
      body: { roleType: "User" },
    });
    expect(last.status).toBe(409);
    expect((await last.json()).message).toBe(
      "The last administrator can neither lose the Admin role nor be deleted: make another user an administrator first.",
    );
    const promoted = await call(updateRole, "PATCH", path(user.id), {
      token: adminToken,
      params: { id: user.id },
      body: { roleType: "Admin" },
    });
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({ _id: user.id, roleType: "Admin" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("Admin");
  });

  test("GET /api/user/{id}: the user themselves or an Admin, never a password; others 403", async () => {
    const { user, token } = await tokenFor("plain");
    const { user: other, token: otherToken } = await tokenFor("other");
    const { token: adminToken } = await tokenFor("boss", "Admin");
    const get = (id: string, t?: string) => call(deleteUser, "GET", `/api/user/${id}`, { token: t, params: { id } });
    const own = await get(user.id, token);
    expect(own.status).toBe(200);
    const body = await own.json();
    expect(userJsonSchema.strict().parse(body)).toMatchObject({
      _id: user.id,
      username: "plain",
      email: "plain@example.test",
      roleType: "User",
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|\$2[aby]\$/i);
    expect(await (await get(other.id, adminToken)).json()).toMatchObject({ _id: other.id, username: "other" });
    const refused = await get(user.id, otherToken);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: "You may only see your own account.",
      error: "You may only see your own account.",
    });
    expect((await get(user.id)).status).toBe(401);
    expect((await get("bad", adminToken)).status).toBe(404);
    expect((await get(MISSING_ID, adminToken)).status).toBe(404);
  });

  test("DELETE /api/user/{id}: Admin deletes anyone, a User only themselves, never the last admin", async () => {
    const { user, token } = await tokenFor("plain");
    const other = await makeUser("other");
    const { user: boss, token: adminToken } = await tokenFor("boss", "Admin");
    const del = (id: string, t?: string) => call(deleteUser, "DELETE", `/api/user/${id}`, { token: t, params: { id } });
    expect((await del(other.id)).status).toBe(401);
    expect((await del(other.id, token)).status).toBe(403);
    expect((await del("bad", adminToken)).status).toBe(404);
    expect((await del(MISSING_ID, adminToken)).status).toBe(404);
    const last = await call(deleteUser, "DELETE", `/api/user/${boss.id}`, {
      token: adminToken,
      params: { id: boss.id },
      body: { currentPassword: "pw-boss" },
    });
    expect(last.status).toBe(409);
    const removed = await del(other.id, adminToken);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ message: "The user was deleted.", _id: other.id });
    const self = await call(deleteUser, "DELETE", `/api/user/${user.id}`, {
      token,
      params: { id: user.id },
      body: { currentPassword: "pw-plain" },
    });
    expect(self.status).toBe(200);
    expect(await prisma.user.count()).toBe(1);
  });

  test("DELETE /api/user/{own id} asks for the current password, and says when it is missing or wrong", async () => {
    const { user, token } = await tokenFor("careful");
    const del = (body?: unknown) =>
      call(deleteUser, "DELETE", `/api/user/${user.id}`, { token, params: { id: user.id }, body });
    const missing = await del();
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      fieldErrors: { currentPassword: ["Enter your current password to delete your profile."] },
    });
    const wrong = await del({ currentPassword: "not-it" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ message: "The current password is not correct." });
    expect(await prisma.user.count({ where: { id: user.id } })).toBe(1);
    expect((await del({ currentPassword: "pw-careful" })).status).toBe(200);
    expect(await prisma.user.count({ where: { id: user.id } })).toBe(0);
  });
});

describe("password reset endpoints", () => {
  test("send-reset-link answers the same 200 text for known and unknown addresses on both paths", async () => {
    await makeUser("forgot");
    for (const route of [sendResetAuth, sendResetStandalone]) {
      for (const email of ["forgot@example.test", "nobody@example.test"]) {
        const response = await call(route, "POST", "/api/auth/send-reset-link", { body: { email } });
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toContain("text/plain");
        expect(await response.text()).toBe("Password reset link has been sent to your email.");
      }
    }
    await settleBackgroundJobs(); // the mails go out after the answer
    expect(readdirSync(outbox).length).toBe(2);
    const invalid = await call(sendResetAuth, "POST", "/api/auth/send-reset-link", { body: { email: "x" } });
    expect(invalid.status).toBe(400);
  });

  test("a mail that cannot be sent changes nothing in the answer and leaves no usable token", async () => {
    await makeUser("mailfail");
    env.SMTP_URL = "smtp://127.0.0.1:1";
    try {
      const response = await call(sendResetStandalone, "POST", "/api/send-reset-link", {
        body: { email: "mailfail@example.test" },
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("Password reset link has been sent to your email.");
      await settleBackgroundJobs();
    } finally {
      env.SMTP_URL = undefined;
    }
    expect(await prisma.passwordResetToken.count()).toBe(0);
  });

  test("reset-password: 200 text with a valid token, 400 text when short, invalid or used", async () => {
    const user = await makeUser("resetme");
    const token = "a-known-reset-token-for-the-test";
    await prisma.passwordResetToken.create({
      data: {
        userId: user.id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const reset = (t: string, body: unknown) =>
      call(resetPassword, "POST", `/api/auth/reset-password/${t}`, { params: { token: t }, body });
    const short = await reset(token, { newPassword: "abc" });
    expect(short.status).toBe(400);
    expect(await short.text()).toBe("Password must be at least 4 characters long.");
    const unknown = await reset("unknown-token", { newPassword: "abcd" });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("Content-Type")).toContain("text/plain");
    const ok = await reset(token, { newPassword: "brand-new" });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("Your password has been reset. Please sign in with your new password.");
    expect(await verifyLogin("resetme@example.test", "brand-new")).not.toBeNull();
    expect((await reset(token, { newPassword: "again-new" })).status).toBe(400);
  });
});

describe("feedback endpoints", () => {
  test("submit (signed-in, validated) → list (admin) → PATCH status → DELETE", async () => {
    const { token } = await tokenFor("writer");
    const { token: adminToken } = await tokenFor("boss", "Admin");
    const body = { username: "writer", email: "writer@example.test", feedback: "More benches please" };
    expect((await call(feedbackSubmit, "POST", "/api/feedback/submit", { body })).status).toBe(401);
    const empty = await call(feedbackSubmit, "POST", "/api/feedback/submit", {
      token,
      body: { ...body, feedback: "" },
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).fieldErrors.feedback).toHaveLength(1);
    const created = await call(feedbackSubmit, "POST", "/api/feedback/submit", { token, body });
    expect(created.status).toBe(201);
    const item = await created.json();
    expect(feedbackJsonSchema.strict().parse(item)).toEqual({ _id: expect.any(String), ...body, isResolved: false });

    expect((await call(feedbackList, "GET", "/api/feedback")).status).toBe(401);
    expect((await call(feedbackList, "GET", "/api/feedback", { token })).status).toBe(403);
    expect(await (await call(feedbackList, "GET", "/api/feedback", { token: adminToken })).json()).toEqual([item]);

    const patch = (id: string, t: string | undefined, b: unknown) =>
      call(feedbackItem, "PATCH", `/api/feedback/${id}`, { token: t, params: { id }, body: b });
    expect((await patch(item._id, token, { isResolved: true })).status).toBe(403);
    expect((await patch(item._id, adminToken, { isResolved: "yes" })).status).toBe(400);
    expect((await patch(MISSING_ID, adminToken, { isResolved: true })).status).toBe(404);
    expect((await patch("zzz", adminToken, { isResolved: true })).status).toBe(404);
    const resolved = await patch(item._id, adminToken, { isResolved: true });
    expect(await resolved.json()).toEqual({ ...item, isResolved: true });

    const del = (id: string, t?: string) =>
      call(feedbackItem, "DELETE", `/api/feedback/${id}`, { token: t, params: { id } });
    expect((await del(item._id)).status).toBe(401);
    expect((await del(item._id, token)).status).toBe(403);
    expect((await del("zzz", adminToken)).status).toBe(404);
    const deleted = await del(item._id, adminToken);
    expect(await deleted.json()).toEqual({ message: "The feedback was deleted.", _id: item._id });
    expect((await del(item._id, adminToken)).status).toBe(404);
    expect(await prisma.feedback.count()).toBe(0);
  });
});

describe("OpenAPI document", () => {
  test("lists the account endpoints with request and response schemas", async () => {
    const openapi = await import("~/routes/api.openapi[.]json");
    const response = await call(openapi as unknown as Route, "GET", "/api/openapi.json");
    expect(response.status).toBe(200);
    const document = await response.json();
    const signinDoc = document.paths["/api/user/signin"].post;
    expect(signinDoc.responses["200"].content["application/json"].schema.required).toEqual(["result", "token"]);
    expect(signinDoc.responses["401"]).toBeDefined();
    const profileDoc = document.paths["/api/user/updateProfile/{userId}"].patch;
    expect(Object.keys(profileDoc.requestBody.content["application/json"].schema.properties ?? {})).toEqual(
      expect.arrayContaining(["username", "email", "age", "password", "currentPassword"]),
    );
    expect(profileDoc.description).toContain("currentPassword");
    expect(profileDoc.responses["403"]).toBeDefined();
    expect(
      document.paths["/api/auth/reset-password/{token}"].post.responses["200"].content["text/plain"],
    ).toBeDefined();
    expect(document.paths["/api/feedback/{id}"].patch.responses["404"]).toBeDefined();
  });
});
