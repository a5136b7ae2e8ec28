-- DropIndex
DROP INDEX "Walk_userId_date_idx";

-- CreateIndex
CREATE INDEX "Walk_userId_date_createdAt_id_idx" ON "Walk"("userId", "date" DESC, "createdAt" DESC, "id" DESC);
