import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, type FormProps } from "@remix-run/react";
import { actionToSummary, type ErrorSummaryData } from "~/components/error-summary";

/**
 * A Conform form that changes data: it posts to `action` with its error summary's id as the fragment, so
 * without JavaScript a refused page lands on the summary and focuses it, and it keeps the scroll position.
 */
export function SummaryForm<Fields extends Record<string, unknown>>({
  form,
  summary,
  action,
  ...props
}: Omit<FormProps, "method" | "action"> & {
  form: FormMetadata<Fields, string[]>;
  summary: ErrorSummaryData;
  action: string;
}) {
  return (
    <Form
      method="post"
      action={actionToSummary(action, summary)}
      preventScrollReset
      {...getFormProps(form)}
      {...props}
    />
  );
}
