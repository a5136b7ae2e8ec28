/**
 * Where a redirect taken from the request (a `redirectTo` or `returnTo` field) may send the browser.
 *
 * A prefix check on the raw string is not enough: browsers drop tabs and newlines anywhere in a URL,
 * strip leading and trailing control characters and spaces, read `\` as `/`, and collapse `/./`, so
 * `/\t/evil.com`, `\\evil.com` or `/.//evil.com` all leave the site. So the candidate is parsed the way
 * a browser parses a Location header, against a fixed stand-in origin, and accepted only if it stays on
 * that origin. What is returned is re-serialised from the parsed URL (path, query and fragment), so no
 * control character or backslash reaches a Location header. Pure: no server imports.
 */

// A reserved name (RFC 2606) that can never be a real host; only its equality matters.
const BASE = new URL("https://redirect-base.invalid");

// Far beyond any path of ours; longer candidates are refused rather than parsed.
const MAX_LENGTH = 2048;

// WHATWG URL parser, "basic URL parser" steps 1 and 3.
// eslint-disable-next-line no-control-regex -- these control characters are exactly what the parser strips
const LEADING_OR_TRAILING_C0_OR_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;

// `//host` and `/\host` are network-path references: a browser would leave the site.
const NETWORK_PATH = /^\/[/\\]/;

export function safeRedirect(candidate: unknown, fallback = "/"): string {
  if (typeof candidate !== "string" || candidate.length > MAX_LENGTH) return fallback;
  const cleaned = candidate.replace(LEADING_OR_TRAILING_C0_OR_SPACE, "").replace(TAB_OR_NEWLINE, "");
  if (cleaned === "") return fallback;
  let url: URL;
  try {
    url = new URL(cleaned, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE.origin) return fallback;
  if (decodings(url.pathname).some(leavesSite)) return fallback;
  // The parser leaves `\` raw in the query and fragment; escaped it means the same to every reader.
  return `${url.pathname}${url.search}${url.hash}`.replaceAll("\\", "%5C");
}

/** Whether a path, read by a browser (tabs and newlines dropped, dot segments resolved), names another host. */
function leavesSite(path: string) {
  const read = path.replace(TAB_OR_NEWLINE, "");
  if (NETWORK_PATH.test(read)) return true;
  try {
    return NETWORK_PATH.test(new URL(read, BASE).pathname);
  } catch {
    return true;
  }
}

/**
 * The path as it is, and as it reads after each further round of percent-decoding (a proxy, the
 * router or a second redirect may decode once more), until nothing changes. Each round that changes
 * something shortens the string, so this ends.
 */
function decodings(path: string): string[] {
  const forms = [path];
  for (;;) {
    const previous = forms[forms.length - 1];
    const next = previous.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === previous) return forms;
    forms.push(next);
  }
}
