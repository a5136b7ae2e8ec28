import { skeleton } from "~/lib/confusables";
import { CONFUSABLES_UNICODE_VERSION } from "~/generated/confusables";
import { nfkc } from "~/lib/nfkc";

// Two usernames are one name when either of their two keys is equal; each key has a unique index, so
// the database refuses a second spelling even when two sign-ups race. Why two keys and in which order
// the steps run: docs/decisions/042-confusable-usernames.md.

/**
 * NFKC, then case-folded. JavaScript has no case fold, so upper then lower case stands in for it (it
 * folds ß to ss and ς to σ where toLowerCase alone would not), and NFKC again because case mapping can
 * leave a string unnormalised. One round is not always enough: the capital ẞ lowers to ß, whose upper
 * case is SS; repeating until nothing changes makes ẞ, ß and ss one text.
 */
export function caseFold(text: string) {
  let folded = nfkc(text);
  for (let round = 0; round < 4; round++) {
    const next = nfkc(folded.toUpperCase().toLowerCase());
    if (next === folded) break;
    folded = next;
  }
  return folded;
}

/**
 * Accents written with the generic combining marks (U+0300–036F and their supplements, the half marks,
 * the marks for symbols) do not make another name: "admiń", "admin" with any number of stacked accents,
 * and "ádmìn" are "admin" (decision 071). A mark that is a letter of its own script, such as a Devanagari
 * vowel sign, has its own block and stays. The text comes decomposed (NFD) from the skeleton.
 */
const COMBINING_MARK = /\p{M}/gu;
const GENERIC_MARK_BLOCKS = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];

function withoutAccents(decomposed: string) {
  return decomposed.replace(COMBINING_MARK, (mark) => {
    const code = mark.codePointAt(0)!;
    return GENERIC_MARK_BLOCKS.some(([first, last]) => code >= first && code <= last) ? "" : mark;
  });
}

/**
 * The name whatever its case: the skeleton of the case-folded name, folded again. "ADMIN", "Ａｄｍｉｎ",
 * "аdmin" (Cyrillic а) and "adrnin" (the standard maps m to rn) all give one key; so do "ADM0N" and
 * "admon", since the skeleton's "O" for the digit 0 is folded too.
 */
export function usernameKey(username: string) {
  return withoutAccents(caseFold(withoutAccents(skeleton(caseFold(username)))).normalize("NFD"));
}

/**
 * The name as it looks when written as typed: the skeleton first, then case-folded. Case folding first
 * loses look-alikes that exist only among capitals: "PayPaI" (capital I) folds to "paypai" while it looks
 * like "PayPal", and Greek or Cyrillic capitals ("ΗΕLLΟ") fold to small letters that look nothing like
 * the Latin ones. This key catches those.
 */
export function usernameShapeKey(username: string) {
  return withoutAccents(caseFold(withoutAccents(skeleton(nfkc(username)))).normalize("NFD"));
}

/** Both keys of a username, as the User table stores them. */
export function usernameKeys(username: string) {
  return { usernameKey: usernameKey(username), usernameShapeKey: usernameShapeKey(username) };
}

/**
 * Names the rule and its data: when either changes (a new Unicode version of the table), the keys of the
 * accounts already stored are computed again, once, when the app starts (app/utils/username-keys.server.ts).
 */
export const USERNAME_KEYS_VERSION = `uts39-${CONFUSABLES_UNICODE_VERSION}-v2`;
