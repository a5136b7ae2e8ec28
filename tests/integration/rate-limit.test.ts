import { beforeEach, describe, expect, test } from "vitest";
import { createUser } from "~/models/user.server";
import { action as authorizationAction } from "~/routes/authorization";
import { database, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { checkRateLimit, clientAddress, hitRateLimit, rateLimitPolicies, RATE_LIMIT_MESSAGE, scaledMax } from "~/utils/rate-limit.server";
import { truncateAll } from "../support/database-template";

beforeEach(async () => {
  await truncateAll(database);
  env.RATE_LIMIT_FACTOR = 1;
});

function request(ip?: string) {
  return new Request("http://app.test/authorization", { headers: ip ? { "X-Forwarded-For": `${ip}, 10.0.0.1` } : {} });
}

function post(fields: Record<string, string>, ip = "203.0.113.9") {
  return new Request("http://app.test/authorization?formType=signin", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
    body: new URLSearchParams(fields).toString(),
  });
}

type ActionAnswer = { data: { intent: string; result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init: { status?: number; headers?: HeadersInit } | null };

async function callAction(fields: Record<string, string>, ip?: string) {
  const answer = (await authorizationAction({ request: post(fields, ip), params: {}, context: {} })) as unknown;
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
  const { data, init } = answer as ActionAnswer;
  return { status: init?.status ?? 200, result: data.result, headers: new Headers(init?.headers) };
}

describe("rate limits", () => {
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
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect((await prisma.rateLimit.findUniqueOrThrow({ where: { key: "burst" } })).count).toBe(25);
  });

  test("counted per client address and per account, scaled by RATE_LIMIT_FACTOR", async () => {
    const { client, account } = rateLimitPolicies.resetRequest;
    expect(account.max).toBeLessThan(client.max);
    for (let i = 0; i < account.max; i++) expect((await checkRateLimit(request(`198.51.100.${i}`), "resetRequest", "a@x.test")).allowed).toBe(true);
    // The account is now exhausted, even from a fresh address; another account from that address is not.
    expect(await checkRateLimit(request("198.51.100.200"), "resetRequest", "A@X.test")).toMatchObject({ allowed: false });
    expect((await checkRateLimit(request("198.51.100.200"), "resetRequest", "b@x.test")).allowed).toBe(true);
    // One address trying many accounts hits the client limit.
    let verdict = { allowed: true } as Awaited<ReturnType<typeof checkRateLimit>>;
    for (let i = 0; i <= client.max && verdict.allowed; i++) verdict = await checkRateLimit(request("192.0.2.1"), "resetRequest", `u${i}@x.test`);
    expect(verdict.allowed).toBe(false);
    expect(!verdict.allowed && verdict.retryAfterSeconds).toBeGreaterThan(0);

    expect(scaledMax(10, 50)).toBe(500);
    expect(scaledMax(10, 0)).toBe(1);
  });

  test("the client is the first X-Forwarded-For hop, else one shared bucket", () => {
    expect(clientAddress(request("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(request())).toBe("direct");
  });

  test("sign-in answers 429 with a clear message once an account had too many attempts, keeping the email", async () => {
    await createUser({ username: "victim", email: "victim@example.test", password: "right-pass" });
    const max = rateLimitPolicies.signIn.account.max;
    for (let i = 0; i < max; i++) {
      const answer = await callAction({ intent: "signin", email: "victim@example.test", password: `guess-${i}` }, `192.0.2.${i}`);
      expect(answer.status).toBe(401);
    }
    const blocked = await callAction({ intent: "signin", email: "victim@example.test", password: "right-pass" }, "192.0.2.99");
    expect(blocked.status).toBe(429);
    expect(blocked.result?.error?.[""]).toEqual([RATE_LIMIT_MESSAGE]);
    expect(blocked.result?.initialValue).toMatchObject({ email: "victim@example.test" });
    expect(blocked.result?.initialValue).not.toHaveProperty("password");
    expect(Number(blocked.headers?.get("Retry-After"))).toBeGreaterThan(0);
  });

  test("sign-up from one address is limited too, and a filled honeypot is refused without creating anything", async () => {
    const bot = await callAction({
      intent: "signup",
      username: "bot",
      email: "bot@example.test",
      password: "abcd",
      confirmPassword: "abcd",
      website: "https://spam.example",
    });
    expect(bot.status).toBe(400);
    expect(await prisma.user.count()).toBe(0);
    const max = rateLimitPolicies.signUp.client.max;
    for (let i = 0; i < max; i++) {
      const answer = await callAction({ intent: "signup", username: `p${i}`, email: `p${i}@example.test`, password: "abcd", confirmPassword: "abcd" }, "198.51.100.50");
      expect(answer).toMatchObject({ status: 302, location: "/userHome" });
    }
    const blocked = await callAction({ intent: "signup", username: "late", email: "late@example.test", password: "abcd", confirmPassword: "abcd" }, "198.51.100.50");
    expect(blocked.status).toBe(429);
    expect(await prisma.user.count()).toBe(max);
  });
});
