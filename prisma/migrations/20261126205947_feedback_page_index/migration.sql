-- DropIndex
DROP INDEX "Feedback_createdAt_idx";

-- CreateIndex
CREATE INDEX "Feedback_createdAt_id_idx" ON "Feedback"("createdAt" DESC, "id" DESC);
