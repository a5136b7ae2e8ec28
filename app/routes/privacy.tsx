import type { MetaFunction } from "@remix-run/node";
import { PrivacyPolicyText, UserConsentText } from "~/components/privacy-texts";
import { withoutScripts } from "~/lib/page-scripts";
import { publicPage } from "~/lib/public-page";
import { pageTitle } from "~/lib/page-title";

export const handle = { ...withoutScripts, ...publicPage };

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Privacy") }];

export default function Privacy() {
  return (
    <div className="page max-w-3xl">
      <h1 className="page-title mb-6">Privacy</h1>
      <section id="privacy-policy" aria-labelledby="privacy-policy-heading" className="scroll-mt-4">
        <h2 id="privacy-policy-heading" className="mb-3 text-2xl font-semibold">
          Privacy Policy
        </h2>
        <PrivacyPolicyText />
      </section>
      <section id="user-consent" aria-labelledby="user-consent-heading" className="mt-10 scroll-mt-4">
        <h2 id="user-consent-heading" className="mb-3 text-2xl font-semibold">
          User Consent
        </h2>
        <UserConsentText />
      </section>
    </div>
  );
}
