import { beforeEach, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import * as signInApi from "~/routes/api.user.signin";
import { action as authorizationAction } from "~/routes/authorization";
import { addressBucket } from "~/http/address-bucket.server";
import { CLIENT_ADDRESS_HEADER } from "~/http/client-address.server";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { settleBackgroundJobs } from "~/utils/background.server";
import { checkRateLimit, rateLimitClient } from "~/http/rate-limit.server";
import {
  hitRateLimit,
  rateLimitMessage,
  rateLimitPolicies,
  scaledMax,
  signInPolicy,
} from "~/utils/rate-limit-counter.server";
import { userMessages } from "~/schemas/user";
import { truncateAll } from "../support/database-template";
import { getLoadContext } from "~/http/load-context.server";

beforeEach(async () => {
  // A sign-in link mailed by the test before (after its answer) is settled before its rows go.
  await settleBackgroundJobs();
  await truncateAll(database);
  env.RATE_LIMIT_FACTOR = 1;
});

/** A request as it leaves the request gate: the client's address in the gate's header, plus whatever else the client sent. */
function fromClient(client: string | undefined, init: RequestInit & { url?: string } = {}) {
  const headers = new Headers(init.headers);
  if (client) headers.set(CLIENT_ADDRESS_HEADER, client);
  return new Request(init.url ?? "http://app.test/authorization", { ...init, headers });
}

type Answer = {
  status: number;
  headers: Headers;
  formErrors?: string[];
  initialValue?: Record<string, unknown>;
  location?: string | null;
  token?: string;
};
type ActionData = {
  data: { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
  init: { status?: number; headers?: HeadersInit } | null;
};

async function pageAction(
  fields: Record<string, string>,
  client?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const request = fromClient(client, {
    url: `http://app.test/authorization?formType=${fields.intent}`,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  const answer = (await authorizationAction({ request, params: {}, context: getLoadContext() })) as unknown;
  if (answer instanceof Response)
    return { status: answer.status, headers: answer.headers, location: answer.headers.get("Location") };
  const { data, init } = answer as ActionData;
  return {
    status: init?.status ?? 200,
    headers: new Headers(init?.headers),
    formErrors: data.result.error?.[""],
    initialValue: data.result.initialValue,
  };
}

const pageSignIn = (email: string, password: string, client?: string, headers?: Record<string, string>) =>
  pageAction({ intent: "signin", email, password }, client, headers);

async function apiSignIn(
  email: string,
  password: string,
  client?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const request = fromClient(client, {
    url: "http://app.test/api/user/signin",
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ email, password }),
  });
  const response = (await signInApi.action({ request, params: {}, context: getLoadContext() })) as Response;
  const body = (await response.json()) as { token?: string; message?: string };
  return {
    status: response.status,
    headers: response.headers,
    formErrors: body.message ? [body.message] : undefined,
    token: body.token,
  };
}

const signIns = { page: pageSignIn, api: apiSignIn };

/**
 * The answer to a sign-in whose password was not compared, because its address reached a sign-in limit:
 * never a refusal, but a link mailed if the email has an account (the page's toast, the API's 202).
 */
function expectLinkOffered(answer: Answer) {
  expect(answer.headers.get("Retry-After")).toBeNull();
  expect(answer.headers.getSetCookie().join("\n")).not.toMatch(/__session=/);
  if (answer.token !== undefined || answer.location === undefined) {
    expect(answer.status).toBe(202);
    expect(answer.formErrors).toEqual([userMessages.signInLinkOffered]);
  } else {
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/authorization?formType=signin");
  }
}

/** A header value that changes on every call, as an attacker rotating it would send. */
const rotating = (i: number) => ({
  "X-Forwarded-For": `198.18.${i % 250}.${(i * 7) % 250}`,
  "X-Real-IP": `198.19.0.${i % 250}`,
});

describe("counters", () => {
  test("a fixed window counts hits, refuses beyond the maximum and starts again when it ends", async () => {
    const t0 = new Date("2030-01-01T00:00:00Z");
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await hitRateLimit("k", 3, 60_000, t0));
    expect(hits.map((hit) => [hit.count, hit.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(hits[3].resetAt.toISOString()).toBe("2030-01-01T00:01:00.000Z");
    const later = await hitRateLimit("k", 3, 60_000, new Date("2030-01-01T00:01:00Z"));
    expect([later.count, later.allowed]).toEqual([1, true]);
  });

  test("concurrent hits each get their own count: exactly the maximum is allowed", async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit("burst", 5, 60_000)));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect((await prisma.rateLimit.findUniqueOrThrow({ where: { key: "burst" } })).count).toBe(25);
  });

  test("reset requests, sign-ups and feedback count per client and per account, scaled by RATE_LIMIT_FACTOR", async () => {
    const { client, account } = rateLimitPolicies.resetRequest;
    expect(account.max).toBeLessThan(client.max);
    for (let i = 0; i < account.max; i++)
      expect((await checkRateLimit(fromClient(`198.51.100.${i}`), "resetRequest", "a@x.test")).allowed).toBe(true);
    // The account is now exhausted, even from a fresh address; another account from that address is not.
    expect(await checkRateLimit(fromClient("198.51.100.200"), "resetRequest", "A@X.test")).toMatchObject({
      allowed: false,
    });
    expect((await checkRateLimit(fromClient("198.51.100.200"), "resetRequest", "b@x.test")).allowed).toBe(true);
    // One address trying many accounts hits the client limit.
    let verdict = { allowed: true } as Awaited<ReturnType<typeof checkRateLimit>>;
    for (let i = 0; i <= client.max && verdict.allowed; i++)
      verdict = await checkRateLimit(fromClient("192.0.2.1"), "resetRequest", `u${i}@x.test`);
    expect(verdict.allowed).toBe(false);
    expect(!verdict.allowed && verdict.retryAfterSeconds).toBeGreaterThan(0);

    expect(scaledMax(10, 50)).toBe(500);
    expect(scaledMax(10, 0)).toBe(1);
  });

  test("an email too long for the key column still gets a counter of its own", async () => {
    const long = (tail: string) => `${"x".repeat(230)}${tail}@example.test`;
    for (let i = 0; i < rateLimitPolicies.resetRequest.account.max; i++)
      await checkRateLimit(fromClient(`203.0.113.${i}`), "resetRequest", long("a"));
    expect((await checkRateLimit(fromClient("203.0.113.99"), "resetRequest", long("a"))).allowed).toBe(false);
    expect((await checkRateLimit(fromClient("203.0.113.99"), "resetRequest", long("b"))).allowed).toBe(true);
  });
});

describe("who the client is", () => {
  test("the request gate's address, never a header the client chose", () => {
    const request = fromClient("203.0.113.7", { headers: { "X-Forwarded-For": "1.2.3.4", "X-Real-IP": "5.6.7.8" } });
    expect(rateLimitClient(request)).toBe("203.0.113.7");
    expect(rateLimitClient(fromClient(undefined, { headers: { "X-Forwarded-For": "1.2.3.4" } }))).toBe("unknown");
  });

  test("IPv4-mapped IPv6 is the IPv4 address; IPv6 clients are keyed by their /64", () => {
    expect(addressBucket("192.0.2.1")).toBe("192.0.2.1");
    expect(addressBucket("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressBucket("::FFFF:C000:0201")).toBe("192.0.2.1");
    expect(addressBucket("0:0:0:0:0:ffff:192.0.2.1")).toBe("192.0.2.1");
    const home = "2001:db8:abcd:12::/64";
    for (const address of [
      "2001:db8:abcd:12::1",
      "2001:DB8:ABCD:0012:ffff:ffff:ffff:ffff",
      "2001:db8:abcd:12:1:2:3:4",
      "[2001:db8:abcd:12::9]",
      "2001:db8:abcd:12::9%eth0",
      "2001:db8:abcd:12::10.0.0.1",
    ]) {
      expect(addressBucket(address), address).toBe(home);
    }
    expect(addressBucket("2001:db8:abcd:13::1")).toBe("2001:db8:abcd:13::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(addressBucket("unknown")).toBe("unknown");
  });
});

describe("sign-in limits", () => {
  for (const [kind, signIn] of Object.entries(signIns)) {
    test(`${kind}: rotating X-Forwarded-For and X-Real-IP does not reset one client's limit`, async () => {
      env.RATE_LIMIT_FACTOR = 0.2;
      const max = scaledMax(signInPolicy.client.max);
      const linkOffered = kind === "page" ? 302 : 202;
      const statuses: number[] = [];
      for (let i = 0; i < max + 10; i++)
        statuses.push((await signIn(`nobody${i}@example.test`, "guess", "203.0.113.10", rotating(i))).status);
      expect(statuses).toEqual([...Array(max).fill(401), ...Array(10).fill(linkOffered)]);
      expectLinkOffered(await signIn("another@example.test", "guess", "203.0.113.10", rotating(999)));
    });
  }

  test("a client moving around inside its IPv6 /64 (or switching to IPv4-mapped form) keeps its count", async () => {
    env.RATE_LIMIT_FACTOR = 0.2;
    const max = scaledMax(signInPolicy.client.max);
    for (let i = 0; i < max; i++)
      expect((await pageSignIn(`nobody${i}@example.test`, "guess", `2001:db8:7:7:${i.toString(16)}::1`)).status).toBe(
        401,
      );
    expectLinkOffered(await pageSignIn("late@example.test", "guess", "2001:db8:7:7:ffff::abcd"));
    expect((await pageSignIn("late@example.test", "guess", "2001:db8:7:8::1")).status).toBe(401);

    for (let i = 0; i < max; i++) await pageSignIn(`nobody${i}@example.test`, "guess", "192.0.2.77");
    expectLinkOffered(await pageSignIn("late@example.test", "guess", "::ffff:192.0.2.77"));
  });

  test("two clients without proxy headers have separate buckets", async () => {
    env.RATE_LIMIT_FACTOR = 0.2;
    const max = scaledMax(signInPolicy.client.max);
    for (let i = 0; i < max; i++) await pageSignIn(`nobody${i}@example.test`, "guess", "192.0.2.10");
    expectLinkOffered(await pageSignIn("next@example.test", "guess", "192.0.2.10"));
    expectLinkOffered(await apiSignIn("next@example.test", "guess", "192.0.2.10"));
    expect((await pageSignIn("next@example.test", "guess", "192.0.2.11")).status).toBe(401);
    expect((await apiSignIn("next@example.test", "guess", "192.0.2.11")).status).toBe(401);
  });

  test("one client failing on one account stops having its passwords compared there, before its overall limit; a right password then earns a link, never a refusal", async () => {
    await createUser({ username: "victim", email: "victim@example.test", password: "right-pass" });
    const perAccount = signInPolicy.clientAccount.max;
    expect(perAccount).toBeLessThan(signInPolicy.client.max);
    for (let i = 0; i < perAccount; i++)
      expect((await pageSignIn("victim@example.test", `guess-${i}`, "192.0.2.20")).status).toBe(401);
    // The account's owner behind the same address (a class, a carrier) with the right password: not refused.
    expectLinkOffered(await pageSignIn("Victim@Example.test", "right-pass", "192.0.2.20"));
    expectLinkOffered(await apiSignIn("victim@example.test", "right-pass", "192.0.2.20"));
    // A wrong one is answered the same: from here the answer says nothing about the password.
    expectLinkOffered(await apiSignIn("victim@example.test", "guess-x", "192.0.2.20"));
    // The same client may still try another account.
    expect((await pageSignIn("other@example.test", "guess", "192.0.2.20")).status).toBe(401);
  });

  for (const [kind, signIn] of Object.entries(signIns)) {
    test(`${kind}: twenty strangers failing on an account neither refuse nor slow its owner; a new device is sent a link`, async () => {
      const owner = await createUser({ username: "owner", email: "owner@example.test", password: "owners-password" });
      const earned = await signIn("owner@example.test", "owners-password", "192.0.2.199");
      const device = earned.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("__device="))
        ?.split(";")[0];
      expect(device).toBeTruthy();
      await prisma.session.deleteMany();

      const strangers = Array.from({ length: 20 }, (_, i) => `198.51.100.${i + 1}`);
      const failures = await Promise.all(
        strangers.map((client, i) => signIn("owner@example.test", `guess-${i}`, client)),
      );
      expect(failures.map((answer) => answer.status)).toEqual(Array(20).fill(401));
      expect(strangers.length).toBeGreaterThanOrEqual(
        Math.max(signInPolicy.account.linkAfter, signInPolicy.clientAccount.max),
      );

      // The owner's own device: a session at once.
      const success = await signIn("owner@example.test", "owners-password", "192.0.2.200", { Cookie: device! });
      if (kind === "page") {
        expect(success.status).toBe(302);
        expect(success.location).toBe("/userHome");
        expect(success.headers.get("Set-Cookie")).toMatch(/__session=/);
      } else {
        expect(success.status).toBe(200);
        expect(success.token).toBeTruthy();
      }
      expect(await prisma.session.count({ where: { userId: owner.id } })).toBe(1);

      // A device without the cookie: not refused, but no session either; the link is mailed (device-cookie.test.ts).
      const newDevice = await signIn("owner@example.test", "owners-password", "192.0.2.201");
      expect(newDevice.status).toBe(kind === "page" ? 302 : 202);
      expect(newDevice.headers.get("Set-Cookie") ?? "").not.toMatch(/__session=/);
      expect(await prisma.session.count({ where: { userId: owner.id } })).toBe(1);
    }, 60_000);
  }

  test("successful sign-ins give back the failure counts, but each is still an attempt: 30 an hour per client and account, then a mailed link", async () => {
    await createUser({ username: "regular", email: "regular@example.test", password: "regular-pw" });
    const quota = rateLimitPolicies.signInAttempt.account.max;
    for (let i = 0; i < quota; i++) {
      const signIn = i % 2 === 0 ? pageSignIn : apiSignIn;
      expect((await signIn("regular@example.test", "regular-pw", "192.0.2.30")).status, `sign-in ${i}`).toBeLessThan(
        400,
      );
    }
    // Each is a bcrypt hash on our CPU: the 31st from this client compares nothing, and earns a link…
    expectLinkOffered(await apiSignIn("regular@example.test", "regular-pw", "192.0.2.30"));
    // …while the owner on another network is not affected (no stranger can use up the owner's quota).
    expect((await apiSignIn("regular@example.test", "regular-pw", "192.0.2.31")).status).toBe(200);
    // And the successes left none of this client's failure budget used.
    env.RATE_LIMIT_FACTOR = 0.2;
    const max = scaledMax(signInPolicy.client.max);
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++)
      statuses.push((await pageSignIn(`nobody${i}@example.test`, "guess", "192.0.2.32")).status);
    expect(statuses).toEqual([...Array(max).fill(401), 302]);
  }, 120_000);
});

describe("sign-up limits", () => {
  test("sign-up from one client is limited, saying the real wait, and a filled honeypot is refused without creating anything", async () => {
    env.RATE_LIMIT_FACTOR = 0.02;
    const signUp = (name: string, client: string, extra: Record<string, string> = {}) =>
      pageAction(
        {
          intent: "signup",
          username: name,
          email: `${name}@example.test`,
          password: "abcd",
          confirmPassword: "abcd",
          ...extra,
        },
        client,
      );
    expect((await signUp("bot", "198.51.100.50", { website: "https://spam.example" })).status).toBe(400);
    expect(await prisma.user.count()).toBe(0);
    const max = scaledMax(rateLimitPolicies.signUp.client.max);
    for (let i = 0; i < max; i++)
      expect(await signUp(`p${i}`, "198.51.100.50")).toMatchObject({ status: 302, location: "/userHome" });
    const late = await signUp("late", "198.51.100.50");
    expect(late.status).toBe(429);
    const wait = Number(late.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(59 * 60);
    expect(late.formErrors).toEqual([rateLimitMessage(wait)]);
    expect(late.formErrors![0]).toMatch(/Please try again in (59 minutes|1 hour)\.$/);
    expect(await prisma.user.count()).toBe(max);
    expect((await signUp("elsewhere", "198.51.100.51")).status).toBe(302);
  });
});
