-- AlterTable
ALTER TABLE "Bench" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Video" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 0;

-- Every admin edit moves a video's version, also one that changes no other column (a PATCH that sends
-- the values already stored): the cached catalogue carries the version, so it moves the videos' data
-- version too. Views, likes and dislikes still do not.
DROP TRIGGER "Video_edit_data_version" ON "Video";
CREATE TRIGGER "Video_edit_data_version" AFTER UPDATE ON "Video"
  FOR EACH ROW WHEN (
    (OLD."title", OLD."url", OLD."category", OLD."subCategory", OLD."description", OLD."createdAt", OLD."id", OLD."version")
    IS DISTINCT FROM
    (NEW."title", NEW."url", NEW."category", NEW."subCategory", NEW."description", NEW."createdAt", NEW."id", NEW."version")
  )
  EXECUTE FUNCTION "bump_data_version"('videos');
