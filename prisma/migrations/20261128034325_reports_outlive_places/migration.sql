-- DropForeignKey
ALTER TABLE "Report" DROP CONSTRAINT "Report_benchId_fkey";

-- DropForeignKey
ALTER TABLE "Report" DROP CONSTRAINT "Report_trailId_fkey";

-- AlterTable
ALTER TABLE "Report" ADD COLUMN     "removedBenchNumber" INTEGER,
ADD COLUMN     "removedTrailName" VARCHAR(100);

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_benchId_fkey" FOREIGN KEY ("benchId") REFERENCES "Bench"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_trailId_fkey" FOREIGN KEY ("trailId") REFERENCES "Trail"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A report stays when its bench or trail is deleted, however that happens (the admin's form, SQL): the
-- trigger keeps the place's name and lets go of the id in one step, so the row always names exactly one
-- place, living or removed.
ALTER TABLE "Report" DROP CONSTRAINT "Report_one_place_check";
ALTER TABLE "Report" ADD CONSTRAINT "Report_one_place_check" CHECK (
  ("benchId" IS NOT NULL)::int + ("trailId" IS NOT NULL)::int
    + ("removedBenchNumber" IS NOT NULL)::int + ("removedTrailName" IS NOT NULL)::int = 1
);

CREATE FUNCTION "report_keeps_removed_bench"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Report" SET "benchId" = NULL, "removedBenchNumber" = OLD."benchNumber" WHERE "benchId" = OLD."id";
  RETURN OLD;
END
$$;
CREATE TRIGGER "Bench_keeps_reports" BEFORE DELETE ON "Bench"
  FOR EACH ROW EXECUTE FUNCTION "report_keeps_removed_bench"();

CREATE FUNCTION "report_keeps_removed_trail"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Report" SET "trailId" = NULL, "removedTrailName" = OLD."name" WHERE "trailId" = OLD."id";
  RETURN OLD;
END
$$;
CREATE TRIGGER "Trail_keeps_reports" BEFORE DELETE ON "Trail"
  FOR EACH ROW EXECUTE FUNCTION "report_keeps_removed_trail"();
