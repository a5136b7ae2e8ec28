// currentDataCache (decision 061): a value built from admin-edited data and notices is held while every data
// version stays where it was and the clock is before the moment it stops being true, against the real
// DataVersion table and its triggers.
import { beforeAll, describe, expect, test } from "vitest";
import { currentDataCache, type Current } from "~/utils/current-data-cache.server";
import { prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";

beforeAll(async () => {
  await seedDatabase(prisma);
});

/** A cache whose every load is counted and answers what `next` says then. */
function counted(next: (now: Date) => Current<string> | Promise<Current<string>>) {
  const loads: Date[] = [];
  const read = currentDataCache(async (now) => {
    loads.push(now);
    return next(now);
  });
  return { read, loads };
}

const at = (ms: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, 0, ms));

describe("a value held while the data and the clock allow", () => {
  test("read again only when a data version moves, of any kind, through any write", async () => {
    let built = 0;
    const { read, loads } = counted(() => ({ value: `build ${++built}`, validUntil: null }));
    expect(await read()).toBe("build 1");
    expect(await read()).toBe("build 1");
    expect(loads).toHaveLength(1);

    // A write to a table under a version moves it in the same transaction (the triggers, decision 006).
    const bench = await prisma.bench.findFirstOrThrow({ select: { id: true, location: true } });
    await prisma.bench.update({ where: { id: bench.id }, data: { location: `${bench.location} (moved)` } });
    expect(await read()).toBe("build 2");
    // A notice is written like any other row: its version moves too.
    const trail = await prisma.trail.findFirstOrThrow({ select: { id: true } });
    const notice = await prisma.notice.create({
      data: { trailId: trail.id, kind: "caution", message: "Mud" },
      select: { id: true },
    });
    expect(await read()).toBe("build 3");
    expect(await read()).toBe("build 3");
    await prisma.notice.delete({ where: { id: notice.id } });
    expect(await read()).toBe("build 4");
    expect(loads).toHaveLength(4);
  });

  test("held until its validUntil (a notice starting or ending by the clock), then built again at that moment", async () => {
    const { read, loads } = counted((now) => ({ value: `as of ${now.getTime()}`, validUntil: at(1_000) }));
    expect(await read(undefined, at(0))).toBe(`as of ${at(0).getTime()}`);
    expect(await read(undefined, at(999))).toBe(`as of ${at(0).getTime()}`);
    expect(await read(undefined, at(1_000))).toBe(`as of ${at(1_000).getTime()}`);
    expect(loads).toEqual([at(0), at(1_000)]);
  });

  test("requests that arrive together share one load; a failed load is not held", async () => {
    let fail = true;
    const { read, loads } = counted(async () => {
      // Long enough that all three have read the versions before it fails, on a busy machine too.
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (fail) throw new Error("the database went away");
      return { value: "fine", validUntil: null };
    });
    const together = await Promise.allSettled([read(), read(), read()]);
    expect(together.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(loads).toHaveLength(1);
    fail = false;
    expect(await read()).toBe("fine");
    expect(loads).toHaveLength(2);
  });
});
