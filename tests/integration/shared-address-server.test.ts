// People who share an address, over real sockets to the production server: directly (TRUST_PROXY=0, the
// address is the socket's, each person here a loopback address of their own or the class one address
// between them) and behind one trusted proxy (TRUST_PROXY=1, the address is what the proxy appended to
// X-Forwarded-For; whatever the client wrote to its left changes nothing). The limits are scaled down
// (RATE_LIMIT_FACTOR) so that a class and a script fit in seconds at the server's real bcrypt cost; the
// deployed numbers are proved in-process by tests/integration/shared-address.test.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { rateLimitMessage, rateLimitPolicies, scaledMax, signInPolicy } from "~/utils/rate-limit-counter.server";
import { userMessages } from "~/schemas/user";
import { appDatabase, startApp, stopAllApps, waitForHealthy, type AppProcess } from "../support/app-process";
import { mailsIn } from "../support/outbox";

const FACTOR = 0.05;
const GOLD = "673e9addbf9ebe061ef810bf";
const outboxes: string[] = [];

afterEach(() => stopAllApps());
afterAll(() => {
  for (const dir of outboxes) rmSync(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * One request on a socket of its own from `localAddress` (any of 127.0.0.0/8), as a client at that
 * address sends it.
 */
function send(
  app: AppProcess,
  localAddress: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const url = new URL(target, app.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress,
        agent: false,
        headers: { ...headers, Connection: "close" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Where a person is, as the server will work it out: a socket address, and the proxy's header when there is one. */
type Place = { socket: string; forwarded?: string };

function client(app: AppProcess, place: Place) {
  const base: Record<string, string> = place.forwarded ? { "X-Forwarded-For": place.forwarded } : {};
  const json = (method: string, target: string, body: unknown, token?: string) =>
    send(
      app,
      place.socket,
      method,
      target,
      { ...base, "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      JSON.stringify(body),
    );
  const form = (target: string, fields: Record<string, string>) =>
    send(
      app,
      place.socket,
      "POST",
      target,
      { ...base, "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      new URLSearchParams(fields).toString(),
    );
  return { json, form };
}

const person = (i: number) => ({
  username: `walker${i}`,
  email: `walker${i}@campus.example.edu`,
  password: `gold-trail-${i}`,
});

async function signUp(app: AppProcess, place: Place, i: number, byPage: boolean) {
  const { username, email, password } = person(i);
  const fields = { username, email, password, confirmPassword: password };
  return byPage
    ? client(app, place).form("/authorization?formType=signup", { intent: "signup", ...fields })
    : client(app, place).json("POST", "/api/user/signup", fields);
}

const modes = [
  {
    trustProxy: "0",
    // A class on the campus Wi-Fi: one address. Elsewhere: an address each.
    campus: (_i: number): Place => ({ socket: "127.0.0.2" }),
    elsewhere: (i: number): Place => ({ socket: `127.0.${1 + Math.floor(i / 200)}.${10 + (i % 200)}` }),
  },
  {
    trustProxy: "1",
    // Every socket is the proxy's; the proxy appended the campus's address, after whatever the client wrote.
    campus: (i: number): Place => ({
      socket: "127.0.0.1",
      forwarded: `10.1.${i % 250}.${(i * 7) % 250}, 198.51.100.7`,
    }),
    elsewhere: (i: number): Place => ({ socket: "127.0.0.1", forwarded: `203.0.113.${1 + (i % 250)}` }),
  },
];

describe.each(modes)("people who share an address, TRUST_PROXY=$trustProxy", ({ trustProxy, campus, elsewhere }) => {
  test("a class at one address signs up, signs in and writes; a script there is stopped, told the real wait; guessers there or elsewhere never get a student refused", async () => {
    const outbox = mkdtempSync(path.join(tmpdir(), "wt-campus-mail-"));
    outboxes.push(outbox);
    const app = await startApp({
      ...(await appDatabase()),
      TRUST_PROXY: trustProxy,
      RATE_LIMIT_FACTOR: String(FACTOR),
      MAIL_OUTBOX_DIR: outbox,
      LOG_LEVEL: "warn",
    });
    await waitForHealthy(app);

    const ceiling = scaledMax(rateLimitPolicies.signUp.client.max, FACTOR);
    const classSize = ceiling - 3;
    // More than the whole address was once allowed, unscaled: ten sign-ups an hour.
    expect(classSize).toBeGreaterThan(10);
    const date = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < classSize; i++) {
      const here = client(app, campus(i));
      const signedUp = await signUp(app, campus(i), i, i % 2 === 0);
      expect(signedUp.status, `sign-up ${i}: ${signedUp.text.slice(0, 200)}`).toBe(i % 2 === 0 ? 302 : 201);
      const signedIn = await here.json("POST", "/api/user/signin", {
        email: person(i).email,
        password: person(i).password,
      });
      expect(signedIn.status, `sign-in ${i}`).toBe(200);
      const { token } = JSON.parse(signedIn.text) as { token: string };
      expect(
        (await here.json("POST", "/api/walks", { trailId: GOLD, date, durationMinutes: 30, distanceMiles: 1 }, token))
          .status,
        `walk ${i}`,
      ).toBe(201);
      expect(
        (
          await here.json(
            "POST",
            "/api/reports",
            { trailId: GOLD, category: "litter", description: `Seen by ${i}` },
            token,
          )
        ).status,
        `report ${i}`,
      ).toBe(201);
      expect(
        (await here.json("POST", "/api/feedback/submit", { feedback: `Fine, says ${i}` }, token)).status,
        `feedback ${i}`,
      ).toBe(201);
    }

    // A script at the same address: what is left of the ceiling, then 429 with the wait in words.
    for (let i = classSize; i < ceiling; i++)
      expect((await signUp(app, campus(i), i, false)).status, `script ${i}`).toBe(201);
    const refused = await signUp(app, campus(ceiling), ceiling, false);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(JSON.parse(refused.text)).toMatchObject({ message: rateLimitMessage(wait) });
    // The page form, without JavaScript: the same sentence and the header.
    const page = await signUp(app, campus(ceiling + 1), ceiling + 1, true);
    expect(page.status).toBe(429);
    expect(page.text).toContain(rateLimitMessage(Number(page.headers["retry-after"])));

    // Someone at another address is not affected.
    expect((await signUp(app, elsewhere(0), ceiling + 2, false)).status).toBe(201);

    // A student of the class, and as many strangers as it takes to put the account under attack failing
    // on it, each at an address of its own, one wrong password each: none is refused.
    const student = person(1);
    const strangers = Array.from({ length: signInPolicy.account.linkAfter }, (_, i) => elsewhere(i + 1));
    for (const [i, place] of strangers.entries()) {
      expect(
        (await client(app, place).json("POST", "/api/user/signin", { email: student.email, password: `guess-${i}` }))
          .status,
        `stranger ${i}`,
      ).toBe(401);
    }
    // The student, at the campus, on a device that never signed in (no device cookie): a mailed link.
    const fromCampus = client(app, campus(2));
    const underAttack = await fromCampus.json("POST", "/api/user/signin", {
      email: student.email,
      password: student.password,
    });
    expect(underAttack.status).toBe(202);
    expect(JSON.parse(underAttack.text)).toEqual({ message: userMessages.signInLinkSent });

    // A guesser at the campus uses up the campus's failures; then nothing is compared from there, and
    // the student with the right password is still answered with a link, never a 429.
    const failures = scaledMax(signInPolicy.client.max, FACTOR);
    for (let i = 0; i < failures; i++) {
      const guess = await fromCampus.json("POST", "/api/user/signin", {
        email: `someone${i}@campus.example.edu`,
        password: "guess",
      });
      expect(guess.status, `guess ${i}`).toBe(401);
    }
    const again = await fromCampus.json("POST", "/api/user/signin", {
      email: student.email,
      password: student.password,
    });
    expect(again.status).toBe(202);
    expect(again.headers["retry-after"]).toBeUndefined();
    expect(JSON.parse(again.text)).toEqual({ message: userMessages.signInLinkOffered });

    // The link reached the student's mailbox (after the answer).
    const mailed = () =>
      mailsIn(outbox).filter((mail) => mail.includes(student.email) && /\/signin-link\/[A-Za-z0-9_-]+/.test(mail));
    for (const deadline = Date.now() + 10_000; mailed().length === 0 && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailed().length).toBeGreaterThan(0);
  }, 240_000);
});
