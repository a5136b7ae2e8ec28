import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/form-status";
import { TokenLinkPage } from "~/components/token-link-page";
import { startSessionAndRedirect } from "~/http/auth.server";
import { checkRateLimit, passRetryAfter, retryAfterHeaders } from "~/http/rate-limit.server";
import { consumeSignInLink, signInLinkAccount } from "~/models/sign-in-link.server";
import { userMessages } from "~/schemas/user";
import { rateLimitMessage } from "~/utils/rate-limit-counter.server";
import { tokenPageMeta } from "~/lib/token-page";

// The one-time link mailed instead of a session while an account is under attack (decision 040). GET
// only shows a button (TokenLinkPage).

export const meta: MetaFunction = ({ matches }) => tokenPageMeta("Finish Signing In", matches);

export const headers = passRetryAfter;

export async function loader({ params }: LoaderFunctionArgs) {
  return { account: await signInLinkAccount(params.token ?? "") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const verdict = await checkRateLimit(request, "signInLink");
  if (!verdict.allowed)
    return data(
      { message: rateLimitMessage(verdict.retryAfterSeconds), invalid: false },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  const consumed = await consumeSignInLink(params.token ?? "");
  if (!consumed.ok) return data({ message: userMessages.signInLinkInvalid, invalid: true }, { status: 410 });
  return startSessionAndRedirect(request, consumed.user, { message: userMessages.signInSuccess });
}

const spentLink = {
  message: userMessages.signInLinkInvalid,
  help: "Sign-in links work once, for 15 minutes. Sign in again to get a new one.",
  to: "/authorization?formType=signin",
  label: "Sign in again",
};

export default function FinishSigningIn() {
  const { account } = useLoaderData<typeof loader>();
  return (
    <TokenLinkPage title="Finish Signing In" link={account} spent={spentLink}>
      {({ username, maskedEmail }) => (
        <>
          {/* Named, so a link someone sent for their own account cannot quietly sign a visitor in as them. */}
          <p className="text-stone-700 [overflow-wrap:anywhere]">
            This link signs you in to the Walking Trails account <strong>{username}</strong>
            {` (${maskedEmail}) on this device, once.`}
          </p>
          <p className="text-stone-700">
            Not your account? Do not finish: close this page, or{" "}
            <Link to="/authorization?formType=signin" className="font-medium text-brand-700 underline">
              sign in to your own account
            </Link>
            . Only open sign-in links from a mail sent to your own address.
          </p>
          <SubmitButton label="Finish signing in" pendingLabel="Signing in…" className="btn-primary w-full" />
        </>
      )}
    </TokenLinkPage>
  );
}
