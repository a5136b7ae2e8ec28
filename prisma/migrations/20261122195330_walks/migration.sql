-- CreateTable
CREATE TABLE "Walk" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(md5(((random())::text || (clock_timestamp())::text)), 1, 24),
    "userId" VARCHAR(24) NOT NULL,
    "trailId" VARCHAR(24) NOT NULL,
    "date" DATE NOT NULL,
    "durationSeconds" INTEGER,
    "distanceMetres" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Walk_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Walk_userId_date_idx" ON "Walk"("userId", "date");

-- CreateIndex
CREATE INDEX "Walk_trailId_date_idx" ON "Walk"("trailId", "date");

-- AddForeignKey
ALTER TABLE "Walk" ADD CONSTRAINT "Walk_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Walk" ADD CONSTRAINT "Walk_trailId_fkey" FOREIGN KEY ("trailId") REFERENCES "Trail"("id") ON DELETE CASCADE ON UPDATE CASCADE;
