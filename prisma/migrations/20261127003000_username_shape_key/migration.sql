-- Usernames that only differ by look-alike characters are one name (UTS #39 skeletons; decision 042):
-- a second key beside "usernameKey", each with a unique index.
--
-- Both keys are computed by the app in JavaScript (app/lib/username-key.ts), which SQL cannot do. This
-- migration only makes room: each existing row gets a placeholder, unique and unlike any real key (it
-- starts with U+0001, a control character no username may hold), so the column is NOT NULL with its
-- unique index at once. The data step "username-keys:..." (app/utils/username-keys.server.ts) runs right
-- after the migrations, before the app answers anything, and sets both keys of every row, renaming the
-- later of two accounts whose names now collide (the oldest keeps its name).

-- AlterTable
ALTER TABLE "User" ADD COLUMN "usernameShapeKey" TEXT;

UPDATE "User" SET "usernameShapeKey" = chr(1) || "id";

ALTER TABLE "User" ALTER COLUMN "usernameShapeKey" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "User_usernameShapeKey_key" ON "User"("usernameShapeKey");
