-- CreateTable
CREATE TABLE "SignInLinkToken" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(md5(((random())::text || (clock_timestamp())::text)), 1, 24),
    "tokenHash" VARCHAR(64) NOT NULL,
    "userId" VARCHAR(24) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignInLinkToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SignInLinkToken_tokenHash_key" ON "SignInLinkToken"("tokenHash");

-- CreateIndex
CREATE INDEX "SignInLinkToken_userId_idx" ON "SignInLinkToken"("userId");

-- AddForeignKey
ALTER TABLE "SignInLinkToken" ADD CONSTRAINT "SignInLinkToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
