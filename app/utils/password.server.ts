import { createHash } from "node:crypto";
import bcrypt from "bcryptjs";
import { env } from "./env.server";

// Cost 10 is about 90 ms here: slow enough to blunt offline guessing, fast enough for sign-in. The test
// runner (NODE_ENV=test) creates hundreds of accounts, where that cost was a fifth of the unit and
// integration tests' CPU; verifying reads the cost from each stored hash, so both kinds always verify.
// Read from the parsed environment at run time: the build inlines `process.env.NODE_ENV` as
// "production", which gave the route tests (which run the build) the full cost.
export const BCRYPT_COST = env.NODE_ENV === "test" ? 4 : 10;

/**
 * bcrypt reads only a password's first 72 bytes: two long passwords that share them would be one
 * password. So the password is first reduced to its SHA-256 (44 base64 characters, no NUL), and the
 * stored hash says so with this prefix; hashes stored before it are plain bcrypt and still verify.
 */
const PREHASHED = "$sha256$";

function prehash(password: string) {
  return createHash("sha256").update(password, "utf8").digest("base64");
}

export async function hashPassword(password: string) {
  return PREHASHED + (await bcrypt.hash(prehash(password), BCRYPT_COST));
}

export function verifyPassword(password: string, hash: string) {
  if (hash.startsWith(PREHASHED)) return bcrypt.compare(prehash(password), hash.slice(PREHASHED.length));
  return bcrypt.compare(password, hash);
}
