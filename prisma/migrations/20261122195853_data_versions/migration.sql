-- CreateTable
CREATE TABLE "DataVersion" (
    "name" VARCHAR(20) NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "DataVersion_pkey" PRIMARY KEY ("name")
);

-- Every write to the admin-edited tables moves its kind's version, inside the writing transaction, so
-- no instance can see the new rows together with the old version. Row-level triggers: a statement that
-- changes nothing (a refused delete of a missing row) moves nothing. A version is at least the current
-- time in microseconds, so it never repeats, even after the row was deleted or the tables truncated.
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DataVersion" ("name", "version")
  VALUES (TG_ARGV[0], (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
  ON CONFLICT ("name") DO UPDATE SET "version" = GREATEST("DataVersion"."version" + 1, EXCLUDED."version");
  RETURN NULL;
END
$$;

CREATE TRIGGER "Trail_data_version" AFTER INSERT OR UPDATE OR DELETE ON "Trail"
  FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('trails');
CREATE TRIGGER "Trail_truncate_data_version" AFTER TRUNCATE ON "Trail"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('trails');
CREATE TRIGGER "TrailPoint_data_version" AFTER INSERT OR UPDATE OR DELETE ON "TrailPoint"
  FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('trails');
CREATE TRIGGER "TrailPoint_truncate_data_version" AFTER TRUNCATE ON "TrailPoint"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('trails');
CREATE TRIGGER "Bench_data_version" AFTER INSERT OR UPDATE OR DELETE ON "Bench"
  FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('benches');
CREATE TRIGGER "Bench_truncate_data_version" AFTER TRUNCATE ON "Bench"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('benches');
CREATE TRIGGER "BenchVideo_data_version" AFTER INSERT OR UPDATE OR DELETE ON "BenchVideo"
  FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('benches');
CREATE TRIGGER "BenchVideo_truncate_data_version" AFTER TRUNCATE ON "BenchVideo"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('benches');
CREATE TRIGGER "Video_rows_data_version" AFTER INSERT OR DELETE ON "Video"
  FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('videos');
CREATE TRIGGER "Video_truncate_data_version" AFTER TRUNCATE ON "Video"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('videos');
-- Views, likes and dislikes change with every visitor's reaction and are always read fresh; only
-- what an admin edits moves the videos' version (so reactions never queue on the version row).
CREATE TRIGGER "Video_edit_data_version" AFTER UPDATE ON "Video"
  FOR EACH ROW WHEN (
    (OLD."title", OLD."url", OLD."category", OLD."subCategory", OLD."description", OLD."createdAt", OLD."id")
    IS DISTINCT FROM
    (NEW."title", NEW."url", NEW."category", NEW."subCategory", NEW."description", NEW."createdAt", NEW."id")
  )
  EXECUTE FUNCTION "bump_data_version"('videos');
