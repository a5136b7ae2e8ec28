-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "startedBySignUp" BOOLEAN NOT NULL DEFAULT false;
