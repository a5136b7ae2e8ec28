import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";

/** Every field a user may see about an account: the password hash never leaves this module. */
export const publicUserSelect = {
  id: true,
  username: true,
  email: true,
  role: true,
  gender: true,
  age: true,
  ethnicity: true,
  community: true,
  createdAt: true,
} satisfies Prisma.UserSelect;

export type PublicUser = Prisma.UserGetPayload<{ select: typeof publicUserSelect }>;

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export function getUserById(id: string) {
  return prisma.user.findUnique({ where: { id }, select: publicUserSelect });
}

export function getUserByEmail(email: string) {
  return prisma.user.findUnique({ where: { email: normalizeEmail(email) }, select: publicUserSelect });
}

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

export async function createUser(input: {
  username: string;
  email: string;
  password: string;
  role?: "User" | "Admin";
  gender?: string | null;
  age?: number | null;
  ethnicity?: string | null;
  community?: string | null;
}): Promise<PublicUser> {
  const { password, email, ...rest } = input;
  return prisma.user.create({
    data: { ...rest, email: normalizeEmail(email), passwordHash: await hashPassword(password) },
    select: publicUserSelect,
  });
}
