-- CreateTable
CREATE TABLE "VideoThumbnail" (
    "videoId" VARCHAR(24) NOT NULL,
    "sourceUrl" VARCHAR(500) NOT NULL,
    "bytes" BYTEA,
    "contentType" VARCHAR(20),
    "width" INTEGER,
    "height" INTEGER,
    "hash" VARCHAR(64),
    "fetchedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),

    CONSTRAINT "VideoThumbnail_pkey" PRIMARY KEY ("videoId")
);

-- CreateIndex
CREATE INDEX "VideoThumbnail_nextAttemptAt_idx" ON "VideoThumbnail"("nextAttemptAt");

-- AddForeignKey
ALTER TABLE "VideoThumbnail" ADD CONSTRAINT "VideoThumbnail_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Video cards read the stored still's address and size from the cached catalogue, so a picture arriving,
-- changing or going moves the videos' version like an admin's edit does. Attempts and their schedule
-- change nothing a card shows and move nothing.
CREATE TRIGGER "VideoThumbnail_insert_data_version" AFTER INSERT ON "VideoThumbnail"
  FOR EACH ROW WHEN (NEW."hash" IS NOT NULL)
  EXECUTE FUNCTION "bump_data_version"('videos');
CREATE TRIGGER "VideoThumbnail_delete_data_version" AFTER DELETE ON "VideoThumbnail"
  FOR EACH ROW WHEN (OLD."hash" IS NOT NULL)
  EXECUTE FUNCTION "bump_data_version"('videos');
CREATE TRIGGER "VideoThumbnail_update_data_version" AFTER UPDATE ON "VideoThumbnail"
  FOR EACH ROW WHEN (
    (OLD."hash", OLD."sourceUrl", OLD."width", OLD."height", OLD."contentType", OLD."videoId")
    IS DISTINCT FROM
    (NEW."hash", NEW."sourceUrl", NEW."width", NEW."height", NEW."contentType", NEW."videoId")
  )
  EXECUTE FUNCTION "bump_data_version"('videos');
CREATE TRIGGER "VideoThumbnail_truncate_data_version" AFTER TRUNCATE ON "VideoThumbnail"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('videos');
