-- CreateTable
CREATE TABLE "Campus" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "name" VARCHAR(100) NOT NULL,
    "timeZone" VARCHAR(64) NOT NULL,
    "centerLongitude" DOUBLE PRECISION,
    "centerLatitude" DOUBLE PRECISION,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Campus_pkey" PRIMARY KEY ("id")
);

-- One campus per installation (decision 076): a second row could only disagree with the first.
ALTER TABLE "Campus" ADD CONSTRAINT "Campus_one_row" CHECK ("id" = 1);

-- The campus's name and clock are on every page, which instances cache per data version (decision 006):
-- a change moves the `campus` version in the same transaction.
CREATE TRIGGER "Campus_data_version" AFTER INSERT OR UPDATE OR DELETE ON "Campus"
  FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('campus');
CREATE TRIGGER "Campus_truncate_data_version" AFTER TRUNCATE ON "Campus"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('campus');
