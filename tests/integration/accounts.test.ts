import { beforeEach, describe, expect, test } from "vitest";
import { database, prisma } from "~/utils/db.server";
import { BCRYPT_COST } from "~/utils/password.server";
import { changeUserRole, createUser, deleteUserAccount, registerUser } from "~/models/user.server";
import { updateUserProfile } from "~/models/user-ownership.server";
import { verifyLogin } from "~/models/user-sign-in.server";
import { requireAdmin, requireUser } from "~/http/auth.server";
import { getLoadContext } from "~/http/load-context.server";
import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession, getUserForSession } from "~/models/session.server";
import { truncateAll } from "../support/database-template";
import { thrown } from "../support/thrown";

beforeEach(async () => {
  await truncateAll(database);
});

const makeUser = (name: string, role: "User" | "Admin" = "User") =>
  createUser({ username: name, email: `${name}@example.test`, password: `pw-${name}`, role });

/** The user themself, from a session that has just signed in. */
async function asSelf(user: { id: string; role: "User" | "Admin" }) {
  return { userId: user.id, role: user.role, sessionId: (await createSession(user.id)).id };
}

/** What a loader is handed for a request with this session's cookie. */
async function argsWithSession(sessionId: string | null, path = "/somewhere?x=1") {
  const headers = new Headers();
  if (sessionId) headers.set("Cookie", (await commitSessionCookie(sessionId)).split(";")[0]);
  return { request: new Request(`http://app.test${path}`, { headers }), context: getLoadContext() };
}

describe("sessions", () => {
  test("a session row identifies its user until it expires, then it is gone", async () => {
    const user = await makeUser("ses");
    const session = await createSession(user.id);
    expect(await getUserForSession(session.id)).toMatchObject({ id: user.id, role: "User" });
    await prisma.session.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getUserForSession(session.id)).toBeNull();
    expect(await prisma.session.count({ where: { id: session.id } })).toBe(0);
  });

  test("requireUser sends a visitor to sign in and keeps the destination; requireAdmin answers 403 to a User", async () => {
    const visitor = await thrown(requireUser(await argsWithSession(null, "/userControlPanel?feedback=open")));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(
      `/authorization?formType=signin&redirectTo=${encodeURIComponent("/userControlPanel?feedback=open")}`,
    );
    const user = await makeUser("guarded");
    const userArgs = await argsWithSession((await createSession(user.id)).id);
    expect((await requireUser(userArgs)).id).toBe(user.id);
    expect((await thrown(requireAdmin(userArgs))).status).toBe(403);
    const admin = await makeUser("boss", "Admin");
    expect((await requireAdmin(await argsWithSession((await createSession(admin.id)).id))).id).toBe(admin.id);
  });

  test("a forged or unknown cookie is a visitor", async () => {
    const request = new Request("http://app.test/userHome", { headers: { Cookie: `__session=${"a".repeat(64)}` } });
    expect((await thrown(requireUser({ request, context: getLoadContext() }))).status).toBe(302);
  });
});

describe("sign-up", () => {
  test("creates a User with a bcrypt hash, never an Admin", async () => {
    const result = await registerUser({ username: "newbie", email: "NewBie@Example.Test", password: "abcd" });
    expect(result.ok).toBe(true);
    const row = await prisma.user.findUniqueOrThrow({ where: { email: "newbie@example.test" } });
    expect(row.role).toBe("User");
    // bcrypt at the configured cost (4 under the test runner, 10 otherwise: tests/unit/password.test.ts).
    expect(row.passwordHash).toMatch(new RegExp(`^\\$sha256\\$\\$2[aby]\\$${String(BCRYPT_COST).padStart(2, "0")}\\$`));
    expect(await verifyLogin("NEWBIE@example.test", "abcd")).toMatchObject({ username: "newbie" });
  });

  test("refuses a taken username or email (case-insensitively) and creates nothing", async () => {
    await makeUser("Taken");
    const result = await registerUser({ username: "taken", email: "TAKEN@example.test", password: "abcd" });
    expect(result).toEqual({
      ok: false,
      conflicts: [
        { field: "username", message: "This username is already taken." },
        { field: "email", message: "An account with this email already exists." },
      ],
    });
    expect(await prisma.user.count()).toBe(1);
  });
});

