import { beforeEach, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { loader as adminHomeLoader } from "~/routes/adminHome";
import { action, loader } from "~/routes/adminControlPanel/route";
import { database, prisma } from "~/utils/db.server";
import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession } from "~/models/session.server";
import { truncateAll } from "../support/database-template";
import { getLoadContext } from "~/http/load-context.server";

beforeEach(async () => {
  await truncateAll(database);
});

const makeUser = (name: string, role: "User" | "Admin" = "User") =>
  createUser({ username: name, email: `${name}@example.test`, password: `pw-${name}`, role });

async function cookieFor(userId: string) {
  return (await commitSessionCookie((await createSession(userId)).id)).split(";")[0];
}

function post(query: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`http://app.test/adminControlPanel?${query}`, {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body: new URLSearchParams(fields),
  });
}

/** The route's answer, whether returned or thrown (guards throw). */
async function run(fn: () => Promise<unknown>) {
  try {
    return (await fn()) as unknown;
  } catch (error) {
    return error;
  }
}

function statusOf(result: unknown) {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: { status?: number } })?.init;
  return init?.status ?? 200;
}

/** Feedback as the old server stored it, with no account behind it (imported rows). */
function legacyFeedback(username: string, email: string, feedback: string) {
  return prisma.feedback.create({ data: { username, email, feedback }, select: { id: true } });
}

describe("every admin action of the profiles and feedback areas is guarded on the server", () => {
  test("a User gets 403 and a visitor is sent to sign in; nothing changes", async () => {
    const user = await makeUser("plain");
    const target = await makeUser("target");
    const feedback = await legacyFeedback("target", "target@example.test", "hello");
    const userCookie = await cookieFor(user.id);
    const cases: [string, Record<string, string>][] = [
      ["option=profiles", { intent: "changeRole", id: target.id, role: "Admin" }],
      ["option=profiles", { intent: "delete", id: target.id }],
      ["option=feedback", { intent: "setStatus", id: feedback.id, isResolved: "true" }],
      ["option=feedback", { intent: "delete", id: feedback.id }],
    ];
    for (const [query, fields] of cases) {
      const asUser = await run(() =>
        action({ request: post(query, fields, userCookie), params: {}, context: getLoadContext() }),
      );
      expect(statusOf(asUser), `${fields.intent} as User`).toBe(403);
      const asVisitor = await run(() =>
        action({ request: post(query, fields), params: {}, context: getLoadContext() }),
      );
      expect(asVisitor).toBeInstanceOf(Response);
      expect((asVisitor as Response).status).toBe(302);
      expect((asVisitor as Response).headers.get("Location")).toMatch(/^\/authorization\?formType=signin/);
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).role).toBe("User");
    expect(await prisma.feedback.findUniqueOrThrow({ where: { id: feedback.id } })).toMatchObject({
      isResolved: false,
    });
    for (const query of ["option=profiles", "option=feedback"]) {
      const request = new Request(`http://app.test/adminControlPanel?${query}`, { headers: { Cookie: userCookie } });
      expect(statusOf(await run(() => loader({ request, params: {}, context: getLoadContext() })))).toBe(403);
    }
    const dashboard = new Request("http://app.test/adminHome", { headers: { Cookie: userCookie } });
    expect(
      statusOf(await run(() => adminHomeLoader({ request: dashboard, params: {}, context: getLoadContext() }))),
    ).toBe(403);
  });
});

