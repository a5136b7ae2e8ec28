import * as z from "zod";
import { nfkc } from "~/lib/nfkc";

// Text that other people see (names, titles, descriptions, feedback) and text that reaches a database
// query (searches) is checked here, once. Control characters can break a log line, a mail header or a
// query (PostgreSQL refuses NUL outright); format characters are invisible and can make one name look
// like another or reorder what a reader sees (bidirectional overrides, the "Trojan Source" trick).

/**
 * Refused everywhere: C0 and C1 controls, format characters (Cf: bidi embeddings, overrides and
 * isolates, LRM/RLM, U+061C, zero-width spaces, soft hyphens, BOM, tag characters…), line and paragraph
 * separators, and lone surrogate halves.
 */
const INVISIBLE_SINGLE_LINE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * Free multi-line text may also hold tab and line breaks (browsers submit textarea lines as CR LF), and
 * U+200C / U+200D (ZWNJ / ZWJ): emoji sequences such as 🚶‍♀️ are joined by ZWJ, and Persian, Arabic and
 * the Indic scripts need both to spell words correctly. Every other format character is still refused.
 */
const INVISIBLE_MULTI_LINE = /(?![\t\n\r\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

function hasInvisibleCharacters(value: string, multiline = false) {
  return (multiline ? INVISIBLE_MULTI_LINE : INVISIBLE_SINGLE_LINE).test(value);
}

export const invisibleCharactersMessage = (what: string) =>
  `${what} cannot contain control or invisible formatting characters.`;

type TextRules = {
  /** How the field is named in the message about invisible characters, e.g. "Username". */
  label: string;
  max: number;
  tooLong: string;
  /** The message for a missing or empty value; without one the text may be empty. */
  required?: string;
  multiline?: boolean;
  /** Store the NFKC form (usernames): the length limit then applies to what is stored. */
  normalize?: boolean;
};

/**
 * A trimmed text field that refuses control and invisible formatting characters. Every schema of text
 * shown to other people is built with this, so the rule cannot be forgotten in one of them.
 */
export function displayText(rules: TextRules) {
  const base = z.string({ error: rules.required ?? `${rules.label} must be text.` }).trim();
  const sized = (rules.required ? base.min(1, rules.required) : base)
    .max(rules.max, rules.tooLong)
    .refine((value) => !hasInvisibleCharacters(value, rules.multiline), invisibleCharactersMessage(rules.label));
  if (!rules.normalize) return sized;
  // NFKC can lengthen a string (one ligature becomes several letters), so the limit is checked again.
  return sized.transform(nfkc).pipe(z.string().max(rules.max, rules.tooLong));
}

const SEARCH_MAX_LENGTH = 200;
const searchMessages = {
  tooLong: `Search text can be at most ${SEARCH_MAX_LENGTH} characters.`,
  invisible: invisibleCharactersMessage("Search text"),
} as const;

/** A search box: empty means "everything". Refusals are shown beside the box, never a server error. */
const searchQuerySchema = displayText({
  label: "Search text",
  max: SEARCH_MAX_LENGTH,
  tooLong: searchMessages.tooLong,
});

/** A search parameter as the admin areas read it: the query to run, or the message to show instead. */
export function parseSearchQuery(value: string | null | undefined): { q: string; error: string | null } {
  const parsed = searchQuerySchema.safeParse(value ?? "");
  if (parsed.success) return { q: parsed.data, error: null };
  return { q: "", error: parsed.error.issues[0]?.message ?? searchMessages.invisible };
}
