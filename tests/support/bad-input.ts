// Property-based bad input, shared by the API's and the pages' fuzz files: malformed, oversized, wrongly typed, unicode and injection-looking values
// sent to every /api endpoint and every form action. Whatever arrives, the answer is never a 5xx, and a
// refused request (4xx) leaves the database exactly as it was.
import * as fc from "fast-check";
import { expect } from "vitest";
import * as z from "zod";
import { benchIntentSchema } from "~/schemas/bench";
import { noticeIntentSchemaFor } from "~/schemas/notice-form";
import { reportsIntentSchema } from "~/schemas/report";
import { trailIntentSchema } from "~/schemas/trail";
import { trailPathDraftIntentSchema } from "~/schemas/trail-path";
import { trailGpx } from "~/lib/trail-export";
import { walkIntentSchema } from "~/schemas/walk";
import { database, prisma } from "~/utils/db.server";
import { reactionIntents } from "~/lib/reactions";
import { seedDatabase } from "~/utils/seed.server";
import { signedInAccount } from "./accounts";

/** Every intent an admin area's union schema accepts. */
const intentsOf = (schema: { options: readonly { shape: { intent: { value: string } } }[] }) =>
  schema.options.map((option) => option.shape.intent.value);

export const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

// NUL, C0 and C1 controls, bidirectional controls and other invisible format characters: none may
// reach the database through a text field or a search, and none may cause a 5xx on the way.
const invisibles = [
  ..."\u0000\u0001\u0007\u0008\u000b\u000c\u001b\u007f\u0080\u0085\u009b\u009f",
  ..."\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
  ..."\u00ad\u200b\u200c\u200d\u2060\u2028\u2029\ufeff",
  "\u{e0041}",
];
export const hostileText = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.array(fc.constantFrom(...invisibles), { minLength: 1, maxLength: 3 }),
    fc.string({ maxLength: 20 }),
  )
  .map(([before, inserted, after]) => `${before}${inserted.join("")}${after}`);

export const nasty = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "' OR 1=1 --",
    '"; DROP TABLE "User"; --',
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "\u0000",
    "🚶‍♀️🌲",
    "ｅｍａｉｌ＠ｅｘａｍｐｌｅ．ｃｏｍ",
    "NaN",
    "Infinity",
    "-1",
    "1e309",
    "0x1F",
    "null",
    "true",
    "[]",
    "{}",
    "a".repeat(5000),
    "walker\u0000",
    "\u202eevil.exe",
    "bench\u200b7",
  ),
  hostileText,
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ maxLength: 400 }),
);
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 3 }),
);
export const pathParam = fc.oneof(
  fc.constantFrom("0".repeat(24), "673e9addbf9ebe061ef810c1", "-1", "99999", "abc", "%20", "1.5", "f".repeat(64)),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);

export function fieldNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

export const formFields = [
  "email",
  "password",
  "confirmPassword",
  "newPassword",
  "currentPassword",
  "username",
  "gender",
  "age",
  "ethnicity",
  "community",
  "feedback",
  "id",
  "title",
  "url",
  "category",
  "subCategory",
  "description",
  "latitude",
  "longitude",
  "index",
  "version",
  "bench_number",
  "location",
  "trailId",
  "videoId",
  "role",
  "isResolved",
  "redirectTo",
  "returnTo",
  "website",
  "date",
  "durationMinutes",
  "laps",
  "distanceMiles",
  "walkId",
  "benchId",
  "status",
  "note",
  "place",
  "kind",
  "message",
  "startsAt",
  "endsAt",
];

/** Every search box (GET): the admin areas' `q`. */
export const searches = [
  { option: "profiles", param: "q" },
  { option: "videos", param: "q" },
  { option: "feedback", param: "q" },
];

/** The places of the paged admin areas (GET): which page, how many, which trail. A bad one shows a page, never a 500. */
export const places = [
  { option: "videos", param: "cursor" },
  { option: "videos", param: "limit" },
  { option: "trail", param: "page" },
  { option: "trail", param: "trail" },
];

export const BENCH_PAGE = "/benches/{seeded}";

