import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { SelectField, TextField } from "~/components/form-fields";
import { LatLngFields } from "~/components/lat-lng-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { AnchoredMessage } from "~/components/toast-message";
import { BENCH_FACT_KEYS } from "~/lib/facts";
import { adminAreaUrl } from "~/lib/navigation";
import { benchFormSchema } from "~/schemas/bench";
import { anchors, formErrorsOf, replyTo, type AreaProps } from "./area";
import { CardForm } from "./card-form";
import { BothVersions, typedOverStale, typedText } from "./both-versions";
import type { loadBenchArea } from "./bench.server";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { AreaChooser } from "./search";
import { BenchFactsForm } from "./bench-facts";
import { BenchVideos } from "./bench-videos";

export type BenchData = Awaited<ReturnType<typeof loadBenchArea>>;
export type Bench = NonNullable<BenchData["bench"]>;

/**
 * Number, location, latitude, longitude and the optional trail: the one form to create a bench and to
 * edit the chosen one. A bench number that is taken shows at its field.
 */
function BenchForm({
  formId,
  heading,
  action,
  bench,
  trails,
  lastResult,
  children,
}: {
  formId: "create-bench" | "edit-bench";
  heading: string;
  action: string;
  bench?: Bench;
  trails: BenchData["trails"];
  lastResult?: SubmissionResult<string[]>;
  children: React.ReactNode;
}) {
  const [form, fields, summary] = useSchemaForm(
    formId,
    benchFormSchema,
    lastResult,
    bench && {
      bench_number: String(bench.benchNumber),
      location: bench.location,
      latitude: String(bench.latitude),
      longitude: String(bench.longitude),
      trailId: bench.trailId ?? "",
    },
  );
  // Saved by someone else since this form was opened: both versions, field by field.
  const typed = bench ? typedOverStale(lastResult, bench.version) : null;
  const trailText = (id: string) => (id ? (trails.find((trail) => trail.id === id)?.name ?? id) : "No trail");
  return (
    // The fragment lands the page back on this form when the answer is a page (a refusal, no JavaScript).
    <CardForm form={form} summary={summary} action={action} heading={heading}>
      {bench ? (
        <>
          <input type="hidden" name="benchId" value={bench.id} />
          {/* The version these values are from (after a refusal, the one shown beside them): a save based on an older one is refused. */}
          <input type="hidden" name="version" value={bench.version} />
        </>
      ) : null}
      {bench && typed ? (
        <BothVersions
          id={`${formId}-versions`}
          rows={[
            { label: "Bench number", yours: typedText(typed, "bench_number"), saved: String(bench.benchNumber) },
            { label: "Location", yours: typedText(typed, "location"), saved: bench.location },
            { label: "Latitude", yours: typedText(typed, "latitude"), saved: String(bench.latitude) },
            { label: "Longitude", yours: typedText(typed, "longitude"), saved: String(bench.longitude) },
            { label: "Trail", yours: trailText(typedText(typed, "trailId")), saved: trailText(bench.trailId ?? "") },
          ]}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.bench_number} label="Bench number" inputProps={{ inputMode: "numeric" }} />
        <TextField field={fields.location} label="Location" />
        <LatLngFields latitude={fields.latitude} longitude={fields.longitude} />
        <SelectField
          field={fields.trailId}
          label="Trail (optional)"
          placeholder="No trail"
          optional
          options={trails.map((trail) => ({ value: trail.id, label: trail.name }))}
        />
      </div>
      {children}
    </CardForm>
  );
}

export function BenchArea({ data, reply }: AreaProps<BenchData>) {
  const bench = data.bench;
  const here = adminAreaUrl("bench", { bench: bench?.id });
  const confirm = data.confirm;
  // A refusal about no bench the page shows (it was deleted meanwhile) stands by the chooser.
  const chooserReply = replyTo(
    reply,
    "delete-bench",
    "",
    ...(bench ? [] : ["update-bench", "add-video", "delete-video"]),
  );
  return (
    <div className="space-y-8">
      {/* First in the page: without JavaScript the confirmation step is shown in the flow, where the admin looks. */}
      {bench ? (
        <ConfirmDialog
          id="bench-confirm-dialog"
          title={confirm?.kind === "delete-video" ? "Delete video" : "Delete bench"}
          prompt={
            confirm?.kind === "delete-video"
              ? "Are you sure you want to delete this video?"
              : `Are you sure you want to delete bench #${bench.benchNumber}?`
          }
          open={confirm !== null}
          closeTo={here}
          action={`${here}#${confirm?.kind === "delete-video" ? anchors.benchVideos : anchors.benchChooser}`}
          intent={confirm?.kind ?? "delete-bench"}
          // Deleting the bench is refused when it changed since the page showed it; removing a video overwrites nothing.
          fields={{
            benchId: bench.id,
            ...(confirm?.kind === "delete-video" ? { videoId: confirm.video.id } : { version: bench.version }),
          }}
          confirmLabel="Delete"
        >
          {confirm?.kind === "delete-video" ? <p className="mt-2 text-stone-700">{confirm.video.title}</p> : null}
        </ConfirmDialog>
      ) : null}
      <section id={anchors.benchChooser} aria-labelledby="bench-select-heading" className="scroll-mt-4">
        <h3 id="bench-select-heading" className="mb-3 text-xl font-semibold">
          Select a bench
        </h3>
        {data.benches.length === 0 ? (
          <p className="text-stone-700">
            No benches have been placed yet. Add the first with Create a bench below: a bench may stand beside a trail
            or on its own.
          </p>
        ) : (
          <AreaChooser
            option="bench"
            name="bench"
            label="Bench"
            value={bench?.id ?? null}
            choices={data.benches.map((choice) => ({
              value: choice.id,
              label: `#${choice.benchNumber} – ${choice.location}`,
            }))}
            placeholder="Select a bench"
            buttonLabel="Show bench"
          />
        )}
        <AnchoredMessage anchor={anchors.benchChooser} refusal={formErrorsOf(chooserReply)} />
        <p className="mt-3">
          <Link to="/adminControlPanel/qr-codes" className="btn-secondary">
            Print bench QR codes
          </Link>
        </p>
      </section>

      {bench ? (
        <>
          <BenchForm
            key={`${bench.id}-${bench.benchNumber}-${bench.location}-${bench.latitude}-${bench.longitude}-${bench.trailId}`}
            formId="edit-bench"
            heading={`Edit bench #${bench.benchNumber}`}
            action={here}
            bench={bench}
            trails={data.trails}
            lastResult={replyTo(reply, "update-bench")}
          >
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="update-bench" className="btn-primary">
                Update
              </button>
              <Link
                to={`${here}&confirm=delete-bench`}
                preventScrollReset
                aria-haspopup="dialog"
                className="btn-danger"
              >
                Delete
              </Link>
            </div>
            <AnchoredMessage anchor={anchors.benchForm} />
          </BenchForm>
          <BenchFactsForm
            key={JSON.stringify(bench, ["id", ...BENCH_FACT_KEYS])}
            bench={bench}
            here={here}
            lastResult={replyTo(reply, "save-bench-facts")}
          />
          <BenchVideos bench={bench} here={here} reply={reply} />
        </>
      ) : null}

      <BenchForm
        key={data.benches.length}
        formId="create-bench"
        heading="Create a bench"
        action={here}
        trails={data.trails}
        lastResult={replyTo(reply, "create-bench")}
      >
        <button type="submit" name="intent" value="create-bench" className="btn-primary mt-4">
          Create Bench
        </button>
      </BenchForm>
    </div>
  );
}
