-- CreateEnum
CREATE TYPE "NoticeKind" AS ENUM ('closed', 'caution');

-- CreateTable
CREATE TABLE "Notice" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(md5(((random())::text || (clock_timestamp())::text)), 1, 24),
    "trailId" VARCHAR(24),
    "benchId" VARCHAR(24),
    "kind" "NoticeKind" NOT NULL,
    "message" VARCHAR(500) NOT NULL,
    "startsAt" TIMESTAMP(3),
    "endsAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdBy" VARCHAR(24),
    "reportId" VARCHAR(24),
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Notice_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Notice_trailId_idx" ON "Notice"("trailId");

-- CreateIndex
CREATE INDEX "Notice_benchId_idx" ON "Notice"("benchId");

-- CreateIndex
CREATE INDEX "Notice_endsAt_idx" ON "Notice"("endsAt");

-- CreateIndex
CREATE INDEX "Notice_reportId_idx" ON "Notice"("reportId");

-- AddForeignKey
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_trailId_fkey" FOREIGN KEY ("trailId") REFERENCES "Trail"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_benchId_fkey" FOREIGN KEY ("benchId") REFERENCES "Bench"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_createdBy_fkey" FOREIGN KEY ("createdBy") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_reportId_fkey" FOREIGN KEY ("reportId") REFERENCES "Report"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A notice is about exactly one bench or one trail, and ends after it starts (Prisma's schema cannot say so).
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_one_place_check" CHECK (("benchId" IS NULL) <> ("trailId" IS NULL));
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_ends_after_start_check" CHECK ("startsAt" IS NULL OR "endsAt" IS NULL OR "endsAt" > "startsAt");
