import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { DemographicFields } from "~/components/demographic-fields";
import { TextField } from "~/components/form-fields";
import { SubmitButton } from "~/components/form-status";
import { NewPasswordFields, PasswordField } from "~/components/password-field";
import { SectionForm } from "~/components/section-form";
import { useSchemaForm } from "~/components/use-schema-form";
import { deleteProfileSchema, profileUpdateSchema } from "~/schemas/user-forms";

// The My Profile page's account: what it holds, its update form and the form that deletes it.

export const MY_PROFILE_PAGE = "/userControlPanel";
const PAGE = MY_PROFILE_PAGE;

/** What the page shows of the account. */
export type ProfileView = {
  username: string;
  email: string;
  gender: string | null;
  age: number | null;
  ethnicity: string | null;
  community: string | null;
};

export function ProfileInfo({ user }: { user: ProfileView }) {
  const rows: [string, string | number | null][] = [
    ["Username", user.username],
    ["Email", user.email],
    ["Gender", user.gender],
    ["Age", user.age],
    ["Ethnicity", user.ethnicity],
    ["Community", user.community],
  ];
  return (
    <dl className="mt-4 divide-y divide-stone-200" aria-label="Your information">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-2 py-2">
          <dt className="font-medium text-stone-700">{label}</dt>
          <dd className="min-w-0 text-stone-900 [overflow-wrap:anywhere]" data-field={label.toLowerCase()}>
            {value ?? <span className="text-stone-600">Not provided</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function UpdateProfileForm({
  user,
  lastResult,
}: {
  user: ProfileView;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields, summary] = useSchemaForm("update-profile-form", profileUpdateSchema, lastResult, {
    username: user.username,
    email: user.email,
    gender: user.gender ?? undefined,
    age: user.age ?? undefined,
    ethnicity: user.ethnicity ?? undefined,
    community: user.community ?? undefined,
  });
  return (
    <SectionForm page={PAGE} form={getFormProps(form)} summary={summary} intent="update" labelledBy="update-heading">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.username} label="Username" autoComplete="username" />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <DemographicFields fields={fields} />
        <NewPasswordFields fields={fields} label="New Password" clearOn={lastResult} />
        <PasswordField
          field={fields.currentPassword}
          label="Current Password"
          autoComplete="current-password"
          clearOn={lastResult}
          description="Needed to change your email or password, unless you signed in within the last 10 minutes."
        />
      </div>
      <SubmitButton intent="update" label="Update Profile" pendingLabel="Saving…" />
    </SectionForm>
  );
}

export function DeleteProfileForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields, summary] = useSchemaForm("delete-profile-form", deleteProfileSchema, lastResult);
  return (
    <SectionForm page={PAGE} form={getFormProps(form)} summary={summary} intent="delete">
      <PasswordField
        field={fields.currentPassword}
        label="Current Password"
        autoComplete="current-password"
        clearOn={lastResult}
      />
      <button type="submit" className="btn-danger">
        Yes, delete my profile
      </button>
    </SectionForm>
  );
}
