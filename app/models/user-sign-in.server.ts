// Checking a password at sign-in, in the same time whether the email or the password is wrong.
import { prisma } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { publicUserSelect, type PublicUser, normalizeEmail } from "~/models/user.server";

const timingDummyHash = hashPassword("not-a-password-of-anyone");

/** The account for these credentials, or null; the same answer whether the email or the password is wrong. */
export async function verifyLogin(email: string, password: string): Promise<PublicUser | null> {
  const found = await prisma.user.findUnique({
    where: { email: normalizeEmail(email) },
    select: { ...publicUserSelect, passwordHash: true },
  });
  if (!found) {
    // Spend the same time as a real check so response timing does not reveal which emails exist.
    await verifyPassword(password, await timingDummyHash);
    return null;
  }
  const { passwordHash, ...user } = found;
  return (await verifyPassword(password, passwordHash)) ? user : null;
}
