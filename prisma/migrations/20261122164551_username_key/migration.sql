-- One person, one name: usernames become unique regardless of case and Unicode compatibility form.
--
-- "usernameKey" holds the app's usernameKey() (app/schemas/text.ts): NFKC, then case-folded. The
-- backfill below computes the same key in SQL. It matches the app for ASCII, accented Latin, Greek,
-- Cyrillic, fullwidth forms and ß; for rare special casings (a dotted capital İ, a final sigma) an old
-- row's key may differ from what the app would compute, which only means such an old name is not
-- recognised as equal to a later variant of it.
--
-- Existing rows whose names collide under the new rule are not dropped and do not stop the migration:
-- the oldest account (by createdAt, then id) keeps its name; every later one is renamed to its name
-- (cut to 43 characters) followed by "-" and the first six characters of its id, e.g. "ana-3f9c2b".
-- Those users sign in by email as before and see the new name on their profile.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "usernameKey" TEXT;

UPDATE "User"
SET "usernameKey" = normalize(lower(upper(replace(replace(normalize("username", NFKC), 'ß', 'ss'), 'ẞ', 'ss'))), NFKC);

WITH "ranked" AS (
  SELECT "id", row_number() OVER (PARTITION BY "usernameKey" ORDER BY "createdAt", "id") AS "n"
  FROM "User"
)
UPDATE "User" AS "u"
SET "username" = left(normalize("u"."username", NFKC), 43) || '-' || left("u"."id", 6)
FROM "ranked" AS "r"
WHERE "r"."id" = "u"."id" AND "r"."n" > 1;

-- Names are stored in their NFKC form from now on.
UPDATE "User"
SET "username" = left(normalize("username", NFKC), 50)
WHERE "username" <> normalize("username", NFKC);

UPDATE "User"
SET "usernameKey" = normalize(lower(upper(replace(replace("username", 'ß', 'ss'), 'ẞ', 'ss'))), NFKC);

ALTER TABLE "User" ALTER COLUMN "usernameKey" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "User_usernameKey_key" ON "User"("usernameKey");
