-- CreateEnum
CREATE TYPE "ReportCategory" AS ENUM ('broken_bench', 'flooded', 'ice_snow', 'obstruction', 'lighting_out', 'litter', 'other');

-- CreateEnum
CREATE TYPE "ReportStatus" AS ENUM ('open', 'in_progress', 'resolved');

-- CreateTable
CREATE TABLE "Report" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(md5(((random())::text || (clock_timestamp())::text)), 1, 24),
    "userId" VARCHAR(24),
    "username" VARCHAR(50),
    "email" VARCHAR(254),
    "benchId" VARCHAR(24),
    "trailId" VARCHAR(24),
    "category" "ReportCategory" NOT NULL,
    "description" VARCHAR(1000) NOT NULL,
    "status" "ReportStatus" NOT NULL DEFAULT 'open',
    "note" VARCHAR(1000),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Report_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Report_createdAt_id_idx" ON "Report"("createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Report_userId_createdAt_id_idx" ON "Report"("userId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Report_benchId_idx" ON "Report"("benchId");

-- CreateIndex
CREATE INDEX "Report_trailId_idx" ON "Report"("trailId");

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_benchId_fkey" FOREIGN KEY ("benchId") REFERENCES "Bench"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_trailId_fkey" FOREIGN KEY ("trailId") REFERENCES "Trail"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A report is about exactly one bench or one trail (Prisma's schema cannot say so).
ALTER TABLE "Report" ADD CONSTRAINT "Report_one_place_check" CHECK (("benchId" IS NULL) <> ("trailId" IS NULL));
