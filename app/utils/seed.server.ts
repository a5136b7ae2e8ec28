import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "~/generated/prisma/client";
import * as z from "zod";
import { benchFactFields, trailFactsUpdateSchema } from "~/schemas/facts";
import { usernameKeys } from "~/lib/username-key";
import { nfkc } from "~/lib/nfkc";
import { runStepOnce, type Tx } from "~/utils/data-steps.server";
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

async function seedTrails(tx: Tx) {
  const { features } = readSeedFile<{ features: TrailFeature[] }>("trails.geojson");
  for (const feature of features) {
    const { name, color, spring2025_trail_id_inferred: id } = feature.properties;
    await tx.trail.create({
      data: {
        id,
        name,
        color,
        // The sample trails' addresses were their colours before trails had addresses of their own.
        slug: color.toLowerCase(),
        points: {
          create: feature.geometry.coordinates.map(([longitude, latitude], position) => ({
            position,
            longitude,
            latitude,
          })),
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

/** The sample campus's settings: its clock; no centre, so the map centres on its trails and benches. */
const SAMPLE_CAMPUS = { name: "Sample Campus", timeZone: "America/New_York" } as const;

async function seedCampus(tx: Tx) {
  await tx.campus.upsert({ where: { id: 1 }, create: { id: 1, ...SAMPLE_CAMPUS }, update: {} });
}

/**
 * Applies the seed steps that this database has not had yet; running it again changes nothing. Without
 * `sampleData` the sample campus's steps are recorded as settled without their rows, so the first start
 * decides for good: a later start with the default never adds the sample trails to a campus of its own.
 */
export async function seedDatabase(prisma: PrismaClient, { sampleData = env.SAMPLE_DATA } = {}): Promise<SeedResult> {
  const result: SeedResult = { applied: [] };
  const sample: [string, (tx: Tx) => Promise<void>][] = [
    ["trails", seedTrails],
    ["videos", seedVideos],
    ["benches", seedBenches],
    ["facts", seedFacts],
    ["campus", seedCampus],
  ];
  const steps: [string, (tx: Tx) => Promise<void>][] = [
    ...sample.map(([name, apply]): [string, (tx: Tx) => Promise<void>] => [name, sampleData ? apply : async () => {}]),
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
            ...usernameKeys(nfkc(env.ADMIN_USERNAME)),
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
    const declined = !sampleData && sample.some(([sampleName]) => sampleName === name);
    if ((await runStepOnce(prisma, name, apply)) && !declined) result.applied.push(name);
  }
  return result;
}
