import type { SubmissionResult } from "@conform-to/react";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { ErrorSummary } from "~/components/error-summary";
import { SelectField, TextAreaField } from "~/components/form-fields";
import { SubmitButton } from "~/components/form-status";
import { SummaryForm } from "~/components/summary-form";
import { useSchemaForm } from "~/components/use-schema-form";
import { AnchoredMessage } from "~/components/toast-message";
import { reportAnchors } from "~/lib/navigation";
import { useResetAfterSuccess } from "~/lib/use-reset-after-success";
import { REPORT_DESCRIPTION_MAX, reportCategories, reportCategoryLabels, reportFormSchema } from "~/schemas/report";

const categoryOptions = reportCategories.map((category) => ({
  value: category,
  label: reportCategoryLabels[category],
}));

/**
 * "Report a problem" on a trail's or a bench's page: a plain form for a signed-in person (it posts to the
 * page, which answers with a redirect back here and a message, or with the form's errors and what was
 * typed), and for a visitor a sign-in link that brings them back to it. The page stays public.
 */
export function ReportProblem({
  page,
  about,
  lastResult,
}: {
  page: string;
  about: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const signedIn = Boolean(useRouteLoaderData<{ user: unknown }>("root")?.user);
  const back = `${page}#${reportAnchors.form}`;
  return (
    <section
      id={reportAnchors.form}
      aria-labelledby="report-heading"
      className="card mt-6 scroll-mt-4 p-4 print:hidden"
    >
      <h2 id="report-heading" className="text-2xl font-semibold">
        Report a problem
      </h2>
      <p className="mt-1 text-stone-700">
        Something wrong {about}? A broken bench, a flooded path, a light out: tell the people who look after the trails.
      </p>
      <AnchoredMessage anchor={reportAnchors.form} />
      {signedIn ? (
        <>
          <ReportForm action={back} lastResult={lastResult} />
          <p className="mt-2">
            <Link to="/userControlPanel/reports" className="btn-link inline-flex min-h-11 items-center">
              My reports
            </Link>
          </p>
        </>
      ) : (
        <p className="mt-3">
          <Link
            to={`/authorization?${new URLSearchParams({ formType: "signin", redirectTo: back })}`}
            className="btn-secondary"
          >
            Sign in to report a problem
          </Link>
        </p>
      )}
    </section>
  );
}

function ReportForm({ action, lastResult }: { action: string; lastResult?: SubmissionResult<string[]> }) {
  // Reset after a report to its prompt: reset to no value at all, the browser would show it blank.
  const [form, fields, summary] = useSchemaForm("report-form", reportFormSchema, lastResult, { category: "" });
  useResetAfterSuccess(form.reset, "report", lastResult);
  return (
    // At the foot of the page: a refused report answered with a page (no JavaScript) lands on the form's
    // error summary; a sent one redirects to the section with its message.
    <SummaryForm
      form={form}
      summary={summary}
      action={action}
      aria-labelledby="report-heading"
      className="mt-4 space-y-4"
    >
      <input type="hidden" name="intent" value="report" />
      <ErrorSummary summary={summary} level={3} />
      <SelectField
        field={fields.category}
        label="What kind of problem?"
        placeholder="Choose a category"
        options={categoryOptions}
      />
      <TextAreaField
        field={fields.description}
        label={`Description (at most ${REPORT_DESCRIPTION_MAX.toLocaleString("en-US")} characters)`}
        rows={4}
      />
      <SubmitButton intent="report" label="Send report" pendingLabel="Sending…" />
    </SummaryForm>
  );
}
