// A class on the campus Wi-Fi reaches us as one address (NAT). With the limits as deployed (no
// RATE_LIMIT_FACTOR), ninety people there sign up, sign in, log a walk, send a report and post feedback,
// half through the pages as a browser without JavaScript posts them and half through the API; a script
// at that address is stopped after a few hundred accounts; and a guesser there costs a bounded number of
// bcrypt comparisons while every student with the right password still gets in. Over real sockets, with
// and without a trusted proxy: tests/integration/shared-address-server.test.ts.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import bcrypt from "bcryptjs";
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/http/client-address.server";
import { checkRateLimit } from "~/http/rate-limit.server";
import { createUser } from "~/models/user.server";
import { userMessages } from "~/schemas/user";
import { settleBackgroundJobs } from "~/utils/background.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { rateLimitMessage, rateLimitPolicies, signInPolicy } from "~/utils/rate-limit-counter.server";
import { seedDatabase } from "~/utils/seed.server";
import { truncateAll } from "../support/database-template";
import { mailsIn } from "../support/outbox";
import { callRoute, pageText } from "../support/routes";

const outbox = mkdtempSync(path.join(tmpdir(), "wt-campus-outbox-"));
env.MAIL_OUTBOX_DIR = outbox;
env.SMTP_URL = undefined;
env.APP_URL = "https://trails.example.edu";

/** The campus's one public address, as the request gate hands it on. */
const CAMPUS = "203.0.113.80";
const GOLD = "673e9addbf9ebe061ef810bf";
const PEOPLE = 90;

afterAll(() => rmSync(outbox, { recursive: true, force: true }));

beforeEach(async () => {
  await settleBackgroundJobs();
  await truncateAll(database);
  for (const file of readdirSync(outbox)) rmSync(path.join(outbox, file));
  // The limits as deployed: what a real class meets.
  env.RATE_LIMIT_FACTOR = 1;
});

afterEach(() => vi.restoreAllMocks());

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: CAMPUS },
  body: new URLSearchParams(fields),
});

const json = (method: string, body: unknown, token?: string) => ({
  method,
  headers: {
    "Content-Type": "application/json",
    [CLIENT_ADDRESS_HEADER]: CAMPUS,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(body),
});

/** `name=value` of the session cookie an answer set, for the next request's Cookie header. */
function sessionCookieOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  expect(cookie, `status ${response.status}`).toBeTruthy();
  return cookie!.split(";")[0];
}

const person = (i: number) => ({
  username: `student${i}`,
  email: `student${i}@campus.example.edu`,
  password: `walk-the-gold-${i}`,
});

function pageSignUp(i: number) {
  const { username, email, password } = person(i);
  return callRoute(
    "/authorization?formType=signup",
    form({ intent: "signup", username, email, password, confirmPassword: password }),
  );
}

function apiSignUp(i: number) {
  const { username, email, password } = person(i);
  return callRoute("/api/user/signup", json("POST", { username, email, password, confirmPassword: password }));
}

const pageSignIn = (email: string, password: string) =>
  callRoute("/authorization?formType=signin", form({ intent: "signin", email, password }));
const apiSignIn = (email: string, password: string) => callRoute("/api/user/signin", json("POST", { email, password }));