describe("profiles area", () => {
  test("search by username or email, confirmation step, role change and delete with flash", async () => {
    const admin = await makeUser("boss", "Admin");
    const cookie = await cookieFor(admin.id);
    const alice = await makeUser("alice");
    await createUser({ username: "bob", email: "bob@walkers.test", password: "pw-bob" });
    const get = async (query: string) =>
      (await loader({
        request: new Request(`http://app.test/adminControlPanel?${query}`, { headers: { Cookie: cookie } }),
        params: {},
        context: getLoadContext(),
      })) as {
        area: { users: { username: string }[]; confirm: unknown };
      };
    expect((await get("option=profiles")).area.users.map((u) => u.username)).toEqual(["alice", "bob", "boss"]);
    expect((await get("option=profiles&q=WALKERS")).area.users.map((u) => u.username)).toEqual(["bob"]);
    expect((await get("option=profiles&q=nobody-matches")).area.users).toEqual([]);
    expect((await get(`option=profiles&confirm=role&id=${alice.id}`)).area.confirm).toEqual({
      kind: "role",
      user: { id: alice.id, username: "alice", role: "User" },
    });
    expect((await get(`option=profiles&confirm=delete&id=bad`)).area.confirm).toBeNull();

    const changed = (await action({
      request: post("option=profiles&q=ali", { intent: "changeRole", id: alice.id, role: "Admin" }, cookie),
      params: {},
      context: getLoadContext(),
    })) as Response;
    expect(changed.status).toBe(302);
    // The page lands on the person's row, where the message stands.
    expect(changed.headers.get("Location")).toBe(`/adminControlPanel?option=profiles&q=ali#user-${alice.id}`);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: alice.id } })).role).toBe("Admin");

    const deleted = (await action({
      request: post("option=profiles", { intent: "delete", id: alice.id }, cookie),
      params: {},
      context: getLoadContext(),
    })) as Response;
    expect(deleted.status).toBe(302);
    expect(await prisma.user.count({ where: { id: alice.id } })).toBe(0);

    const lastAdmin = await run(() =>
      action({
        request: post("option=profiles", { intent: "changeRole", id: admin.id, role: "User" }, cookie),
        params: {},
        context: getLoadContext(),
      }),
    );
    expect(statusOf(lastAdmin)).toBe(409);
    expect((lastAdmin as { data: { result: { error: Record<string, string[]> } } }).data.result.error).toEqual({
      "": [
        "The last administrator can neither lose the Admin role nor be deleted: make another user an administrator first.",
      ],
    });
    const lastDelete = await run(() =>
      action({
        request: post("option=profiles", { intent: "delete", id: admin.id }, cookie),
        params: {},
        context: getLoadContext(),
      }),
    );
    expect(statusOf(lastDelete)).toBe(409);
    const bad = await run(() =>
      action({
        request: post("option=profiles", { intent: "changeRole", id: admin.id, role: "King" }, cookie),
        params: {},
        context: getLoadContext(),
      }),
    );
    expect(statusOf(bad)).toBe(400);
    const missing = await run(() =>
      action({
        request: post("option=profiles", { intent: "delete", id: "0123456789abcdef01234567" }, cookie),
        params: {},
        context: getLoadContext(),
      }),
    );
    expect(statusOf(missing)).toBe(404);
  });
});

describe("feedback area", () => {
  test("search over username, email and text; mark resolved and pending; delete", async () => {
    const admin = await makeUser("boss", "Admin");
    const cookie = await cookieFor(admin.id);
    const one = await legacyFeedback("carol", "carol@example.test", "Lovely benches");
    await legacyFeedback("dave", "dave@campus.test", "Need more water");
    const get = async (q: string) =>
      (
        (await loader({
          request: new Request(`http://app.test/adminControlPanel?option=feedback&q=${q}`, {
            headers: { Cookie: cookie },
          }),
          params: {},
          context: getLoadContext(),
        })) as {
          area: { feedback: { username: string }[] };
        }
      ).area.feedback.map((f) => f.username);
    expect(await get("benches")).toEqual(["carol"]);
    expect(await get("CAMPUS")).toEqual(["dave"]);
    expect(await get("carol")).toEqual(["carol"]);
    expect(await get("zzz")).toEqual([]);

    const mark = (isResolved: string) =>
      action({
        request: post("option=feedback", { intent: "setStatus", id: one.id, isResolved }, cookie),
        params: {},
        context: getLoadContext(),
      });
    expect(((await mark("true")) as Response).status).toBe(302);
    expect((await prisma.feedback.findUniqueOrThrow({ where: { id: one.id } })).isResolved).toBe(true);
    await mark("false");
    expect((await prisma.feedback.findUniqueOrThrow({ where: { id: one.id } })).isResolved).toBe(false);
    const deleted = (await action({
      request: post("option=feedback&q=x", { intent: "delete", id: one.id }, cookie),
      params: {},
      context: getLoadContext(),
    })) as Response;
    expect(deleted.headers.get("Location")).toBe("/adminControlPanel?option=feedback&q=x#feedback-results");
    expect(await prisma.feedback.count()).toBe(1);
    expect(
      statusOf(
        await run(() =>
          action({
            request: post("option=feedback", { intent: "delete", id: one.id }, cookie),
            params: {},
            context: getLoadContext(),
          }),
        ),
      ),
    ).toBe(404);
  });
});

describe("an administrator acting on their own account", () => {
  test("giving up the Admin role signs them out; deleting themselves ends at the landing page", async () => {
    const first = await makeUser("first", "Admin");
    const second = await makeUser("second", "Admin");
    const demoted = (await action({
      request: post("option=profiles", { intent: "changeRole", id: first.id, role: "User" }, await cookieFor(first.id)),
      params: {},
      context: getLoadContext(),
    })) as Response;
    expect(demoted.headers.get("Location")).toBe("/authorization?formType=signin");
    expect(demoted.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
    expect(await prisma.session.count({ where: { userId: first.id } })).toBe(0);
    const gone = (await action({
      request: post("option=profiles", { intent: "delete", id: second.id }, await cookieFor(second.id)),
      params: {},
      context: getLoadContext(),
    })) as Response;
    expect(statusOf(gone)).toBe(409); // second is now the last administrator
    await prisma.user.update({ where: { id: first.id }, data: { role: "Admin" } });
    const deleted = (await action({
      request: post("option=profiles", { intent: "delete", id: second.id }, await cookieFor(second.id)),
      params: {},
      context: getLoadContext(),
    })) as Response;
    expect(deleted.headers.get("Location")).toBe("/");
    expect(await prisma.user.count({ where: { id: second.id } })).toBe(0);
  });
});
