import * as z from "zod";

/** Ids are 24 lowercase hex characters: the database default, and the shape the old app's clients know. */
const ID_PATTERN = /^[a-f0-9]{24}$/;

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

/** An id field; anything else cannot name a row, so it is refused with `message`. */
export function idSchema(message = "Unknown id.") {
  return z.string({ error: message }).regex(ID_PATTERN, message);
}

/** An optional id: absent, empty or null all mean "not this one". */
export const optionalId = (message: string) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), idSchema(message).optional());
