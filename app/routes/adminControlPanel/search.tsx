import { Form, Link } from "@remix-run/react";
import { adminAreaUrl, adminOptionLabels, type AdminOption } from "~/lib/navigation";
import { FieldErrors } from "~/components/form-fields";

/** The props that tie a search box to the message of a refused search, for assistive technology too. */
export function searchErrorProps(inputId: string, error: string | null | undefined) {
  return error ? { "aria-invalid": true, "aria-describedby": `${inputId}-error` } : {};
}

/** Why a search was refused, under its box. */
export function SearchError({ inputId, error }: { inputId: string; error: string | null | undefined }) {
  return <FieldErrors id={`${inputId}-error`} errors={error ? [error] : undefined} />;
}

/**
 * The GET search form of an admin area (SPEC §5: the box is required, so a search needs text; the
 * list without a query shows everything, and Clear goes back to it).
 */
export function AdminSearch({
  option,
  q,
  label,
  placeholder,
  error,
}: {
  option: AdminOption;
  q: string;
  label: string;
  placeholder?: string;
  error?: string | null;
}) {
  const inputId = `${option}-search`;
  return (
    <Form method="get" action="/adminControlPanel" role="search" aria-label={`Search ${adminOptionLabels[option]}`} className="mb-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="option" value={option} />
      <div className="min-w-0 flex-1 sm:max-w-md">
        <label htmlFor={inputId} className="field-label">
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          defaultValue={q}
          required
          placeholder={placeholder}
          className="field-input"
          key={q}
          {...searchErrorProps(inputId, error)}
        />
        <SearchError inputId={inputId} error={error} />
      </div>
      <button type="submit" className="btn-primary">
        Search
      </button>
      {q || error ? (
        <Link to={adminAreaUrl(option)} className="btn-secondary">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

/** A status line for screen readers and sighted users alike: how many rows the table shows. */
export function ResultCount({ count, q, noun }: { count: number; q: string; noun: [string, string] }) {
  const what = count === 1 ? noun[0] : noun[1];
  return (
    <p className="mb-2 text-sm text-stone-700" aria-live="polite">
      {q ? `${count} ${what} matching “${q}”` : `${count} ${what}`}
    </p>
  );
}