describe("one person, one name", () => {
  // Each group is one name written differently: case, fullwidth compatibility forms, a combining accent.
  const groups = [
    ["Ana", "ANA", "\uff21\uff4e\uff41", "ana"],
    ["Jos\u00e9", "JOSE\u0301", "\uff4a\uff4f\uff53\u00e9"],
    ["Stra\u00dfe", "STRASSE", "strasse"],
  ];

  test("concurrent sign-ups with case and Unicode variants of one name: exactly one wins each", async () => {
    const attempts = groups.flatMap((group, g) =>
      group.map((username, i) => ({ g, username, email: `race${g}-${i}@example.test` })),
    );
    const results = await Promise.all(
      attempts.map((a) => registerUser({ username: a.username, email: a.email, password: "abcd" })),
    );
    for (const [g, group] of groups.entries()) {
      const mine = results.filter((_, index) => attempts[index].g === g);
      expect(
        mine.filter((result) => result.ok),
        group.join(" / "),
      ).toHaveLength(1);
      for (const refused of mine.filter((result) => !result.ok)) {
        expect(refused).toEqual({
          ok: false,
          conflicts: [{ field: "username", message: "This username is already taken." }],
        });
      }
    }
    expect(await prisma.user.count()).toBe(groups.length);
  });

  test("the database itself refuses a second spelling of a name, whoever skips the check", async () => {
    await makeUser("Ana");
    // createUser does no conflict check of its own: only the unique index stands in the way.
    await expect(
      createUser({ username: "\uff21\uff2e\uff21", email: "wide@example.test", password: "abcd" }),
    ).rejects.toMatchObject({ code: "P2002" });
    expect(await prisma.user.count()).toBe(1);
  });

  test("names are stored in NFKC form; renaming to another's variant is refused, one's own variant is fine", async () => {
    const wide = await createUser({
      username: "\uff37\uff49\uff44\uff45",
      email: "wide@example.test",
      password: "abcd",
    });
    expect(wide.username).toBe("Wide");
    expect(await prisma.user.findUniqueOrThrow({ where: { id: wide.id }, select: { usernameKey: true } })).toEqual({
      usernameKey: "wide",
    });
    const other = await makeUser("other");
    expect(await updateUserProfile(other.id, { username: "WIDE" }, await asSelf(other))).toEqual({
      ok: false,
      reason: "conflict",
      conflicts: [{ field: "username", message: "This username is already taken." }],
    });
    expect(await updateUserProfile(wide.id, { username: "WIDE" }, await asSelf(wide))).toMatchObject({
      ok: true,
      user: { username: "WIDE" },
    });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: wide.id }, select: { usernameKey: true } })).toEqual({
      usernameKey: "wide",
    });
  });
});

