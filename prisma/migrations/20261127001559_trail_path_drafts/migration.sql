-- CreateTable
CREATE TABLE "TrailPathDraft" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(md5(((random())::text || (clock_timestamp())::text)), 1, 24),
    "trailId" VARCHAR(24) NOT NULL,
    "baseVersion" INTEGER NOT NULL,
    "uploadedById" VARCHAR(24),
    "fileName" VARCHAR(200) NOT NULL,
    "format" VARCHAR(10) NOT NULL,
    "points" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrailPathDraft_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TrailPathDraft_trailId_idx" ON "TrailPathDraft"("trailId");

-- CreateIndex
CREATE INDEX "TrailPathDraft_uploadedById_idx" ON "TrailPathDraft"("uploadedById");

-- CreateIndex
CREATE INDEX "TrailPathDraft_expiresAt_idx" ON "TrailPathDraft"("expiresAt");

-- AddForeignKey
ALTER TABLE "TrailPathDraft" ADD CONSTRAINT "TrailPathDraft_trailId_fkey" FOREIGN KEY ("trailId") REFERENCES "Trail"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrailPathDraft" ADD CONSTRAINT "TrailPathDraft_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
