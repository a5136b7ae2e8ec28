-- AlterTable
ALTER TABLE "Feedback" ALTER COLUMN "username" DROP NOT NULL,
ALTER COLUMN "email" DROP NOT NULL;

-- Every message is stored with its sender's account, so one without an account lost it to a deletion
-- (the foreign key sets it null): its name and email go now, as they would have then.
UPDATE "Feedback" SET "username" = NULL, "email" = NULL WHERE "userId" IS NULL;
