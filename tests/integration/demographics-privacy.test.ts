// A person's age, gender, ethnicity and community are theirs: the admin API shows other people's
// accounts as name, email and role only; the analytics page shows counts of five or more.
import { beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { createSession } from "~/models/session.server";
import { prisma } from "~/utils/db.server";
import { callRoute } from "../support/routes";

const DEMOGRAPHICS = ["gender", "age", "ethnicity", "community"];
let admin = { id: "", token: "" };
let person = { id: "", token: "" };

beforeAll(async () => {
  const name = `demo${Math.random().toString(36).slice(2, 9)}`;
  const a = await createUser({ username: `${name}a`, email: `${name}a@example.test`, password: "pass1234" });
  await prisma.user.update({ where: { id: a.id }, data: { role: "Admin" } });
  const p = await createUser({
    username: `${name}p`,
    email: `${name}p@example.test`,
    password: "pass1234",
    gender: "Female",
    age: 23,
    ethnicity: "Asian",
    community: "Yes",
  });
  admin = { id: a.id, token: (await createSession(a.id)).id };
  person = { id: p.id, token: (await createSession(p.id)).id };
});

const api = (path: string, token: string, method = "GET", body?: unknown) =>
  callRoute(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("per-person demographics leave the admin API", () => {
  test("the user list has name, email and role of everyone, and nobody's demographics", async () => {
    const users = (await (await api("/api/user/users", admin.token)).json()) as Record<string, unknown>[];
    const listed = users.find((user) => user._id === person.id)!;
    expect(listed).toMatchObject({ _id: person.id, roleType: "User" });
    for (const user of users) for (const field of DEMOGRAPHICS) expect(user, field).not.toHaveProperty(field);
  });

  test("an admin reading, updating or promoting someone else gets no demographics back", async () => {
    const read = (await (await api(`/api/user/${person.id}`, admin.token)).json()) as Record<string, unknown>;
    const updated = (await (
      await api(`/api/user/updateProfile/${person.id}`, admin.token, "PATCH", {
        username: `${read.username as string}x`,
      })
    ).json()) as Record<string, unknown>;
    const promoted = (await (
      await api(`/api/user/updateRole/${person.id}`, admin.token, "PATCH", { roleType: "User" })
    ).json()) as Record<string, unknown>;
    for (const answer of [read, updated, promoted]) {
      expect(answer._id).toBe(person.id);
      for (const field of DEMOGRAPHICS) expect(answer, field).not.toHaveProperty(field);
    }
  });

  test("an admin can neither set them nor learn them by guessing: the same refusal for a right or a wrong guess", async () => {
    const guesses = [
      { age: 23 },
      { age: 33 },
      { gender: "Female" },
      { gender: "Male" },
      { ethnicity: "White" },
      { community: "No" },
      { age: 33, username: "renamed" },
    ];
    for (const guess of guesses) {
      const response = await api(`/api/user/updateProfile/${person.id}`, admin.token, "PATCH", guess);
      expect(response.status, JSON.stringify(guess)).toBe(400);
      expect((await response.json()).message).toBe(
        "Administrators cannot see or set a user's age, gender, ethnicity or community: leave them out.",
      );
    }
    const stored = await prisma.user.findUniqueOrThrow({
      where: { id: person.id },
      select: { age: true, gender: true, ethnicity: true, community: true },
    });
    expect(stored).toEqual({ age: 23, gender: "Female", ethnicity: "Asian", community: "Yes" });
    // The person sets their own as before.
    expect((await api(`/api/user/updateProfile/${person.id}`, person.token, "PATCH", { age: 24 })).status).toBe(200);
    await prisma.user.update({ where: { id: person.id }, data: { age: 23 } });
  });

  test("a person still reads their own in full", async () => {
    const own = (await (await api(`/api/user/${person.id}`, person.token)).json()) as Record<string, unknown>;
    expect(own).toMatchObject({ gender: "Female", age: 23, ethnicity: "Asian", community: "Yes" });
  });
});
