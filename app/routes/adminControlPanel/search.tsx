import { Form, Link, useSubmit } from "@remix-run/react";
import { FieldErrors } from "~/components/form-fields";
import type { ChangeEvent, ReactNode } from "react";
import { adminAreaUrl, adminOptionLabels, type AdminOption } from "~/lib/navigation";

/**
 * The GET search form of every admin area. A search box is a required field, so a search needs text;
 * the list without one shows everything, and Clear goes back to it. A refused search (invisible
 * characters, too long) shows its reason under the box, tied to it for assistive technology too.
 */
export function AdminSearch({
  option,
  value,
  label,
  error,
  param = "q",
  required = true,
  buttonLabel = "Search",
}: {
  option: AdminOption;
  value: string;
  label: string;
  error?: string | null;
  /** The query parameter the area reads. */
  param?: "q" | "filter";
  required?: boolean;
  buttonLabel?: string;
}) {
  const inputId = `${option}-search`;
  const errorId = `${inputId}-error`;
  return (
    <ListQueryForm
      option={option}
      label={`Search ${adminOptionLabels[option]}`}
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <div className="min-w-0 flex-1 sm:max-w-md">
        <label htmlFor={inputId} className="field-label">
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          name={param}
          defaultValue={value}
          required={required}
          className="field-input"
          key={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldErrors id={errorId} errors={error ? [error] : undefined} />
      </div>
      <button type="submit" className="btn-primary">
        {buttonLabel}
      </button>
      {value || error ? (
        <Link to={adminAreaUrl(option)} className="btn-secondary">
          Clear
        </Link>
      ) : null}
    </ListQueryForm>
  );
}

/**
 * The GET form that says what an area's list shows (a search, filters): the URL is the list's state, so a
 * link or a reload shows the same rows, and it works without JavaScript. `keep` carries other parameters.
 */
export function ListQueryForm({
  option,
  label,
  className,
  keep = {},
  children,
}: {
  option: AdminOption;
  label: string;
  className: string;
  keep?: Record<string, string | null>;
  children: ReactNode;
}) {
  return (
    <Form method="get" action="/adminControlPanel" role="search" aria-label={label} className={className}>
      <input type="hidden" name="option" value={option} />
      <PlaceFields place={keep} />
      {children}
    </Form>
  );
}

/**
 * A labelled select of a GET form, showing the value of the page it is on: it is remounted when that
 * changes. `first` is an option above the choices (e.g. "All statuses").
 */
export function LabelledSelect({
  id,
  name,
  label,
  value,
  options,
  first,
  className = "min-w-0",
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string | null;
  options: readonly { value: string; label: string }[];
  first?: ReactNode;
  className?: string;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        key={value ?? ""}
        defaultValue={value ?? ""}
        className="field-input"
        onChange={onChange}
      >
        {first}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A status line for screen readers and sighted users alike: how many rows match (counted in SQL, up to
 * `LIST_COUNT_CAP`; `more` when there are more than that) and, when the list has several pages, how many
 * this page shows.
 */
export function ResultCount({
  count,
  more = false,
  shown = count,
  paged = false,
  q,
  noun,
}: {
  count: number;
  more?: boolean;
  shown?: number;
  paged?: boolean;
  q: string;
  noun: [string, string];
}) {
  const what = count === 1 && !more ? noun[0] : noun[1];
  const total = `${more ? "More than " : ""}${count.toLocaleString("en-US")} ${what}${q ? ` matching “${q}”` : ""}`;
  return (
    <p className="mb-2 text-sm text-stone-700 [overflow-wrap:anywhere]" aria-live="polite">
      {paged ? `${total}; ${shown.toLocaleString("en-US")} on this page` : total}
    </p>
  );
}

/** The hidden fields that carry a list's place (search, page, page size) through a GET form. */
export function PlaceFields({ place }: { place: Record<string, string | null> }) {
  return (
    <>
      {Object.entries(place).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
    </>
  );
}

/**
 * The links between a list's pages: GET links (they work without JavaScript, and the URL is the page),
 * Newest back to the first page and Older to the page after this one, when there are such pages.
 */
export function ListPages({
  pages,
  label,
  newestLabel,
  olderLabel,
}: {
  pages: { older: string | null; newest: string | null };
  label: string;
  newestLabel: string;
  olderLabel: string;
}) {
  if (!pages.older && !pages.newest) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap gap-3">
      {pages.newest ? (
        <Link to={pages.newest} className="btn-secondary">
          {newestLabel}
        </Link>
      ) : null}
      {pages.older ? (
        <Link to={pages.older} className="btn-secondary">
          {olderLabel}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The GET form that picks the item an area edits (a trail, a bench). With JavaScript a choice shows at
 * once; without it, the button does.
 */
export function AreaChooser({
  option,
  name,
  label,
  value,
  choices,
  placeholder,
  keep = {},
  buttonLabel,
}: {
  option: AdminOption;
  name: string;
  label: string;
  value: string | null;
  choices: { value: string; label: string }[];
  /** An unselectable first line while nothing is chosen, or the only one when there is nothing to choose. */
  placeholder: string;
  /** Other parameters of the area's URL to carry along, e.g. its filter. */
  keep?: Record<string, string>;
  buttonLabel: string;
}) {
  const submit = useSubmit();
  return (
    <Form method="get" action="/adminControlPanel" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="option" value={option} />
      <PlaceFields place={keep} />
      <LabelledSelect
        id={`${option}-select`}
        name={name}
        label={label}
        value={value}
        options={choices}
        first={
          value === null || choices.length === 0 ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null
        }
        className="min-w-64"
        onChange={(event) => submit(event.currentTarget.form)}
      />
      <button type="submit" className="btn-primary">
        {buttonLabel}
      </button>
    </Form>
  );
}
