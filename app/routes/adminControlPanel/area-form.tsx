import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { ErrorSummary, type ErrorSummaryData } from "~/components/error-summary";
import { SummaryForm } from "~/components/summary-form";
import { AnchoredMessage } from "~/components/toast-message";

/**
 * A form of an admin area that changes data (a `SummaryForm` posting to the area's URL), named by its
 * heading, with its error summary under the heading.
 */
export function AreaForm<Fields extends Record<string, unknown>>({
  form,
  summary,
  action,
  heading,
  level,
  className,
  hideHeading = false,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  summary: ErrorSummaryData;
  action: string;
  heading: string;
  level: 3 | 4;
  className: string;
  /** When something else in view names the form (a disclosure's summary): the heading is for assistive technology only. */
  hideHeading?: boolean;
  children: ReactNode;
}) {
  const Heading = level === 3 ? "h3" : "h4";
  const headingId = `${form.id}-heading`;
  return (
    <SummaryForm form={form} summary={summary} action={action} className={className} aria-labelledby={headingId}>
      <Heading
        id={headingId}
        className={hideHeading ? "sr-only" : `mb-3 font-semibold ${level === 3 ? "text-xl" : "text-lg"}`}
      >
        {heading}
      </Heading>
      <ErrorSummary summary={summary} level={level === 3 ? 4 : 5} className="mb-4" />
      {children}
    </SummaryForm>
  );
}

/** An area form's main button, sending its intent, and under it the message its result lands on. */
export function SubmitWithMessage({ intent, label, anchor }: { intent: string; label: string; anchor: string }) {
  return (
    <>
      <button type="submit" name="intent" value={intent} className="btn-primary mt-4">
        {label}
      </button>
      <AnchoredMessage anchor={anchor} />
    </>
  );
}
