import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "~/generated/prisma/client";
import * as z from "zod";
import { benchFactFields, trailFactsUpdateSchema } from "~/schemas/facts";
import { nfkc, usernameKey } from "~/schemas/text";
import { env } from "~/utils/env.server";
import { hashPassword } from "~/utils/password.server";

type TrailFeature = {
  properties: { name: string; color: string; spring2025_trail_id_inferred: string };
  geometry: { type: "LineString"; coordinates: [number, number][] };
};
type SeedVideo = { title: string; url: string; category: string; subCategory: string; description: string };
type SeedBench = {
  benchNumber: number;
  location: string;
  latitude: number;
  longitude: number;
  trail: string;
  videos: { title: string; url: string }[];
};

type SeedResult = { applied: string[]; admin?: { email: string; password: string; generated: boolean } };

function readSeedFile<T>(name: string): T {
  const dir = path.resolve(process.env.SEED_DATA_DIR ?? "prisma/seed-data");
  return JSON.parse(readFileSync(path.join(dir, name), "utf8")) as T;
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

// Any constant other than the migrations' lock: instances starting together take turns, so the one that
// comes second finds each step's marker row and skips the step instead of inserting the rows again.
const SEED_LOCK_KEY = 72_707_370;

/** Each step runs once per database, in its own transaction together with its marker row. */
async function runStep(prisma: PrismaClient, name: string, apply: (tx: Tx) => Promise<void>) {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      const done = await tx.seedStep.findUnique({ where: { name } });
      if (done) return false;
      await apply(tx);
      await tx.seedStep.create({ data: { name } });
      return true;
    },
    // First start on a slow or busy machine: Prisma's 5 s default would abort a healthy seed.
    { maxWait: 30_000, timeout: 120_000 },
  );
}

async function seedTrails(tx: Tx) {
  const { features } = readSeedFile<{ features: TrailFeature[] }>("trails.geojson");
  for (const feature of features) {
    const { name, color, spring2025_trail_id_inferred: id } = feature.properties;
    await tx.trail.create({
      data: {
        id,
        name,
        color,
        points: {
          create: feature.geometry.coordinates.map(([longitude, latitude], position) => ({ position, longitude, latitude })),
        },
      },
    });
  }
}

async function seedVideos(tx: Tx) {
  await tx.video.createMany({ data: readSeedFile<SeedVideo[]>("videos.json") });
}

async function seedBenches(tx: Tx) {
  const trails = await tx.trail.findMany({ select: { id: true, name: true } });
  for (const bench of readSeedFile<SeedBench[]>("benches.json")) {
    await tx.bench.create({
      data: {
        benchNumber: bench.benchNumber,
        location: bench.location,
        latitude: bench.latitude,
        longitude: bench.longitude,
        trailId: trails.find((trail) => trail.name === bench.trail)?.id ?? null,
        videos: { create: bench.videos },
      },
    });
  }
}

type SeedFacts = { trails: Record<string, unknown>; benches: Record<string, unknown> };
const benchFactsSchema = z.object(benchFactFields);

// Plausible facts, not surveyed (docs/features.md says so): a fresh install's pages answer "is it paved,
// is there shade" at once, and admins correct them. On an existing database this runs once, at the upgrade
// that brought the facts; by name and number, so a renamed trail or a removed bench is simply skipped.
async function seedFacts(tx: Tx) {
  const { trails, benches } = readSeedFile<SeedFacts>("facts.json");
  for (const [name, facts] of Object.entries(trails)) {
    await tx.trail.updateMany({ where: { name }, data: trailFactsUpdateSchema.parse(facts) });
  }
  for (const [benchNumber, facts] of Object.entries(benches)) {
    await tx.bench.updateMany({ where: { benchNumber: Number(benchNumber) }, data: benchFactsSchema.parse(facts) });
  }
}

/** Applies the seed steps that this database has not had yet; running it again changes nothing. */
export async function seedDatabase(prisma: PrismaClient): Promise<SeedResult> {
  const result: SeedResult = { applied: [] };
  const steps: [string, (tx: Tx) => Promise<void>][] = [
    ["trails", seedTrails],
    ["videos", seedVideos],
    ["benches", seedBenches],
    ["facts", seedFacts],
    [
      "admin",
      async (tx) => {
        const generated = !env.ADMIN_EMAIL;
        const email = (env.ADMIN_EMAIL ?? "admin@walkingtrails.local").toLowerCase();
        const password = env.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
        const existing = await tx.user.findUnique({ where: { email }, select: { id: true } });
        if (existing) {
          await tx.user.update({ where: { id: existing.id }, data: { role: "Admin" } });
          return;
        }
        await tx.user.create({
          data: {
            username: nfkc(env.ADMIN_USERNAME),
            usernameKey: usernameKey(env.ADMIN_USERNAME),
            email,
            passwordHash: await hashPassword(password),
            role: "Admin",
          },
        });
        result.admin = { email, password, generated };
      },
    ],
  ];
  for (const [name, apply] of steps) {
    if (await runStep(prisma, name, apply)) result.applied.push(name);
  }
  return result;
}
