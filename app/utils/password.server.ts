import bcrypt from "bcryptjs";

// Cost 10 is about 90 ms here: slow enough to blunt offline guessing, fast enough for sign-in.
const BCRYPT_COST = 10;

export function hashPassword(password: string) {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string) {
  return bcrypt.compare(password, hash);
}
