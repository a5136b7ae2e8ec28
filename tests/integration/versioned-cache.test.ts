// Trails, benches and the videos' catalogue are kept in memory and checked against DataVersion, which
// triggers move on every write. Writing with the triggers switched off (session_replication_role =
// replica) changes the rows without the version: that is how these tests tell "served from memory"
// from "read again".
import { beforeAll, describe, expect, test } from "vitest";
import { countBenches, listBenches } from "~/models/bench.server";
import { getTrailWithCoordinates, listTrails } from "~/models/trail.server";
import { createUser } from "~/models/user.server";
import { countVideos, listVideosBySubCategories } from "~/models/video-library.server";
import { reactToVideo } from "~/models/video-reactions.server";
import { updateVideo } from "~/models/video.server";
import { database, prisma } from "~/utils/db.server";
import { seedDatabase } from "~/utils/seed.server";
import { readDataVersions } from "~/utils/versioned-cache.server";

beforeAll(async () => {
  await seedDatabase(prisma);
});

/** Runs SQL without firing triggers, so DataVersion does not move. */
function writeBehindTheVersion(text: string) {
  return database.withSql(async (sql) => {
    await sql.exec("SET LOCAL session_replication_role = replica");
    await sql.exec(text);
  });
}

const versions = async () =>
  Object.fromEntries((await prisma.dataVersion.findMany()).map((row) => [row.name, row.version]));

describe("data only admins change, kept in memory", () => {
  test("trails are served from memory until their version moves, then read again", async () => {
    const [gold] = await listTrails();
    const before = (await getTrailWithCoordinates(gold.id))!.coordinates[0];
    await writeBehindTheVersion(
      `UPDATE "TrailPoint" SET "longitude" = 1 WHERE "trailId" = '${gold.id}' AND "position" = 0`,
    );
    expect((await getTrailWithCoordinates(gold.id))!.coordinates[0]).toEqual(before);

    const versionBefore = (await versions()).trails;
    // Any write through the database's front door moves the version in the same transaction.
    await prisma.trailPoint.updateMany({ where: { trailId: gold.id, position: 0 }, data: { latitude: 2 } });
    expect((await versions()).trails).toBeGreaterThan(versionBefore);
    expect((await getTrailWithCoordinates(gold.id))!.coordinates[0]).toEqual([1, 2]);
  });

  test("benches likewise, and the dashboard's count comes from the same memory", async () => {
    const benches = await listBenches();
    await writeBehindTheVersion(
      `UPDATE "Bench" SET "location" = 'moved behind the version' WHERE "id" = '${benches[0].id}'`,
    );
    expect((await listBenches())[0].location).toBe(benches[0].location);
    await prisma.benchVideo.create({
      data: { benchId: benches[0].id, title: "New clip", url: "https://www.youtube.com/embed/abc" },
    });
    const after = await listBenches();
    expect(after[0].location).toBe("moved behind the version");
    expect(after[0].videos.map((video) => video.title)).toContain("New clip");
    await prisma.bench.delete({ where: { id: benches[1].id } });
    expect(await countBenches()).toBe(benches.length - 1);
  });

  test("videos: an admin's edit shows at once, while counters and the viewer's reaction are always fresh", async () => {
    const user = {
      user: await createUser({ username: "cachewatcher", email: "cache@example.test", password: "pass1234" }),
    };
    const [video] = await listVideosBySubCategories(["Stretching"], user.user.id);
    const countBefore = await countVideos();
    const version = (await versions()).videos;

    // A write that changes no row (a refused delete) moves nothing either.
    const all = await versions();
    await prisma.video.deleteMany({ where: { id: "000000000000000000000000" } });
    await prisma.bench.deleteMany({ where: { id: "000000000000000000000000" } });
    await prisma.trailPoint.deleteMany({ where: { trailId: "000000000000000000000000" } });
    expect(await versions()).toEqual(all);

    // Reactions change counters, which never move the version (nor queue on its row).
    await reactToVideo(user.user.id, video.id, "LIKE");
    expect((await versions()).videos).toBe(version);
    const [liked] = await listVideosBySubCategories(["Stretching"], user.user.id);
    expect([liked.likes, liked.myReaction]).toEqual([video.likes + 1, "LIKE"]);

    await writeBehindTheVersion(`UPDATE "Video" SET "title" = 'renamed behind the version' WHERE "id" = '${video.id}'`);
    const find = async () =>
      (await listVideosBySubCategories(["Stretching"], user.user.id)).find((v) => v.id === video.id)!;
    expect((await find()).title).toBe(video.title);
    await updateVideo(video.id, { description: "Edited by an admin" });
    const edited = await find();
    expect([edited.title, edited.description, edited.likes]).toEqual([
      "renamed behind the version",
      "Edited by an admin",
      video.likes + 1,
    ]);

    await prisma.video.delete({ where: { id: video.id } });
    expect(await countVideos()).toBe(countBefore - 1);
    expect((await listVideosBySubCategories(["Stretching"])).map((v) => v.id)).not.toContain(video.id);
  });

  test("a reader handed a request's versions compares with them and asks nothing", async () => {
    const [, green] = await listTrails();
    const nameOf = async (versions: Awaited<ReturnType<typeof readDataVersions>>) =>
      (await listTrails(versions)).find((t) => t.id === green.id)!.name;
    const current = await readDataVersions();
    expect(current.get("trails")).toBe((await versions()).trails);
    await writeBehindTheVersion(`UPDATE "Trail" SET "name" = 'Green behind the version' WHERE "id" = '${green.id}'`);
    // At the version held: from memory.
    expect(await nameOf(current)).toBe(green.name);
    // Versions that name no trails version (no row: a database emptied by hand) read through, and leave
    // the memory as it was.
    expect(await nameOf(new Map())).toBe("Green behind the version");
    expect(await nameOf(current)).toBe(green.name);
    // A newer version (another instance's edit, seen by this request's lookup) reads the trails again.
    const newer = new Map(current).set("trails", current.get("trails")! + 1n);
    expect(await nameOf(newer)).toBe("Green behind the version");
  });
});