export const forms: { path: string; intent?: string; as: "visitor" | "user" | "admin" }[] = [
  ...["signin", "signup", "reset"].map((intent) => ({
    path: `/authorization?formType=${intent}`,
    intent,
    as: "visitor" as const,
  })),
  { path: "/send-reset-link", as: "visitor" },
  { path: `/reset/${"f".repeat(64)}`, as: "visitor" },
  { path: `/signin-link/${"f".repeat(43)}`, as: "visitor" },
  { path: `/confirm-email/${"f".repeat(43)}`, intent: "confirm", as: "visitor" },
  ...["update", "feedback", "delete"].map((intent) => ({ path: "/userControlPanel", intent, as: "user" as const })),
  ...["view", ...reactionIntents].map((intent) => ({
    path: "/videos/673e9addbf9ebe061ef810c1",
    intent,
    as: "user" as const,
  })),
  ...["view", ...reactionIntents].map((intent) => ({ path: "/nutritionandHydration", intent, as: "user" as const })),
  ...intentsOf(walkIntentSchema).map((intent) => ({ path: "/userControlPanel/walks", intent, as: "user" as const })),
  ...["changeRole", "delete"].map((intent) => ({
    path: "/adminControlPanel?option=profiles",
    intent,
    as: "admin" as const,
  })),
  ...["setStatus", "delete"].map((intent) => ({
    path: "/adminControlPanel?option=feedback",
    intent,
    as: "admin" as const,
  })),
  ...["create", "update", "delete"].map((intent) => ({
    path: "/adminControlPanel?option=videos",
    intent,
    as: "admin" as const,
  })),
  ...intentsOf(trailIntentSchema).map((intent) => ({
    path: "/adminControlPanel?option=trail",
    intent,
    as: "admin" as const,
  })),
  ...intentsOf(benchIntentSchema).map((intent) => ({
    path: "/adminControlPanel?option=bench",
    intent,
    as: "admin" as const,
  })),
  // Report a problem on a trail's and a bench's page (the bench's id is the first seeded bench's, below).
  ...["/trails/gold", BENCH_PAGE].map((path) => ({ path, intent: "report", as: "user" as const })),
  ...intentsOf(reportsIntentSchema).map((intent) => ({
    path: "/adminControlPanel?option=reports",
    intent,
    as: "admin" as const,
  })),
  // Replacing a trail's path from a file: the upload sent as a plain form, and Apply/Cancel of no upload.
  { path: "/adminControlPanel/trail-path?trail=673e9addbf9ebe061ef810bf", as: "admin" },
  ...intentsOf(trailPathDraftIntentSchema).map((intent) => ({
    path: `/adminControlPanel/trail-path/${"0".repeat(24)}`,
    intent,
    as: "admin" as const,
  })),
  ...intentsOf(noticeIntentSchemaFor("UTC")).map((intent) => ({
    path: "/adminControlPanel?option=notices",
    intent,
    as: "admin" as const,
  })),
];

/** What an uploaded file may hold: text, bytes, near-GPX and near-GeoJSON with any numbers, hostile XML. */
export const uploadedFile = fc.oneof(
  nasty,
  hostileText,
  fc.string({ unit: "binary", maxLength: 2_000 }),
  fc
    .array(fc.tuple(fc.double(), fc.double()), { maxLength: 20 })
    .map((coordinates) => trailGpx({ name: "fuzz", coordinates }, [])),
  fc
    .array(fc.array(fc.oneof(fc.double(), nasty), { maxLength: 4 }), { maxLength: 20 })
    .map((coordinates) => JSON.stringify({ type: "LineString", coordinates })),
  fc.constantFrom(
    `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]><gpx><trk><name>&x;</name></trk></gpx>`,
    `<gpx><trk><trkseg><trkpt lat="33.98" lon="-84.005"/><trkpt lat="33.981" lon="-84.006"/></trkseg></trk></gpx>`,
    `<gpx>${"<trk>".repeat(500)}`,
    '{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"MultiLineString","coordinates":[[[1e309,"x"]]]}}]}',
  ),
);
export const uploadedName = fc.oneof(
  fc.constantFrom("a.gpx", "a.geojson", "a.json", "A.GPX", "a.kml", "", "../../etc/passwd.gpx"),
  fc.string({ maxLength: 60 }),
);

/** A fingerprint of every table's rows; rate-limit counters may move on refusals by design. */
let fingerprintSql: string;
export async function fingerprint() {
  return database.withSql(async (sql) => {
    // One statement for all tables: the fingerprint is taken twice per generated request.
    fingerprintSql ??= (
      await sql.query(
        `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('_prisma_migrations', 'RateLimit') ORDER BY tablename`,
      )
    )
      .map(
        ({ tablename }) =>
          `SELECT '${tablename as string}:' || count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS part FROM "${tablename as string}" t`,
      )
      .join(" UNION ALL ");
    return (await sql.query(fingerprintSql))
      .map((row) => row.part as string)
      .sort()
      .join("\n");
  });
}

export async function freshSession(role: "User" | "Admin") {
  return (await signedInAccount(role, `fz${role}${Math.random().toString(36).slice(2, 10)}`)).token;
}

export async function expectRefusalLeavesNoTrace(send: () => Promise<Response>, label: string) {
  const before = await fingerprint();
  const response = await send();
  expect(response.status, `${label} answered ${response.status}`).toBeLessThan(500);
  if (response.status >= 400)
    expect(await fingerprint(), `${label} refused with ${response.status} but changed data`).toBe(before);
}

/** The fuzz files' starting data: the seed, a bench's page, and a session of each role. */
export async function fuzzData() {
  await seedDatabase(prisma);
  const benchPage = `/benches/${(await prisma.bench.findFirstOrThrow({ select: { id: true } })).id}`;
  return { benchPage, adminToken: await freshSession("Admin"), userToken: await freshSession("User") };
}
