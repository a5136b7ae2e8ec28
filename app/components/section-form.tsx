import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { actionToSummary, ErrorSummary, type ErrorSummaryData } from "~/components/error-summary";

/**
 * A form of a signed-in page's section (My Profile, My walks): it posts to `page` so that a refusal
 * answered without JavaScript lands on its error summary, a level-3 heading under the section's own;
 * `intent` tells the page's action which of its forms this is.
 */
export function SectionForm({
  page,
  form,
  summary,
  intent,
  labelledBy,
  className = "mt-4 space-y-4",
  children,
}: {
  page: string;
  form: ReturnType<typeof getFormProps>;
  summary: ErrorSummaryData;
  intent?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={actionToSummary(page, summary)}
      {...form}
      aria-labelledby={labelledBy}
      className={className}
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <ErrorSummary summary={summary} level={3} />
      {children}
    </Form>
  );
}
