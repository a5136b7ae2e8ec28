import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/form-status";
import { TokenLinkPage } from "~/components/token-link-page";
import { getOptionalUser } from "~/http/auth.server";
import { checkRateLimit, passRetryAfter, retryAfterHeaders } from "~/http/rate-limit.server";
import { getSessionId } from "~/http/session-cookie.server";
import { redirectWithToast } from "~/http/toast.server";
import { confirmEmailChange, emailChangeRequest } from "~/models/email-change.server";
import { userMessages } from "~/schemas/user";
import { rateLimitMessage } from "~/utils/rate-limit-counter.server";
import { tokenPageMeta } from "~/lib/token-page";

// The link mailed to a new email. GET only shows what it would do and a button (TokenLinkPage).

export const meta: MetaFunction = ({ matches }) => tokenPageMeta("Confirm New Email", matches);

export const headers = passRetryAfter;

export async function loader({ params }: LoaderFunctionArgs) {
  return { change: await emailChangeRequest(params.token ?? "") };
}

type Refused = { message: string; invalid: boolean };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const verdict = await checkRateLimit(request, "emailConfirm");
  if (!verdict.allowed)
    return data<Refused>(
      { message: rateLimitMessage(verdict.retryAfterSeconds), invalid: false },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  const confirmed = await confirmEmailChange(params.token ?? "", await getSessionId(request));
  if (!confirmed.ok && confirmed.reason === "email-taken")
    return data<Refused>({ message: userMessages.emailChangeTaken, invalid: true }, { status: 409 });
  if (!confirmed.ok) return data<Refused>({ message: userMessages.emailChangeInvalid, invalid: true }, { status: 410 });
  const message = userMessages.emailChangeDone(confirmed.user.email);
  // Still signed in here when it is the account's own session (the change ended all the others).
  const signedIn = (await getOptionalUser({ request, context }))?.id === confirmed.user.id;
  return redirectWithToast(signedIn ? "/userControlPanel" : "/authorization?formType=signin", {
    type: "success",
    message,
  });
}

const spentLink = {
  message: userMessages.emailChangeInvalid,
  help: "Email confirmation links work once, for 24 hours. To try again, enter the new email on your profile page; the account keeps its current email until then.",
  to: "/userControlPanel",
  label: "Go to My Profile",
};

export default function ConfirmNewEmail() {
  const { change } = useLoaderData<typeof loader>();
  return (
    <TokenLinkPage title="Confirm New Email" link={change} spent={spentLink}>
      {({ newEmail, username }) => (
        <>
          <p className="text-stone-700 [overflow-wrap:anywhere]">
            This makes <strong>{newEmail}</strong> the email of the Walking Trails account <strong>{username}</strong>.
            You will sign in with it from now on, and the account&apos;s other sign-ins end.
          </p>
          <p className="text-stone-700">Did not ask for this? Close this page: nothing changes.</p>
          <input type="hidden" name="intent" value="confirm" />
          <SubmitButton label="Confirm new email" pendingLabel="Confirming…" className="btn-primary w-full" />
        </>
      )}
    </TokenLinkPage>
  );
}
