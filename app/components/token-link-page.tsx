import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormAlert } from "~/components/form-status";

/** What the page says when its link no longer works, and where it leads instead. */
type Spent = { message: string; help: string; to: string; label: string };

/**
 * The frame of a page a mailed link opens (a sign-in link, a new email's confirmation): GET only shows
 * what the link would do and a button that posts it, since mail scanners open links and opening one must
 * not use it up. A spent link shows why, and the way on, instead of the form.
 */
export function TokenLinkPage({
  title,
  spent,
  refusal,
  children,
}: {
  title: string;
  spent: Spent | null;
  /** Why the last press did nothing while the link still works (a rate limit). */
  refusal: string | null;
  /** The form's words, fields and button. */
  children: ReactNode;
}) {
  return (
    <div className="page max-w-lg">
      <div className="card p-6 sm:p-8">
        <h1 className="page-title mb-6">{title}</h1>
        {spent ? (
          <div className="space-y-4">
            <FormAlert messages={[spent.message]} />
            <p className="text-stone-700">{spent.help}</p>
            <Link to={spent.to} className="btn-primary">
              {spent.label}
            </Link>
          </div>
        ) : (
          <Form method="post" className="space-y-4">
            <FormAlert messages={refusal ? [refusal] : null} />
            {children}
          </Form>
        )}
      </div>
    </div>
  );
}
