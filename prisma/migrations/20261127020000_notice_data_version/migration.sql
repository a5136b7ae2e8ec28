-- Notices show on the visitors' trail and bench pages, which the page cache stores per data version
-- (decision 062): posting, editing, ending or deleting a notice moves the `notices` version in the same
-- transaction, so the next visitor gets a page with it. A notice that starts or ends by the clock is the
-- pages' own expiry (`pageValidUntil`), not a write.
CREATE TRIGGER "Notice_data_version" AFTER INSERT OR UPDATE OR DELETE ON "Notice"
  FOR EACH ROW EXECUTE FUNCTION "bump_data_version"('notices');
CREATE TRIGGER "Notice_truncate_data_version" AFTER TRUNCATE ON "Notice"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('notices');
