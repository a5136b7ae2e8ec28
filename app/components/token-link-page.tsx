import { Form, Link, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormAlert } from "~/components/form-status";

/** What the page says when its link no longer works, and where it leads instead. */
type Spent = { message: string; help: string; to: string; label: string };

/**
 * The frame of a page a mailed link opens (a sign-in link, a new email's confirmation): GET only shows
 * what the link would do and a button that posts it, since mail scanners open links and opening one must
 * not use it up. A spent link shows why, and the way on, instead of the form.
 */
export function TokenLinkPage<T>({
  title,
  link,
  spent,
  children,
}: {
  title: string;
  /** What the link would do, from the loader; null when it no longer works. */
  link: T | null;
  spent: Spent;
  /** The form's words, fields and button, for a link that works. */
  children: (link: T) => ReactNode;
}) {
  // The action's refusal: a spent link (`invalid`), or a press that did nothing while it works (a rate limit).
  const refused = useActionData<{ message: string; invalid: boolean }>();
  return (
    <div className="page max-w-lg">
      <div className="card p-6 sm:p-8">
        <h1 className="page-title mb-6">{title}</h1>
        {link === null || refused?.invalid ? (
          <div className="space-y-4">
            <FormAlert messages={[refused?.invalid ? refused.message : spent.message]} />
            <p className="text-stone-700">{spent.help}</p>
            <Link to={spent.to} className="btn-primary">
              {spent.label}
            </Link>
          </div>
        ) : (
          <Form method="post" className="space-y-4">
            <FormAlert messages={refused ? [refused.message] : null} />
            {children(link)}
          </Form>
        )}
      </div>
    </div>
  );
}
