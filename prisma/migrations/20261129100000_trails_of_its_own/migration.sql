-- DropForeignKey
ALTER TABLE "Walk" DROP CONSTRAINT "Walk_trailId_fkey";

-- AlterTable: a trail's address is its own column (decision 078). The trails there are keep the address
-- they had, their colour ("gold"); a second trail of one colour gets "-2", "-3"… after it.
ALTER TABLE "Trail" ADD COLUMN     "slug" VARCHAR(100);
UPDATE "Trail" AS t SET "slug" = numbered."slug"
FROM (
  SELECT "id", lower("color") || CASE WHEN row_number() OVER w = 1 THEN '' ELSE '-' || row_number() OVER w END AS "slug"
  FROM "Trail" WINDOW w AS (PARTITION BY lower("color") ORDER BY "createdAt", "id")
) AS numbered
WHERE t."id" = numbered."id";
ALTER TABLE "Trail" ALTER COLUMN "slug" SET NOT NULL,
ALTER COLUMN "slug" SET DEFAULT substr(md5(((random())::text || (clock_timestamp())::text)), 1, 24);

-- AlterTable
ALTER TABLE "TrailPathDraft" ADD COLUMN     "newTrailColor" VARCHAR(20),
ADD COLUMN     "newTrailName" VARCHAR(100),
ALTER COLUMN "trailId" DROP NOT NULL;

-- A draft either replaces a trail's path or is a trail still to be added, never both or neither.
ALTER TABLE "TrailPathDraft" ADD CONSTRAINT "TrailPathDraft_one_target_check" CHECK (
  ("trailId" IS NOT NULL) <> ("newTrailName" IS NOT NULL AND "newTrailColor" IS NOT NULL)
);

-- AlterTable
ALTER TABLE "Walk" ADD COLUMN     "removedTrailName" VARCHAR(100),
ALTER COLUMN "trailId" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Trail_slug_key" ON "Trail"("slug");

-- AddForeignKey
ALTER TABLE "Walk" ADD CONSTRAINT "Walk_trailId_fkey" FOREIGN KEY ("trailId") REFERENCES "Trail"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A walk stays in its walker's log when its trail is deleted, however that happens (the admin's form, the
-- API, SQL): as for reports, the trigger keeps the trail's name and lets go of the id in one step, so the
-- row always names exactly one trail, living or removed.
ALTER TABLE "Walk" ADD CONSTRAINT "Walk_one_trail_check" CHECK (("trailId" IS NULL) <> ("removedTrailName" IS NULL));

CREATE FUNCTION "walk_keeps_removed_trail"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Walk" SET "trailId" = NULL, "removedTrailName" = OLD."name" WHERE "trailId" = OLD."id";
  RETURN OLD;
END
$$;
CREATE TRIGGER "Trail_keeps_walks" BEFORE DELETE ON "Trail"
  FOR EACH ROW EXECUTE FUNCTION "walk_keeps_removed_trail"();
