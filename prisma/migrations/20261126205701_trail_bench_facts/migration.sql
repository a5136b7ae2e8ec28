-- AlterTable
ALTER TABLE "Bench" ADD COLUMN     "armrests" BOOLEAN,
ADD COLUMN     "backrest" BOOLEAN,
ADD COLUMN     "seatHeightCm" INTEGER,
ADD COLUMN     "shade" VARCHAR(20),
ADD COLUMN     "wheelchairSpace" BOOLEAN;

-- AlterTable
ALTER TABLE "Trail" ADD COLUMN     "lighting" VARCHAR(20),
ADD COLUMN     "restrooms" VARCHAR(200),
ADD COLUMN     "shade" VARCHAR(20),
ADD COLUMN     "steepestGradePercent" DOUBLE PRECISION,
ADD COLUMN     "steps" INTEGER,
ADD COLUMN     "stepsLocation" VARCHAR(200),
ADD COLUMN     "surface" VARCHAR(20),
ADD COLUMN     "water" VARCHAR(200);
