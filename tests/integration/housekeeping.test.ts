// What has stopped meaning anything is deleted on a schedule: ended sessions, spent reset tokens,
// sign-in links and email change links, and closed rate-limit windows. Live rows are never touched.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, test } from "vitest";
import { startHousekeeping, stopHousekeeping, sweepExpired } from "~/models/housekeeping.server";
import { createUser } from "~/models/user.server";
import { prisma } from "~/utils/db.server";
import { settleBackgroundJobs } from "~/utils/background.server";

const HOUR = 60 * 60 * 1000;
const hex = (bytes: number) => randomBytes(bytes).toString("hex");

async function rows(now: Date) {
  const name = `sweep${Math.random().toString(36).slice(2, 9)}`;
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234" });
  const at = (offset: number) => new Date(now.getTime() + offset);
  const live = {
    session: (await prisma.session.create({ data: { id: hex(32), userId: user.id, expiresAt: at(HOUR) } })).id,
    token: (
      await prisma.passwordResetToken.create({ data: { tokenHash: hex(32), userId: user.id, expiresAt: at(HOUR) } })
    ).id,
    link: (await prisma.signInLinkToken.create({ data: { tokenHash: hex(32), userId: user.id, expiresAt: at(HOUR) } }))
      .id,
    emailChange: (
      await prisma.emailChangeToken.create({
        data: { tokenHash: hex(32), userId: user.id, newEmail: `${name}.new@example.test`, expiresAt: at(HOUR) },
      })
    ).id,
    limit: (await prisma.rateLimit.create({ data: { key: `sweep:live:${hex(8)}`, count: 3, resetAt: at(HOUR) } })).key,
  };
  const dead = {
    sessions: await Promise.all(
      [1, 2, 3].map(
        async () => (await prisma.session.create({ data: { id: hex(32), userId: user.id, expiresAt: at(-1) } })).id,
      ),
    ),
    tokens: [
      (await prisma.passwordResetToken.create({ data: { tokenHash: hex(32), userId: user.id, expiresAt: at(-1) } })).id,
      (
        await prisma.passwordResetToken.create({
          data: { tokenHash: hex(32), userId: user.id, expiresAt: at(HOUR), usedAt: at(-1000) },
        })
      ).id,
    ],
    links: [
      (await prisma.signInLinkToken.create({ data: { tokenHash: hex(32), userId: user.id, expiresAt: at(-1) } })).id,
      (
        await prisma.signInLinkToken.create({
          data: { tokenHash: hex(32), userId: user.id, expiresAt: at(HOUR), usedAt: at(-1000) },
        })
      ).id,
    ],
    emailChanges: [
      (
        await prisma.emailChangeToken.create({
          data: { tokenHash: hex(32), userId: user.id, newEmail: "a@example.test", expiresAt: at(-1) },
        })
      ).id,
      (
        await prisma.emailChangeToken.create({
          data: {
            tokenHash: hex(32),
            userId: user.id,
            newEmail: "b@example.test",
            expiresAt: at(HOUR),
            usedAt: at(-1000),
          },
        })
      ).id,
    ],
    limits: await Promise.all(
      [1, 2].map(
        async () =>
          (await prisma.rateLimit.create({ data: { key: `sweep:dead:${hex(8)}`, count: 9, resetAt: at(-1) } })).key,
      ),
    ),
  };
  return { live, dead };
}

async function expectSwept({ live, dead }: Awaited<ReturnType<typeof rows>>) {
  expect(await prisma.session.count({ where: { id: { in: dead.sessions } } })).toBe(0);
  expect(await prisma.passwordResetToken.count({ where: { id: { in: dead.tokens } } })).toBe(0);
  expect(await prisma.signInLinkToken.count({ where: { id: { in: dead.links } } })).toBe(0);
  expect(await prisma.emailChangeToken.count({ where: { id: { in: dead.emailChanges } } })).toBe(0);
  expect(await prisma.rateLimit.count({ where: { key: { in: dead.limits } } })).toBe(0);
  expect(await prisma.session.count({ where: { id: live.session } })).toBe(1);
  expect(await prisma.passwordResetToken.count({ where: { id: live.token } })).toBe(1);
  expect(await prisma.signInLinkToken.count({ where: { id: live.link } })).toBe(1);
  expect(await prisma.emailChangeToken.count({ where: { id: live.emailChange } })).toBe(1);
  expect(await prisma.rateLimit.count({ where: { key: live.limit } })).toBe(1);
}

afterEach(stopHousekeeping);

describe("housekeeping", () => {
  test("a sweep deletes ended sessions, used or expired reset tokens, sign-in links and email change links and closed rate-limit windows, and nothing live", async () => {
    const now = new Date();
    const made = await rows(now);
    const counts = await sweepExpired(now);
    expect(counts.sessions).toBeGreaterThanOrEqual(3);
    expect(counts.resetTokens).toBeGreaterThanOrEqual(2);
    expect(counts.signInLinks).toBeGreaterThanOrEqual(2);
    expect(counts.emailChanges).toBeGreaterThanOrEqual(2);
    expect(counts.rateLimits).toBeGreaterThanOrEqual(2);
    await expectSwept(made);
  });

  test("the schedule sweeps on its own, again and again", async () => {
    const first = await rows(new Date());
    startHousekeeping(100);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await settleBackgroundJobs(5_000);
    await expectSwept(first);
    // Rows that end after the first sweep are caught by a later one.
    const second = await rows(new Date());
    const deadLeft = async () =>
      (await prisma.session.count({ where: { id: { in: second.dead.sessions } } })) +
      (await prisma.passwordResetToken.count({ where: { id: { in: second.dead.tokens } } })) +
      (await prisma.signInLinkToken.count({ where: { id: { in: second.dead.links } } })) +
      (await prisma.rateLimit.count({ where: { key: { in: second.dead.limits } } }));
    await expect.poll(deadLeft, { timeout: 5_000 }).toBe(0);
    await settleBackgroundJobs(5_000);
    await expectSwept(second);
  });
});
