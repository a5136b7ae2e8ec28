import type { MetaDescriptor } from "@remix-run/node";
import { pageTitle } from "~/lib/page-title";

/**
 * The head of a page whose address holds a token (a reset, sign-in or email confirmation link): its
 * title, and a referrer policy that keeps the token out of Referer headers to other sites ("no-referrer"
 * would make the page's form POST carry `Origin: null`, which Remix refuses as a possible forgery).
 */
export function tokenPageMeta(title: string, matches: Parameters<typeof pageTitle>[0]): MetaDescriptor[] {
  return [{ title: pageTitle(matches, title) }, { name: "referrer", content: "same-origin" }];
}
