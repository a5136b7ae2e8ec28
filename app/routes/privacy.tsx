import type { MetaFunction } from "@remix-run/node";
import { PrivacyPolicyText, UserConsentText } from "~/components/privacy-texts";
import { withoutScripts } from "~/lib/page-scripts";
import { publicPage } from "~/lib/public-page";
import { pageTitle } from "~/lib/page-title";

export const handle = { ...withoutScripts, ...publicPage };

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Privacy") }];

const sections = [
  { id: "privacy-policy", title: "Privacy Policy", Text: PrivacyPolicyText },
  { id: "user-consent", title: "User Consent", Text: UserConsentText },
];

export default function Privacy() {
  return (
    <div className="page max-w-3xl">
      <h1 className="page-title mb-6">Privacy</h1>
      {sections.map(({ id, title, Text }, i) => (
        <section
          key={id}
          id={id}
          aria-labelledby={`${id}-heading`}
          className={i > 0 ? "mt-10 scroll-mt-4" : "scroll-mt-4"}
        >
          <h2 id={`${id}-heading`} className="mb-3 text-2xl font-semibold">
            {title}
          </h2>
          <Text />
        </section>
      ))}
    </div>
  );
}
