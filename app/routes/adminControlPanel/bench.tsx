import { Form, Link, useSubmit } from "@remix-run/react";
import type { BenchActionData, BenchAreaData, BenchIntent } from "~/routes/adminControlPanel/bench.server";
import { adminAreaUrl } from "~/lib/navigation";
import { ConfirmDeleteDialog } from "~/routes/adminControlPanel/confirm-dialog";
import { FormAlert } from "~/components/form-fields";

function isBenchActionData(value: unknown): value is BenchActionData {
  return typeof value === "object" && value !== null && (value as { area?: unknown }).area === "bench";
}

type FieldProps = {
  formId: string;
  name: string;
  label: string;
  defaultValue: string;
  errors?: string[];
  inputMode?: "decimal" | "numeric";
  type?: "text" | "url";
};

function Field({ formId, name, label, defaultValue, errors, inputMode, type = "text" }: FieldProps) {
  const id = `${formId}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className="field-input"
      />
      {errors?.length ? (
        <p id={`${id}-error`} className="field-error">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

type BenchValues = { bench_number: string; location: string; latitude: string; longitude: string; trailId: string };

/** Number, location, latitude, longitude and the optional trail: the same fields to create and to edit. */
function BenchFields({
  formId,
  values,
  errors,
  trails,
}: {
  formId: string;
  values: BenchValues;
  errors: Record<string, string[]>;
  trails: BenchAreaData["trails"];
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field formId={formId} name="bench_number" label="Bench number" inputMode="numeric" defaultValue={values.bench_number} errors={errors.bench_number} />
      <Field formId={formId} name="location" label="Location" defaultValue={values.location} errors={errors.location} />
      <Field formId={formId} name="latitude" label="Latitude" inputMode="decimal" defaultValue={values.latitude} errors={errors.latitude} />
      <Field formId={formId} name="longitude" label="Longitude" inputMode="decimal" defaultValue={values.longitude} errors={errors.longitude} />
      <div>
        <label htmlFor={`${formId}-trailId`} className="field-label">
          Trail (optional)
        </label>
        <select id={`${formId}-trailId`} name="trailId" defaultValue={values.trailId} className="field-input">
          <option value="">No trail</option>
          {trails.map((trail) => (
            <option key={trail.id} value={trail.id}>
              {trail.name}
            </option>
          ))}
        </select>
        {errors.trailId ? <p className="field-error">{errors.trailId[0]}</p> : null}
      </div>
    </div>
  );
}

function BenchChooser({ data }: { data: BenchAreaData }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="option" value="bench" />
      <div className="min-w-64">
        <label htmlFor="bench-select" className="field-label">
          Bench
        </label>
        <select
          id="bench-select"
          name="bench"
          key={data.bench?.id ?? "none"}
          defaultValue={data.bench?.id ?? ""}
          className="field-input"
          onChange={(event) => submit(event.currentTarget.form)}
        >
          <option value="" disabled>
            Select a bench
          </option>
          {data.benches.map((bench) => (
            <option key={bench.id} value={bench.id}>
              #{bench.benchNumber} – {bench.location}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary">
        Show bench
      </button>
    </Form>
  );
}

export function BenchArea({ data, actionData }: { data: BenchAreaData; actionData?: unknown }) {
  const result = isBenchActionData(actionData) ? actionData : null;
  const forIntent = (intent: BenchIntent) => (result?.intent === intent ? result : null);
  const created = forIntent("create-bench");
  const edited = forIntent("update-bench");
  const videoResult = forIntent("add-video");
  const otherError = result && ["delete-bench", "delete-video"].includes(result.intent ?? "") ? result.formError : null;
  const bench = data.bench;
  const here = adminAreaUrl("bench", { bench: bench?.id });
  const blank: BenchValues = { bench_number: "", location: "", latitude: "", longitude: "", trailId: "" };

  return (
    <div className="space-y-8">
      <FormAlert messages={otherError ? [otherError] : null} />
      {/* First in the page: without JavaScript the confirmation step is shown in the flow, where the admin looks. */}
      {bench ? (
        <>
          <ConfirmDeleteDialog
            id="confirm-delete-bench"
            title="Delete bench"
            prompt={`Are you sure you want to delete bench #${bench.benchNumber}?`}
            open={data.confirm?.kind === "bench"}
            closeTo={here}
            action={here}
            fields={{ benchId: bench.id }}
            intent="delete-bench"
          />
          <ConfirmDeleteDialog
            id="confirm-delete-video"
            title="Delete video"
            prompt="Are you sure you want to delete this video?"
            details={data.confirm?.kind === "video" ? data.confirm.video.title : undefined}
            open={data.confirm?.kind === "video"}
            closeTo={here}
            action={here}
            fields={{ benchId: bench.id, videoId: data.confirm?.kind === "video" ? data.confirm.video.id : "" }}
            intent="delete-video"
          />
        </>
      ) : null}
      <section aria-labelledby="bench-select-heading">
        <h3 id="bench-select-heading" className="mb-3 text-xl font-semibold">
          Select a bench
        </h3>
        {data.benches.length === 0 ? <p className="text-stone-700">No results found</p> : <BenchChooser data={data} />}
      </section>

      {bench ? (
        <>
          <Form method="post" action={here} noValidate preventScrollReset className="card p-4" aria-labelledby="edit-bench-heading">
            <h3 id="edit-bench-heading" className="mb-3 text-xl font-semibold">
              Edit bench #{bench.benchNumber}
            </h3>
            <input type="hidden" name="benchId" value={bench.id} />
            <FormAlert messages={edited?.formError && !Object.keys(edited.fieldErrors).length ? [edited.formError] : null} />
            <BenchFields
              key={`${bench.id}-${bench.benchNumber}-${bench.location}-${bench.latitude}-${bench.longitude}-${bench.trailId}`}
              formId="edit-bench"
              trails={data.trails}
              errors={edited?.fieldErrors ?? {}}
              values={
                edited
                  ? (edited.values as BenchValues)
                  : {
                      bench_number: String(bench.benchNumber),
                      location: bench.location,
                      latitude: String(bench.latitude),
                      longitude: String(bench.longitude),
                      trailId: bench.trailId ?? "",
                    }
              }
            />
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="update-bench" className="btn-primary">
                Update
              </button>
              <Link to={`${here}&confirm=delete-bench`} preventScrollReset aria-haspopup="dialog" className="btn-danger">
                Delete
              </Link>
            </div>
          </Form>

          <section aria-labelledby="bench-videos-heading" className="card p-4">
            <h3 id="bench-videos-heading" className="mb-3 text-xl font-semibold">
              Videos of bench #{bench.benchNumber}
            </h3>
            {bench.videos.length === 0 ? (
              <p className="text-stone-700">This bench has no videos yet.</p>
            ) : (
              <ul className="divide-y divide-stone-200">
                {bench.videos.map((video) => (
                  <li key={video.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                    <span>
                      <a href={video.url} target="_blank" rel="noreferrer" className="btn-link">
                        {video.title}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                      <span className="ml-2 break-all text-sm text-stone-700">{video.url}</span>
                    </span>
                    <Link
                      to={`${here}&confirm=delete-video&video=${video.id}`}
                      preventScrollReset
                      aria-haspopup="dialog"
                      aria-label={`Delete video ${video.title}`}
                      className="btn-danger"
                    >
                      Delete
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <Form method="post" action={here} noValidate preventScrollReset className="mt-4 border-t border-stone-200 pt-4" aria-labelledby="add-video-heading">
              <h4 id="add-video-heading" className="mb-3 text-lg font-semibold">
                Add a video
              </h4>
              <input type="hidden" name="benchId" value={bench.id} />
              <div key={bench.videos.length} className="grid gap-4 sm:grid-cols-2">
                <Field formId="add-video" name="title" label="Title" defaultValue={videoResult?.values.title ?? ""} errors={videoResult?.fieldErrors.title} />
                <Field
                  formId="add-video"
                  name="url"
                  label="YouTube link"
                  defaultValue={videoResult?.values.url ?? ""}
                  errors={videoResult?.fieldErrors.url}
                />
              </div>
              <button type="submit" name="intent" value="add-video" className="btn-primary mt-4">
                Add Video
              </button>
            </Form>
          </section>
        </>
      ) : null}

      <Form method="post" action={here} noValidate preventScrollReset className="card p-4" aria-labelledby="create-bench-heading">
        <h3 id="create-bench-heading" className="mb-3 text-xl font-semibold">
          Create a bench
        </h3>
        <BenchFields
          key={data.benches.length}
          formId="create-bench"
          trails={data.trails}
          errors={created?.fieldErrors ?? {}}
          values={created ? (created.values as BenchValues) : blank}
        />
        <button type="submit" name="intent" value="create-bench" className="btn-primary mt-4">
          Create Bench
        </button>
      </Form>

    </div>
  );
}
