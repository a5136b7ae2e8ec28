import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";

// How a notice is read from storage: the columns every page and the API ask for, and its times made
// readable. Whether a notice is showing lives in notice-schedule.server.ts, what is shown of it in
// notice-view.server.ts, and its writes and refusals in notice.server.ts.

export const noticeSelect = {
  id: true,
  trailId: true,
  benchId: true,
  kind: true,
  message: true,
  startsAt: true,
  endsAt: true,
  createdAt: true,
  createdBy: true,
  reportId: true,
  version: true,
  trail: { select: { name: true, slug: true, color: true } },
  bench: { select: { benchNumber: true, location: true } },
  author: { select: { username: true } },
} satisfies Prisma.NoticeSelect;

export type NoticeRow = Prisma.NoticeGetPayload<{ select: typeof noticeSelect }>;

export type Tx = Prisma.TransactionClient;

/** JavaScript's own bounds for a Date, in milliseconds either side of 1970. */
const DATE_LIMIT_MS = 8.64e15;

/**
 * The rows with every time readable. The driver reads a timestamp past year 9999 or before year 1 (which
 * the schemas refuse, but an older server or SQL by hand may have stored) as an Invalid Date, which
 * would fail every page that shows the notice; such times are read again as milliseconds, by the database.
 */
type TimedRow = { id: string; startsAt: Date | null; endsAt: Date | null };

export async function readable<Row extends TimedRow>(
  rows: Row[],
  client: Pick<Tx, "$queryRaw"> = prisma,
): Promise<Row[]> {
  const invalid = (time: Date | null) => time !== null && Number.isNaN(time.getTime());
  const ids = rows.filter((row) => invalid(row.startsAt) || invalid(row.endsAt)).map((row) => row.id);
  if (ids.length === 0) return rows;
  const times = await client.$queryRaw<{ id: string; startsAt: number | null; endsAt: number | null }[]>`
    SELECT "id", (extract(epoch FROM "startsAt") * 1000)::float8 AS "startsAt", (extract(epoch FROM "endsAt") * 1000)::float8 AS "endsAt"
    FROM "Notice" WHERE "id" = ANY(${ids})`;
  const byId = new Map(times.map((time) => [time.id, time]));
  const toDate = (ms: number | null | undefined) =>
    ms == null ? null : new Date(Math.max(-DATE_LIMIT_MS, Math.min(DATE_LIMIT_MS, ms)));
  return rows.map((row) => {
    const time = byId.get(row.id);
    if (!time) return row;
    return {
      ...row,
      startsAt: invalid(row.startsAt) ? toDate(time.startsAt) : row.startsAt,
      endsAt: invalid(row.endsAt) ? toDate(time.endsAt) : row.endsAt,
    };
  });
}

export async function readableOne<Row extends TimedRow>(row: Row, client?: Pick<Tx, "$queryRaw">): Promise<Row> {
  return (await readable([row], client))[0];
}