describe("profile updates", () => {
  test("missing fields keep their values; an update that changes nothing says so", async () => {
    const user = await makeUser("prof");
    const self = await asSelf(user);
    expect(await updateUserProfile(user.id, {}, self)).toMatchObject({
      ok: false,
      reason: "no-changes",
      user: { id: user.id },
    });
    const sameAgain = await updateUserProfile(user.id, { username: "prof", email: "PROF@example.test" }, self);
    expect(sameAgain).toMatchObject({ ok: false, reason: "no-changes", user: { email: "prof@example.test" } });
    const updated = await updateUserProfile(user.id, { age: 0, community: "No" }, self);
    expect(updated).toMatchObject({
      ok: true,
      user: { username: "prof", email: "prof@example.test", age: 0, community: "No" },
    });
  });

  test("one's own new email, taken or not, waits for its link; an administrator's change of another's is refused when taken", async () => {
    const admin = await makeUser("boss", "Admin");
    await makeUser("other");
    const user = await makeUser("me");
    for (const email of ["Other@example.test", "free@example.test"]) {
      expect(await updateUserProfile(user.id, { email }, await asSelf(user))).toMatchObject({
        ok: true,
        user: { email: "me@example.test" },
        emailPending: email.toLowerCase(),
        emailChangedFrom: null,
        changed: false,
      });
    }
    expect(await updateUserProfile(user.id, { email: "Other@example.test" }, await asSelf(admin))).toEqual({
      ok: false,
      reason: "conflict",
      conflicts: [{ field: "email", message: "An account with this email already exists." }],
    });
  });

  test("a new password ends every other session but the current one", async () => {
    const user = await makeUser("pw");
    const current = await createSession(user.id);
    const other = await createSession(user.id);
    const self = { userId: user.id, role: user.role, sessionId: current.id };
    expect(await updateUserProfile(user.id, { password: "new-pass" }, self)).toMatchObject({
      ok: true,
      passwordChanged: true,
    });
    expect(await getUserForSession(current.id)).not.toBeNull();
    expect(await getUserForSession(other.id)).toBeNull();
    expect(await verifyLogin("pw@example.test", "new-pass")).not.toBeNull();
    expect(await verifyLogin("pw@example.test", "pw-pw")).toBeNull();
  });
});

describe("roles", () => {
  test("a role change ends the user's sessions", async () => {
    await makeUser("root", "Admin");
    const user = await makeUser("promoted");
    const session = await createSession(user.id);
    expect(await changeUserRole(user.id, "Admin")).toMatchObject({ ok: true, user: { role: "Admin" } });
    expect(await getUserForSession(session.id)).toBeNull();
    const again = await createSession(user.id);
    expect(await changeUserRole(user.id, "User")).toMatchObject({ ok: true, user: { role: "User" } });
    expect(await getUserForSession(again.id)).toBeNull();
  });

  test("the last administrator can be neither demoted nor deleted", async () => {
    const admin = await makeUser("only", "Admin");
    const session = await createSession(admin.id);
    expect(await changeUserRole(admin.id, "User")).toEqual({ ok: false, reason: "last-admin" });
    expect(await deleteUserAccount(admin.id)).toEqual({ ok: false, reason: "last-admin" });
    expect(await getUserForSession(session.id)).toMatchObject({ role: "Admin" });
  });

  test("two administrators removing themselves at the same time leave one behind", async () => {
    const a = await makeUser("adminA", "Admin");
    const b = await makeUser("adminB", "Admin");
    const results = await Promise.all([deleteUserAccount(a.id), deleteUserAccount(b.id)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await prisma.user.count({ where: { role: "Admin" } })).toBe(1);
    const c = await makeUser("adminC", "Admin");
    const survivor = (await prisma.user.findFirstOrThrow({ where: { role: "Admin", NOT: { id: c.id } } })).id;
    const demotions = await Promise.all([changeUserRole(c.id, "User"), changeUserRole(survivor, "User")]);
    expect(demotions.filter((result) => result.ok)).toHaveLength(1);
    expect(await prisma.user.count({ where: { role: "Admin" } })).toBe(1);
  });

  test("deleting an account deletes its sessions and keeps its feedback without the link", async () => {
    await makeUser("keeper", "Admin");
    const user = await makeUser("leaver");
    const session = await createSession(user.id);
    await prisma.feedback.create({
      data: { username: "leaver", email: "leaver@example.test", feedback: "bye", userId: user.id },
    });
    expect(await deleteUserAccount(user.id)).toEqual({ ok: true });
    expect(await prisma.session.count({ where: { id: session.id } })).toBe(0);
    expect(await getUserForSession(session.id)).toBeNull();
    expect(await prisma.feedback.findFirstOrThrow({ where: { feedback: "bye" } })).toMatchObject({ userId: null });
    expect(await deleteUserAccount(user.id)).toEqual({ ok: false, reason: "not-found" });
  });
});
