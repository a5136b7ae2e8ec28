import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useMemo } from "react";
import { actionToSummary, ErrorSummary } from "~/components/error-summary";
import { FormAlert } from "~/components/form-status";
import { TextField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { AnchoredMessage, useFlashAnchor } from "~/components/toast-message";
import { TrailMap } from "~/components/trail-map";
import {
  LIGHTING_LABELS,
  LIGHTING_LEVELS,
  NOT_RECORDED,
  SHADE_LEVELS,
  SURFACE_LABELS,
  SURFACES,
  TRAIL_SHADE_LABELS,
} from "~/lib/facts";
import { adminAreaUrl } from "~/lib/navigation";
import { trailFactsFormSchema } from "~/schemas/facts";
import { coordinateSchema } from "~/schemas/trail";
import { anchors, formErrorsOf, replyTo, type AreaProps, type AreaReply } from "./area";
import { AreaForm, SubmitWithMessage } from "./area-form";
import { BothVersions, typedOverStale, typedText } from "./both-versions";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { FactSelectField } from "./fact-fields";
import { AreaChooser } from "./search";
import type { loadTrailArea } from "./trail.server";
import { TrailPathUpload } from "./trail-path-upload";
import { ResponsiveTable } from "~/components/data-table";

type TrailData = Awaited<ReturnType<typeof loadTrailArea>>;
type Trail = NonNullable<TrailData["trail"]>;

/** The hidden fields of every form that edits the trail: which trail, and the version shown. */
function TrailFields({ trail }: { trail: Trail }) {
  return (
    <>
      <input type="hidden" name="trailId" value={trail.id} />
      <input type="hidden" name="version" value={trail.version} />
    </>
  );
}

/** The reply to the row at `index` (Save or Insert Below), if the last submission came from it. */
/** The id of point `number`'s row (1-based, as shown): where its messages stand and its page lands. */
function coordinateAnchor(number: number) {
  return `point-${number}`;
}

function rowReply(reply: AreaReply | undefined, index: number) {
  const result = replyTo(reply, "save-coordinate", "insert-below");
  return result?.initialValue?.index === String(index) ? result : undefined;
}

/** A row's refusal whose row is gone (the point vanished meanwhile): it has no row to stand in. */
function orphanReply(reply: AreaReply | undefined, length: number) {
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
function CoordinateRow({
  trail,
  index,
  here,
  lastResult,
}: {
  trail: Trail;
  index: number;
  here: string;
  lastResult?: SubmissionResult<string[]>;
}) {
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

function InsertAtEnd({
  trail,
  here,
  lastResult,
}: {
  trail: Trail;
  here: string;
  lastResult?: SubmissionResult<string[]>;
}) {
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
        <TextField
          field={fields.latitude}
          label="Latitude"
          inputProps={{ inputMode: "decimal", placeholder: "e.g. 33.9812" }}
        />
        <TextField
          field={fields.longitude}
          label="Longitude"
          inputProps={{ inputMode: "decimal", placeholder: "e.g. -84.0051" }}
        />
      </div>
      <button type="submit" name="intent" value="insert-end" className="btn-primary mt-4">
        Insert at End
      </button>
    </AreaForm>
  );
}

/**
 * The facts on the trail's public page, in one plain form; blank (or "Not recorded") until someone has
 * looked. Closed until opened (it is long on a phone, and coordinates are the area's daily work), and open
 * when it holds the answer to its last submission.
 */
function TrailFactsForm({
  trail,
  here,
  lastResult,
}: {
  trail: Trail;
  here: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { facts } = trail;
  const [form, fields, summary] = useSchemaForm(anchors.trailFacts, trailFactsFormSchema, lastResult, {
    surface: facts.surface ?? "",
    steps: facts.steps === null ? "" : String(facts.steps),
    stepsLocation: facts.stepsLocation ?? "",
    steepestGradePercent: facts.steepestGradePercent === null ? "" : String(facts.steepestGradePercent),
    shade: facts.shade ?? "",
    lighting: facts.lighting ?? "",
    restrooms: facts.restrooms ?? "",
    water: facts.water ?? "",
  });
  // Saved by someone else since this form was opened: both versions, field by field.
  const typed = typedOverStale(lastResult, trail.version);
  const label = <Value extends string>(labels: Record<Value, string>, value: string) =>
    value in labels ? labels[value as Value] : NOT_RECORDED;
  const text = (value: string, unit = "") => (value ? `${value}${unit}` : NOT_RECORDED);
  const place = (value: string) => value || "None nearby";
  const answered = useFlashAnchor() === anchors.trailFacts || lastResult !== undefined;
  return (
    <details open={answered} className="card group mb-6">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 py-2 text-lg font-semibold">
        <span aria-hidden="true" className="transition-transform group-open:rotate-90">
          ▸
        </span>
        Facts shown on the trail&apos;s page
      </summary>
      <AreaForm
        form={form}
        summary={summary}
        action={here}
        heading="Facts shown on the trail's page"
        hideHeading
        level={4}
        className="scroll-mt-4 px-4 pb-4"
      >
        <input type="hidden" name="trailId" value={trail.id} />
        {/* The facts above are the same in every version since (the form is new when they change), so any later version will do. */}
        <input type="hidden" name="version" value={trail.version} />
        {typed ? (
          <BothVersions
            id={`${anchors.trailFacts}-versions`}
            rows={[
              {
                label: "Surface",
                yours: label(SURFACE_LABELS, typedText(typed, "surface")),
                saved: label(SURFACE_LABELS, facts.surface ?? ""),
              },
              {
                label: "Steps",
                yours: text(typedText(typed, "steps")),
                saved: text(facts.steps === null ? "" : String(facts.steps)),
              },
              {
                label: "Where the steps are",
                yours: typedText(typed, "stepsLocation"),
                saved: facts.stepsLocation ?? "",
              },
              {
                label: "Steepest grade",
                yours: text(typedText(typed, "steepestGradePercent"), " %"),
                saved: text(facts.steepestGradePercent === null ? "" : String(facts.steepestGradePercent), " %"),
              },
              {
                label: "Shade",
                yours: label(TRAIL_SHADE_LABELS, typedText(typed, "shade")),
                saved: label(TRAIL_SHADE_LABELS, facts.shade ?? ""),
              },
              {
                label: "Lighting",
                yours: label(LIGHTING_LABELS, typedText(typed, "lighting")),
                saved: label(LIGHTING_LABELS, facts.lighting ?? ""),
              },
              { label: "Restrooms", yours: place(typedText(typed, "restrooms")), saved: place(facts.restrooms ?? "") },
              { label: "Water", yours: place(typedText(typed, "water")), saved: place(facts.water ?? "") },
            ]}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FactSelectField
            field={fields.surface}
            label="Surface"
            options={SURFACES.map((surface) => ({ value: surface, label: SURFACE_LABELS[surface] }))}
          />
          <TextField
            field={fields.steps}
            label="Steps (0 when step-free)"
            inputProps={{ inputMode: "numeric", placeholder: "e.g. 0" }}
          />
          <TextField
            field={fields.stepsLocation}
            label="Where the steps are"
            inputProps={{ placeholder: "e.g. at the parking deck stairwell" }}
          />
          <TextField
            field={fields.steepestGradePercent}
            label="Steepest grade in percent"
            inputProps={{ inputMode: "decimal", placeholder: "e.g. 5" }}
          />
          <FactSelectField
            field={fields.shade}
            label="Shade"
            options={SHADE_LEVELS.map((level) => ({ value: level, label: TRAIL_SHADE_LABELS[level] }))}
          />
          <FactSelectField
            field={fields.lighting}
            label="Lighting"
            options={LIGHTING_LEVELS.map((level) => ({ value: level, label: LIGHTING_LABELS[level] }))}
          />
          <TextField field={fields.restrooms} label="Where the nearest restrooms are (blank: none nearby)" />
          <TextField field={fields.water} label="Where drinking water is (blank: none nearby)" />
        </div>
        <SubmitWithMessage intent="save-facts" label="Save facts" anchor={anchors.trailFacts} />
      </AreaForm>
    </details>
  );
}

/** The links between the pages of the coordinate table: GET links (they work without JavaScript), one per page. */
function CoordinatePages({ trail, points }: { trail: Trail; points: TrailData["points"] }) {
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

export function TrailArea({ data, reply }: AreaProps<TrailData>) {
  const trail = data.trail;
  const { points } = data;
  // The same page of coordinates after a confirmation or a refusal.
  const here = adminAreaUrl("trail", { trail: trail?.id, page: points.page > 1 ? String(points.page) : null });
  const mapTrails = useMemo(() => (trail ? [trail] : []), [trail]);
  // Three trails or thirty, one picker is enough: it names them all.
  const chooser = (
    <div className="mb-6">
      <AreaChooser
        option="trail"
        name="trail"
        label="Trail"
        value={trail?.id ?? null}
        choices={data.options.map((option) => ({ value: option.id, label: option.name }))}
        placeholder="No trails yet"
        buttonLabel="Show trail"
      />
    </div>
  );
  if (!trail) {
    return (
      <>
        {chooser}
        <p className="text-stone-700">There are no trails yet.</p>
      </>
    );
  }
  const confirming = data.confirm ? trail.coordinates[data.confirm.index] : null;
  const shownIndexes = Array.from({ length: points.end - points.first }, (_, at) => points.first + at);
  return (
    <div>
      {chooser}
      {/* First in the page: without JavaScript the confirmation step is shown in the flow, where the admin looks. */}
      <ConfirmDialog
        id="trail-confirm-dialog"
        title="Delete coordinate"
        prompt={`Are you sure you want to delete coordinate #${(data.confirm?.index ?? 0) + 1}?`}
        open={data.confirm !== null}
        closeTo={here}
        action={here}
        intent="delete-coordinate"
        fields={{ trailId: trail.id, version: trail.version, index: data.confirm?.index ?? 0 }}
        confirmLabel="Delete"
      >
        {confirming ? (
          <p className="mt-2 text-stone-700">{`Latitude ${confirming[1]}, longitude ${confirming[0]}`}</p>
        ) : null}
      </ConfirmDialog>
      <h3 className="mb-3 text-xl font-semibold">{trail.name}</h3>
      <TrailFactsForm
        key={JSON.stringify({ id: trail.id, ...trail.facts })}
        trail={trail}
        here={here}
        lastResult={replyTo(reply, "save-facts")}
      />
      <div className="mb-6 overflow-hidden rounded-lg border border-stone-300">
        <TrailMap
          trails={mapTrails}
          benches={[]}
          showBenches={false}
          label={`Map of the ${trail.name}`}
          tiles={data.tiles}
        />
      </div>
      <TrailPathUpload key={trail.id} trail={trail} />

      {/* A refusal that concerns a row as a whole (a stale edit, a vanished point) shows above the table. */}
      <FormAlert
        messages={formErrorsOf(replyTo(reply, "delete-coordinate", "") ?? orphanReply(reply, trail.coordinates.length))}
      />

      {/* Below md each point is a card: headers hide, every field names itself, the actions wrap. */}
      <div id={anchors.trailPoints} className="scroll-mt-4 md:overflow-x-auto">
        <ResponsiveTable
          caption={
            <>
              Coordinates of the {trail.name} in path order (
              {points.pages > 1
                ? `points ${points.first + 1}–${points.end} of ${trail.coordinates.length}`
                : `${trail.coordinates.length} points`}
              )
            </>
          }
          captionClassName="mb-2 block text-left text-stone-700 md:table-caption"
          columns={["#", "Latitude", "Longitude", "Actions"]}
          cell="px-2 py-2"
          tableClassName="border-collapse"
          headRowClassName="border-b border-stone-300"
        >
          {shownIndexes.map((index) => (
            <CoordinateRow
              key={`${trail.version}-${index}`}
              trail={trail}
              index={index}
              here={here}
              lastResult={rowReply(reply, index)}
            />
          ))}
        </ResponsiveTable>
      </div>
      <CoordinatePages trail={trail} points={points} />
      <p className="mt-2 text-sm text-stone-700">
        Insert Below adds the values in that row's fields as a new point after it; the row itself keeps its saved
        values.
      </p>
      <InsertAtEnd key={trail.version} trail={trail} here={here} lastResult={replyTo(reply, "insert-end")} />
    </div>
  );
}
