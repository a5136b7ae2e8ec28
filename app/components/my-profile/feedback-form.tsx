import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { TextAreaField } from "~/components/form-fields";
import { SubmitButton } from "~/components/form-status";
import { SectionForm } from "~/components/section-form";
import { useSchemaForm } from "~/components/use-schema-form";
import { feedbackSchema } from "~/schemas/user-forms";
import { MY_PROFILE_PAGE as PAGE, type ProfileView } from "./profile-forms";

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        className="field-input bg-stone-100"
        aria-describedby="feedback-from-account"
      />
    </div>
  );
}

export function FeedbackForm({ user, lastResult }: { user: ProfileView; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields, summary] = useSchemaForm("feedback-form", feedbackSchema, lastResult);
  return (
    <SectionForm page={PAGE} form={getFormProps(form)} summary={summary} intent="feedback" className="space-y-4">
      {/* Shown, not sent: the feedback is stored under the account's own name and email. */}
      <p id="feedback-from-account" className="text-sm text-stone-700">
        Your feedback is sent from your account, with this username and email.
      </p>
      <ReadOnlyField id="feedback-username" label="Username" value={user.username} />
      <ReadOnlyField id="feedback-email" label="Email" value={user.email} />
      <TextAreaField field={fields.feedback} label="Feedback" />
      <SubmitButton intent="feedback" label="Send Feedback" pendingLabel="Sending…" />
    </SectionForm>
  );
}
