import { Form, Link, useSubmit } from "@remix-run/react";
import { useMemo } from "react";
import type { TrailActionData, TrailAreaData } from "~/routes/adminControlPanel/trail.server";
import { adminAreaUrl } from "~/lib/navigation";
import { SearchError, searchErrorProps } from "~/routes/adminControlPanel/search";
import { ConfirmDeleteDialog } from "~/routes/adminControlPanel/confirm-dialog";
import { FormAlert } from "~/components/form-fields";
import { TrailMap } from "~/components/trail-map";

function isTrailActionData(value: unknown): value is TrailActionData {
  return typeof value === "object" && value !== null && (value as { area?: unknown }).area === "trail";
}

function TrailChooser({ data }: { data: TrailAreaData }) {
  const submit = useSubmit();
  return (
    <div className="mb-6 flex flex-wrap items-end gap-4">
      <Form method="get" className="flex items-end gap-2" role="search" aria-label="Filter trails">
        <input type="hidden" name="option" value="trail" />
        <div>
          <label htmlFor="trail-filter" className="field-label">
            Filter trails by name
          </label>
          <input
            id="trail-filter"
            name="filter"
            defaultValue={data.filter}
            className="field-input"
            {...searchErrorProps("trail-filter", data.searchError)}
          />
          <SearchError inputId="trail-filter" error={data.searchError} />
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      <Form method="get" className="flex items-end gap-2">
        <input type="hidden" name="option" value="trail" />
        {data.filter ? <input type="hidden" name="filter" value={data.filter} /> : null}
        <div>
          <label htmlFor="trail-select" className="field-label">
            Trail
          </label>
          <select
            id="trail-select"
            name="trail"
            key={data.trail?.id ?? "none"}
            defaultValue={data.trail?.id ?? ""}
            className="field-input"
            onChange={(event) => submit(event.currentTarget.form)}
          >
            {data.options.length === 0 ? <option value="">No trails match</option> : null}
            {data.options.map((trail) => (
              <option key={trail.id} value={trail.id}>
                {trail.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Show trail
        </button>
      </Form>
    </div>
  );
}

function CoordinateInput({
  form,
  name,
  label,
  defaultValue,
  errors,
}: {
  form: string;
  name: "latitude" | "longitude";
  label: string;
  defaultValue: string;
  errors?: string[];
}) {
  const errorId = `${form}-${name}-error`;
  return (
    <>
      <input
        form={form}
        name={name}
        inputMode="decimal"
        aria-label={label}
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className="field-input min-w-32 font-mono"
      />
      {errors?.length ? (
        <p id={errorId} className="field-error">
          {errors[0]}
        </p>
      ) : null}
    </>
  );
}

export function TrailArea({ data, actionData }: { data: TrailAreaData; actionData?: unknown }) {
  const result = isTrailActionData(actionData) ? actionData : null;
  const trail = data.trail;
  const here = adminAreaUrl("trail", { trail: trail?.id, filter: data.filter });
  const mapTrails = useMemo(() => (trail ? [trail] : []), [trail]);
  if (!trail) {
    return (
      <>
        <TrailChooser data={data} />
        <p className="text-stone-700">No results found</p>
      </>
    );
  }
  const hidden = { trailId: trail.id, filter: data.filter, version: String(trail.version) };
  const hiddenInputs = Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  const rowResult = (index: number) => (result && result.index === index && result.intent !== "insert-end" ? result : null);
  const endResult = result?.intent === "insert-end" ? result : null;
  // Row field errors show beside their inputs; anything else about a row (a stale edit) above the table.
  const tableError =
    result && result.intent !== "insert-end" && !result.fieldErrors.latitude && !result.fieldErrors.longitude ? result.formError : null;

  return (
    <div>
      <TrailChooser data={data} />
      {/* First in the page: without JavaScript the confirmation step is shown in the flow, where the admin looks. */}
      <ConfirmDeleteDialog
        id="confirm-delete-coordinate"
        title="Delete coordinate"
        prompt={`Are you sure you want to delete coordinate #${(data.confirmDelete?.index ?? 0) + 1}?`}
        details={
          data.confirmDelete
            ? `Latitude ${trail.coordinates[data.confirmDelete.index][1]}, longitude ${trail.coordinates[data.confirmDelete.index][0]}`
            : undefined
        }
        open={data.confirmDelete !== null}
        closeTo={here}
        action={here}
        fields={{ ...hidden, index: data.confirmDelete?.index ?? 0 }}
        intent="delete-coordinate"
      />
      <h3 className="mb-3 text-xl font-semibold">{trail.name}</h3>
      <div className="mb-6 overflow-hidden rounded-lg border border-stone-300">
        <TrailMap trails={mapTrails} benches={[]} showBenches={false} label={`Map of the ${trail.name}`} tiles={data.tiles} />
      </div>

      <FormAlert messages={tableError ? [tableError] : null} />

      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <caption className="mb-2 text-left text-stone-700">
            Coordinates of the {trail.name} in path order ({trail.coordinates.length} points)
          </caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="px-2 py-2">
                #
              </th>
              <th scope="col" className="px-2 py-2">
                Latitude
              </th>
              <th scope="col" className="px-2 py-2">
                Longitude
              </th>
              <th scope="col" className="px-2 py-2">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {trail.coordinates.map(([longitude, latitude], index) => {
              const formId = `coordinate-${index}`;
              const row = rowResult(index);
              const number = index + 1;
              return (
                <tr key={`${trail.version}-${index}`} className="border-b border-stone-200 align-top">
                  <th scope="row" className="px-2 py-2 font-mono">
                    {number}
                  </th>
                  {(["latitude", "longitude"] as const).map((name) => (
                    <td key={name} className="px-2 py-2">
                      <CoordinateInput
                        form={formId}
                        name={name}
                        label={`${name === "latitude" ? "Latitude" : "Longitude"} of coordinate #${number}`}
                        defaultValue={row ? row.values[name] : String(name === "latitude" ? latitude : longitude)}
                        errors={row?.fieldErrors[name]}
                      />
                    </td>
                  ))}
                  <td className="px-2 py-2">
                    <Form id={formId} method="post" action={here} preventScrollReset noValidate className="flex flex-wrap gap-2">
                      {hiddenInputs}
                      <input type="hidden" name="index" value={index} />
                      <button type="submit" name="intent" value="save-coordinate" className="btn-primary" aria-label={`Save coordinate #${number}`}>
                        Save
                      </button>
                      <button type="submit" name="intent" value="insert-below" className="btn-secondary" aria-label={`Insert below coordinate #${number}`}>
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
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm text-stone-700">
        Insert Below adds the values in that row's fields as a new point after it; the row itself keeps its saved values.
      </p>

      <Form method="post" action={here} preventScrollReset noValidate className="card mt-6 p-4" aria-labelledby="insert-end-heading">
        <h4 id="insert-end-heading" className="mb-3 text-lg font-semibold">
          Insert at End
        </h4>
        {hiddenInputs}
        <input type="hidden" name="index" value={trail.coordinates.length} />
        <FormAlert messages={endResult?.formError ? [endResult.formError] : null} />
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {(["latitude", "longitude"] as const).map((name) => (
            <div key={`${trail.version}-${name}`}>
              <label htmlFor={`insert-end-${name}`} className="field-label">
                {name === "latitude" ? "Latitude" : "Longitude"}
              </label>
              <input
                id={`insert-end-${name}`}
                name={name}
                inputMode="decimal"
                defaultValue={endResult?.values[name] ?? ""}
                placeholder={name === "latitude" ? "e.g. 33.9812" : "e.g. -84.0051"}
                aria-invalid={endResult?.fieldErrors[name] ? true : undefined}
                aria-describedby={endResult?.fieldErrors[name] ? `insert-end-${name}-error` : undefined}
                className="field-input font-mono"
              />
              {endResult?.fieldErrors[name] ? (
                <p id={`insert-end-${name}-error`} className="field-error">
                  {endResult.fieldErrors[name][0]}
                </p>
              ) : null}
            </div>
          ))}
        </div>
        <button type="submit" name="intent" value="insert-end" className="btn-primary mt-4">
          Insert at End
        </button>
      </Form>

    </div>
  );
}
