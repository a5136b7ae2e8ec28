import type { SubmissionResult } from "@conform-to/react";
import { parseSubmission, refusalReply } from "~/http/form-submission.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DialogLink, ModalDialog } from "~/components/modal-dialog";
import { FeedbackForm } from "~/components/my-profile/feedback-form";
import {
  DeleteProfileForm,
  MY_PROFILE_PAGE as PAGE,
  ProfileInfo,
  UpdateProfileForm,
} from "~/components/my-profile/profile-forms";
import { createFeedback } from "~/models/feedback.server";
import { submitProfileUpdate } from "~/models/email-change.server";
import { deleteOwnAccount } from "~/models/user-ownership.server";
import { getUserById, userRefusal, type UserFailure } from "~/models/user.server";
import { deleteProfileSchema, feedbackSchema, profileUpdateSchema } from "~/schemas/user-forms";
import { profileUpdatedMessage, userMessages } from "~/schemas/user";
import { endSession, requireUser } from "~/http/auth.server";
import { log } from "~/utils/logger.server";
import { checkQuota, profileQuota, passRetryAfter, retryAfterHeaders } from "~/http/rate-limit.server";
import { getSessionId } from "~/http/session-cookie.server";
import { redirectWithToast } from "~/http/toast.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "My Profile") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const sessionUser = await requireUser({ request, context });
  const user = await getUserById(sessionUser.id);
  if (!user) throw redirect("/authorization?formType=signin");
  const url = new URL(request.url);
  return {
    user: {
      username: user.username,
      email: user.email,
      role: user.role,
      gender: user.gender,
      age: user.age,
      ethnicity: user.ethnicity,
      community: user.community,
    },
    // Without JavaScript the dialogs are steps of this page, opened by these query parameters.
    feedbackOpen: url.searchParams.get("feedback") === "open",
    deleteOpen: url.searchParams.get("confirm") === "delete",
  };
}

type Intent = "update" | "feedback" | "delete";
type Replier = Parameters<typeof refusalReply>[0];
type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

// A refused write's Retry-After reaches the page it renders.
export const headers = passRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser({ request, context });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const answer = (intent: Intent, result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) =>
    data<ActionResult>({ intent, result }, { status, headers });
  /** A refusal by the user model: its words on the form, its status, and its wait when it is a limit. */
  const refused = (intent: Intent, submission: Replier, failure: UserFailure, hideFields: string[]) => {
    const refusal = userRefusal(failure);
    return answer(
      intent,
      refusalReply(submission, refusal, { hideFields }),
      refusal.status,
      retryAfterHeaders(refusal),
    );
  };

  if (intent === "update") {
    const submission = parseSubmission(formData, { schema: profileUpdateSchema });
    // Passwords are never sent back, not even after a refusal.
    const hideFields = ["password", "confirmPassword", "currentPassword"];
    if (submission.status !== "success") return answer("update", submission.reply({ hideFields }), 400);
    const { confirmPassword: _confirm, ...changes } = submission.value;
    const quota = await profileQuota(request, user, changes.email);
    if (!quota.allowed)
      return answer(
        "update",
        submission.reply({ formErrors: [quota.message], hideFields }),
        429,
        retryAfterHeaders(quota),
      );
    try {
      const editor = { userId: user.id, role: user.role, sessionId: await getSessionId(request) };
      const updated = await submitProfileUpdate(user.id, changes, editor);
      if (updated.ok) return redirectWithToast(PAGE, { type: "success", message: profileUpdatedMessage(updated) });
      // A refused update keeps its place in the quota.
      if (updated.reason === "not-found") throw redirect("/authorization?formType=signin");
      return refused("update", submission, updated, hideFields);
    } catch (error) {
      if (error instanceof Response) throw error;
      log("error", "profile update failed", { error: error instanceof Error ? error.message : String(error) });
      return answer("update", submission.reply({ formErrors: [userMessages.profileUpdateFailed], hideFields }), 500);
    }
  }

  if (intent === "feedback") {
    const submission = parseSubmission(formData, { schema: feedbackSchema });
    if (submission.status !== "success") return answer("feedback", submission.reply(), 400);
    const quota = await checkQuota(request, "feedback", user.id);
    if (!quota.allowed)
      return answer("feedback", submission.reply({ formErrors: [quota.message] }), 429, retryAfterHeaders(quota));
    await createFeedback(user, submission.value.feedback);
    return redirectWithToast(PAGE, { type: "success", message: userMessages.feedbackSent });
  }

  if (intent === "delete") {
    const submission = parseSubmission(formData, { schema: deleteProfileSchema });
    const hideFields = ["currentPassword"];
    if (submission.status !== "success") return answer("delete", submission.reply({ hideFields }), 400);
    const deleted = await deleteOwnAccount(user.id, submission.value.currentPassword);
    if (!deleted.ok && deleted.reason !== "not-found") {
      return refused("delete", submission, deleted, hideFields);
    }
    return redirectWithToast(
      "/",
      { type: "success", message: userMessages.profileDeleted },
      { headers: await endSession(request) },
    );
  }

  throw new Response("Unknown action", { status: 400 });
}

export default function UserControlPanel() {
  const { user, feedbackOpen, deleteOpen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  // A dialog is open when its link asked for it (without JavaScript) or its form was just answered.
  const dialogOpen = (intent: "feedback" | "delete") =>
    (intent === "feedback" ? feedbackOpen : deleteOpen) || Boolean(resultFor(intent));
  return (
    <div className="page">
      <h1 className="page-title">My Profile</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="info-heading" className="card min-w-0 self-start p-6">
          <h2 id="info-heading" className="text-xl font-semibold">
            Your information
          </h2>
          <ProfileInfo user={user} />
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/userControlPanel/walks" className="btn-secondary">
              My Walks
            </Link>
            <Link to="/userControlPanel/reports" className="btn-secondary">
              My Reports
            </Link>
            <DialogLink
              dialogId="feedback-dialog"
              to={`${PAGE}?feedback=open#feedback-dialog`}
              className="btn-secondary"
            >
              Feedback
            </DialogLink>
            <DialogLink dialogId="delete-dialog" to={`${PAGE}?confirm=delete#delete-dialog`} className="btn-danger">
              Delete Profile
            </DialogLink>
          </div>
        </section>
        <section aria-labelledby="update-heading" className="card min-w-0 p-6">
          <h2 id="update-heading" className="text-xl font-semibold">
            Update Profile
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            Change what you like: an empty username, email or age keeps its current value, and your password only
            changes when you fill in both password fields. To change your email or password, also enter your current
            password. A new email changes once you open the link we mail to it.
          </p>
          <UpdateProfileForm key={JSON.stringify(user)} user={user} lastResult={resultFor("update")} />
        </section>
      </div>
      <ModalDialog id="feedback-dialog" title="Feedback" open={dialogOpen("feedback")} closeTo={PAGE}>
        <FeedbackForm user={user} lastResult={resultFor("feedback")} />
      </ModalDialog>
      <ModalDialog id="delete-dialog" title="Delete Profile" open={dialogOpen("delete")} closeTo={PAGE}>
        <p className="text-lg font-semibold text-red-800">This action cannot be undone</p>
        <p className="mt-2 text-stone-700">
          Your account, your sign-in sessions and your personal details will be deleted permanently.
        </p>
        <DeleteProfileForm lastResult={resultFor("delete")} />
      </ModalDialog>
    </div>
  );
}