describe("a class behind one address, with the limits as deployed", () => {
  test("ninety people sign up, sign in, log a walk, send a report and post feedback, by page and by API", async () => {
    await seedDatabase(prisma);
    const date = new Date().toISOString().slice(0, 10);
    const users = await prisma.user.count();
    // A few at a time, as a class does it.
    const oneStudent = async (i: number) => {
      const { email, password } = person(i);
      const byPage = i % 2 === 0;
      const signedUp = byPage ? await pageSignUp(i) : await apiSignUp(i);
      expect(signedUp.status, `sign-up ${i}`).toBe(byPage ? 302 : 201);

      const signedIn = byPage ? await pageSignIn(email, password) : await apiSignIn(email, password);
      expect(signedIn.status, `sign-in ${i}`).toBe(byPage ? 302 : 200);
      if (byPage) {
        const cookie = { Cookie: sessionCookieOf(signedIn) };
        const post = (target: string, fields: Record<string, string>) => {
          const init = form(fields);
          return callRoute(target, { ...init, headers: { ...init.headers, ...cookie } });
        };
        const walk = await post("/userControlPanel/walks", {
          intent: "log",
          trailId: GOLD,
          date,
          laps: "1",
          durationMinutes: "25",
        });
        expect(walk.status, `walk ${i}`).toBe(302);
        const report = await post("/trails/gold", {
          intent: "report",
          category: "litter",
          description: `Bottles by the bench, seen by ${i}`,
        });
        expect(report.status, `report ${i}`).toBe(302);
        const feedback = await post("/userControlPanel", { intent: "feedback", feedback: `A fine walk, says ${i}` });
        expect(feedback.status, `feedback ${i}`).toBe(302);
      } else {
        const { token } = (await signedIn.json()) as { token: string };
        const walk = await callRoute(
          "/api/walks",
          json("POST", { trailId: GOLD, date, durationMinutes: 30, distanceMiles: 1 }, token),
        );
        expect(walk.status, `walk ${i}`).toBe(201);
        const report = await callRoute(
          "/api/reports",
          json("POST", { trailId: GOLD, category: "litter", description: `Bottles, seen by ${i}` }, token),
        );
        expect(report.status, `report ${i}`).toBe(201);
        const feedback = await callRoute(
          "/api/feedback/submit",
          json("POST", { feedback: `A fine walk, says ${i}` }, token),
        );
        expect(feedback.status, `feedback ${i}`).toBe(201);
      }
    };
    for (let start = 0; start < PEOPLE; start += 6)
      await Promise.all(Array.from({ length: 6 }, (_, k) => oneStudent(start + k)));
    expect(await prisma.user.count()).toBe(users + PEOPLE);
    expect(await prisma.walk.count()).toBeGreaterThanOrEqual(PEOPLE);
    expect(await prisma.report.count({ where: { user: { email: { endsWith: "@campus.example.edu" } } } })).toBe(PEOPLE);
    expect(await prisma.feedback.count({ where: { email: { endsWith: "@campus.example.edu" } } })).toBe(PEOPLE);
  }, 180_000);

  test("a script at that address is stopped after a few hundred accounts an hour, told the real wait", async () => {
    const ceiling = rateLimitPolicies.signUp.client.max;
    expect(ceiling).toBeGreaterThanOrEqual(3 * PEOPLE);
    expect(ceiling).toBeLessThanOrEqual(500);
    // The address has already signed up all but the last few this hour: counted as sign-ups count (the
    // same counter, the request's own address), without making hundreds of accounts here.
    const campus = new Request("http://localhost/api/user/signup", { headers: { [CLIENT_ADDRESS_HEADER]: CAMPUS } });
    for (let i = 0; i < ceiling - 3; i++)
      expect((await checkRateLimit(campus, "signUp", `earlier${i}@campus.example.edu`)).allowed).toBe(true);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await apiSignUp(i)).status);
    expect(statuses).toEqual([201, 201, 201]);
    const refused = await apiSignUp(3);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toMatchObject({ message: rateLimitMessage(wait) });
    // The page form says the same wait, in the same words, and carries the same header.
    const page = await pageSignUp(4);
    expect(page.status).toBe(429);
    const pageWait = Number(page.headers.get("Retry-After"));
    expect(pageWait).toBeGreaterThan(0);
    expect(await pageText(page)).toContain(rateLimitMessage(pageWait));
    expect(await prisma.user.count()).toBe(3);
  });

  test("a guesser there costs a bounded number of bcrypt comparisons, and every student with the right password still gets in", async () => {
    const students = await Promise.all(Array.from({ length: 12 }, (_, i) => createUser(person(i))));
    const compare = vi.spyOn(bcrypt, "compare");

    // The guesser works round the class, well past the address's ceiling of failures.
    const guesses = signInPolicy.client.max + 2 * students.length;
    const answers: number[] = [];
    for (let n = 0; n < guesses; n++)
      answers.push((await apiSignIn(students[n % students.length].email, `guess-${n}`)).status);
    expect(compare).toHaveBeenCalledTimes(signInPolicy.client.max);
    expect(answers.slice(0, signInPolicy.client.max)).toEqual(Array(signInPolicy.client.max).fill(401));
    // Past it nothing is compared, and the answer no longer says anything about the password.
    expect(new Set(answers.slice(signInPolicy.client.max))).toEqual(new Set([202]));

    // Every student of that address, with the right password, page or API: no refusal, a link by mail.
    compare.mockClear();
    for (const [i, student] of students.entries()) {
      const { password } = person(i);
      const answer = i % 2 === 0 ? await pageSignIn(student.email, password) : await apiSignIn(student.email, password);
      expect(answer.status, student.email).toBe(i % 2 === 0 ? 302 : 202);
      expect(answer.headers.get("Retry-After")).toBeNull();
      expect(answer.headers.getSetCookie().join()).not.toMatch(/__session=/);
      if (i % 2 === 1) expect(await answer.json()).toEqual({ message: userMessages.signInLinkOffered });
      if (i === 0) {
        // The page a browser without JavaScript is sent back to says what happened.
        const toast = answer.headers
          .getSetCookie()
          .find((cookie) => cookie.startsWith("__toast="))!
          .split(";")[0];
        const shown = await callRoute(answer.headers.get("Location")!, { headers: { Cookie: toast } });
        expect(await pageText(shown)).toContain(userMessages.signInLinkOffered);
      }
    }
    // An address with no account is answered the same, and mails no one.
    expect((await apiSignIn("nobody@campus.example.edu", "whatever")).status).toBe(202);
    expect(compare).not.toHaveBeenCalled();

    await settleBackgroundJobs();
    const mails = mailsIn(outbox);
    // The guesser's own tries past the ceiling mailed the owners too (as a reset request would), at
    // most a few an hour each; every student has one.
    for (const student of students)
      expect(
        mails.some((mail) => mail.includes(`To: ${student.email}`)),
        student.email,
      ).toBe(true);
    expect(mails.some((mail) => mail.includes("nobody@campus.example.edu"))).toBe(false);
    expect(mails.length).toBeLessThanOrEqual(students.length * rateLimitPolicies.signInLink.account.max);

    // The link signs the student in, from that same address.
    const mine = mails.filter((mail) => mail.includes(`To: ${students[0].email}`)).at(-1)!;
    expect(mine).toContain("no password was checked there");
    const token = /https:\/\/trails\.example\.edu\/signin-link\/([A-Za-z0-9_-]+)/.exec(mine)![1];
    const finished = await callRoute(`/signin-link/${token}`, form({}));
    expect(finished.status).toBe(302);
    expect(finished.headers.get("Location")).toBe("/userHome");
    expect(sessionCookieOf(finished)).toMatch(/^__session=/);
  }, 120_000);
});
