import bcrypt from "bcryptjs";

// Cost 10 is about 90 ms here: slow enough to blunt offline guessing, fast enough for sign-in. The test
// runner (NODE_ENV=test) creates hundreds of accounts, where that cost was a fifth of the unit and
// integration tests' CPU; verifying reads the cost from each stored hash, so both kinds always verify.
export const BCRYPT_COST = process.env.NODE_ENV === "test" ? 4 : 10;

export function hashPassword(password: string) {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string) {
  return bcrypt.compare(password, hash);
}
