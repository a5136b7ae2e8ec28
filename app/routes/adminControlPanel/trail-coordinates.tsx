import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { actionToSummary, ErrorSummary } from "~/components/error-summary";
import { LatLngFields } from "~/components/lat-lng-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { AnchoredMessage } from "~/components/toast-message";
import { adminAreaUrl } from "~/lib/navigation";
import { coordinateSchema } from "~/schemas/trail";
import { anchors, replyTo, type AreaReply } from "./area";
import { AreaForm } from "./area-form";
import type { Trail, TrailData } from "./trail";
import { TrailFields, type TrailFormProps } from "./trail-form";

// The Trail area's coordinate table: a row's Save, Insert Below and Delete, Insert at End, and its pages.

/** The id of point `number`'s row (1-based, as shown): where its messages stand and its page lands. */
function coordinateAnchor(number: number) {
  return `point-${number}`;
}

export function rowReply(reply: AreaReply | undefined, index: number) {
  const result = replyTo(reply, "save-coordinate", "insert-below");
  return result?.initialValue?.index === String(index) ? result : undefined;
}

/** A row's refusal whose row is gone (the point vanished meanwhile): it has no row to stand in. */
export function orphanReply(reply: AreaReply | undefined, length: number) {
  const result = replyTo(reply, "save-coordinate", "insert-below");
  return Number(result?.initialValue?.index) >= length ? result : undefined;
}

function CoordinateInput({ field, label, caption }: { field: FieldMetadata<unknown>; label: string; caption: string }) {
  const { key, ...props } = getInputProps(field, { type: "text" });
  return (
    <>
      {/* On a phone the column headers are hidden, so each card shows what its two fields are. */}
      <span aria-hidden="true" className="mb-1 block text-sm font-medium text-stone-800 md:hidden">
        {caption}
      </span>
      <input
        key={key}
        {...props}
        inputMode="decimal"
        aria-label={label}
        className="field-input w-full min-w-0 px-2 font-mono md:min-w-32 md:px-3"
      />
      {field.errors?.length ? (
        <p id={field.errorId} className="field-error">
          {field.errors[0]}
        </p>
      ) : null}
    </>
  );
}

/** One point: its values are inputs of the row's own form, which Save and Insert Below submit. */
export function CoordinateRow({ trail, index, here, lastResult }: TrailFormProps & { index: number }) {
  const [longitude, latitude] = trail.coordinates[index];
  const number = index + 1;
  const [form, fields, summary] = useSchemaForm(`coordinate-${index}`, coordinateSchema, lastResult, {
    latitude: String(latitude),
    longitude: String(longitude),
  });
  return (
    // On a phone a compact card: the number, both fields side by side, then the actions.
    <tr
      id={coordinateAnchor(number)}
      className="mb-3 grid scroll-mt-4 grid-cols-2 gap-x-2 rounded-lg border border-stone-200 p-3 align-top md:mb-0 md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:p-0"
    >
      <th scope="row" className="col-span-2 block pb-2 text-left font-mono md:table-cell md:px-2 md:py-2">
        <span className="md:hidden">Coordinate </span>#{number}
      </th>
      <td className="block min-w-0 pb-2 md:table-cell md:px-2 md:py-2">
        <CoordinateInput field={fields.latitude} label={`Latitude of coordinate #${number}`} caption="Latitude" />
      </td>
      <td className="block min-w-0 pb-2 md:table-cell md:px-2 md:py-2">
        <CoordinateInput field={fields.longitude} label={`Longitude of coordinate #${number}`} caption="Longitude" />
      </td>
      <td className="col-span-2 block md:table-cell md:px-2 md:py-2">
        {/* A refusal answered with a page (no JavaScript) lands on this row's error summary, focused. */}
        <Form
          method="post"
          action={actionToSummary(here, summary)}
          preventScrollReset
          {...getFormProps(form)}
          className="flex flex-wrap gap-2"
        >
          <TrailFields trail={trail} />
          <input type="hidden" name="index" value={index} />
          <button
            type="submit"
            name="intent"
            value="save-coordinate"
            className="btn-primary"
            aria-label={`Save coordinate #${number}`}
          >
            Save
          </button>
          <button
            type="submit"
            name="intent"
            value="insert-below"
            className="btn-secondary"
            aria-label={`Insert below coordinate #${number}`}
          >
            Insert Below
          </button>
          <Link
            to={`${here}&confirm=delete&index=${index}`}
            preventScrollReset
            className="btn-danger"
            aria-label={`Delete coordinate #${number}`}
            aria-haspopup="dialog"
          >
            Delete
          </Link>
        </Form>
        {/* This row's result stands here, beside the buttons that caused it, replacing the last one. A
            refusal is its error summary, which the form's fragment names. */}
        <ErrorSummary summary={summary} level={4} className="mt-2" />
        <AnchoredMessage anchor={coordinateAnchor(number)} />
      </td>
    </tr>
  );
}

export function InsertAtEnd({ trail, here, lastResult }: TrailFormProps) {
  const [form, fields, summary] = useSchemaForm("insert-end", coordinateSchema, lastResult);
  return (
    <AreaForm
      form={form}
      summary={summary}
      action={here}
      heading="Insert at End"
      level={4}
      className="card mt-6 scroll-mt-4 p-4"
    >
      <TrailFields trail={trail} />
      <input type="hidden" name="index" value={trail.coordinates.length} />
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <LatLngFields
          latitude={fields.latitude}
          longitude={fields.longitude}
          placeholders={["e.g. 33.9812", "e.g. -84.0051"]}
        />
      </div>
      <button type="submit" name="intent" value="insert-end" className="btn-primary mt-4">
        Insert at End
      </button>
    </AreaForm>
  );
}

/** The links between the pages of the coordinate table: GET links (they work without JavaScript), one per page. */
export function CoordinatePages({ trail, points }: { trail: Trail; points: TrailData["points"] }) {
  if (points.pages < 2) return null;
  const length = trail.coordinates.length;
  return (
    <nav aria-label="Pages of coordinates" className="mt-2 flex flex-wrap gap-2">
      {Array.from({ length: points.pages }, (_, at) => {
        const page = at + 1;
        const range = `${at * points.size + 1}–${Math.min(page * points.size, length)}`;
        const current = page === points.page;
        return (
          <Link
            key={page}
            to={`${adminAreaUrl("trail", { trail: trail.id, page: page > 1 ? String(page) : null })}#${anchors.trailPoints}`}
            aria-current={current ? "page" : undefined}
            className={current ? "btn-primary" : "btn-secondary"}
          >
            <span className="sr-only">Points </span>
            {range}
          </Link>
        );
      })}
    </nav>
  );
}
