// Feedback from a signed-in person is theirs: stored under their account's own name and email, whatever
// the form or the body says (before, a body naming "admin" was stored as admin's).
import { beforeAll, describe, expect, test } from "vitest";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { callRoute } from "../support/routes";

let person = { id: "", username: "", email: "", token: "" };

beforeAll(async () => {
  const name = `voice${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234" });
  person = { id: user.id, username: user.username, email: user.email, token: (await createSession(user.id)).id };
});

async function stored(feedback: string) {
  return prisma.feedback.findFirstOrThrow({
    where: { feedback },
    select: { username: true, email: true, userId: true },
  });
}

describe("one person, one voice", () => {
  test("the API stores feedback under the caller's account, whatever username and email the body names", async () => {
    const response = await callRoute("/api/feedback/submit", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${person.token}` },
      body: JSON.stringify({
        username: "admin",
        email: "admin@walkingtrails.local",
        feedback: "Forged voice via the API",
      }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ username: person.username, email: person.email });
    expect(await stored("Forged voice via the API")).toEqual({
      username: person.username,
      email: person.email,
      userId: person.id,
    });
  });

  test("the API needs no username or email at all", async () => {
    const response = await callRoute("/api/feedback/submit", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${person.token}` },
      body: JSON.stringify({ feedback: "Just the message" }),
    });
    expect(response.status).toBe(201);
    expect(await stored("Just the message")).toMatchObject({ username: person.username, email: person.email });
  });

  test("the profile page's form stores it under the account too, whatever fields a crafted post adds", async () => {
    const response = await callRoute("/userControlPanel", {
      method: "POST",
      sessionId: person.token,
      body: new URLSearchParams({
        intent: "feedback",
        username: "admin",
        email: "admin@walkingtrails.local",
        feedback: "Forged voice via the page",
      }),
    });
    expect(response.status).toBe(302);
    expect(await stored("Forged voice via the page")).toEqual({
      username: person.username,
      email: person.email,
      userId: person.id,
    });
  });
});
