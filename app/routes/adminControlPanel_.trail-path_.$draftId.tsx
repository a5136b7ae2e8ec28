import { getFormProps } from "@conform-to/react";
import {
  data as withStatus,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ErrorSummary, useSchemaForm } from "~/components/form-fields";
import { comparisonStyles, LineSample, TrailPathComparison } from "~/components/trail-path-comparison";
import { auditAdminWrite } from "~/http/admin-audit.server";
import { requireAdmin } from "~/http/auth.server";
import { parseSubmission, refusalReply } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { adminAreaUrl, TRAIL_PATH_UPLOAD_ANCHOR } from "~/lib/navigation";
import { BENCH_NEAR_TRAIL_METRES } from "~/lib/trail-walk";
import {
  applyTrailPathDraft,
  discardTrailPathDraft,
  getTrailPathPreview,
  trailPathRefusals,
  type TrailPathPreview,
} from "~/models/trail-path-draft.server";
import { trailRefusals } from "~/models/trail.server";
import { trailPathDraftIntentSchema, trailPathMessages } from "~/schemas/trail-path";
import { trailAdminMessages } from "~/schemas/trail-admin";
import { anchors } from "./adminControlPanel/area";
import { ADD_TRAIL_ANCHOR } from "./adminControlPanel/trail-add";
import { ColumnHeads } from "~/components/data-table";
import { pageTitle } from "~/lib/page-title";

// /adminControlPanel/trail-path/<draft id>: the preview of an uploaded path beside the trail's current
// one, with Apply (replace the path, in one transaction, if the trail is still at the version shown) and
// Cancel (delete the upload; nothing else changes). Any admin may open, apply or cancel it. For a trail
// still to be added (decision 078) it shows the path alone, and Add the trail adds it.

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Preview the new path") }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const preview = await getTrailPathPreview(params.draftId ?? "");
  return preview ? { preview } : withStatus({ preview }, { status: 404 });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const draftId = params.draftId ?? "";
  const submission = parseSubmission(await request.formData(), { schema: trailPathDraftIntentSchema });
  if (submission.status !== "success") return withStatus({ result: submission.reply() }, { status: 400 });
  const gone = trailPathRefusals["upload-gone"];
  if (submission.value.intent === "cancel") {
    const discarded = await discardTrailPathDraft(draftId);
    if (!discarded) return withStatus({ result: refusalReply(submission, gone) }, { status: gone.status });
    auditAdminWrite(admin.id, {
      area: "trail-path",
      action: "cancel",
      target: discarded.trailId ? { trailId: discarded.trailId, draftId } : { draftId },
    });
    if (!discarded.trailId)
      return redirectWithToast(adminAreaUrl("trail"), {
        type: "info",
        message: trailPathMessages.notAdded(discarded.trailName),
        anchor: ADD_TRAIL_ANCHOR,
      });
    return redirectWithToast(adminAreaUrl("trail", { trail: discarded.trailId }), {
      type: "info",
      message: trailPathMessages.cancelled(discarded.trailName),
      anchor: TRAIL_PATH_UPLOAD_ANCHOR,
    });
  }
  const applied = await applyTrailPathDraft(draftId, { expectedVersion: submission.value.version });
  if (!applied.ok) {
    const refusal = applied.reason === "stale" ? trailPathRefusals.stale : trailRefusals[applied.reason];
    return withStatus({ result: refusalReply(submission, refusal) }, { status: refusal.status });
  }
  const { trail } = applied;
  if (applied.created) {
    auditAdminWrite(admin.id, { area: "trail", action: "add-trail", target: { trailId: trail.id, draftId } });
    return redirectWithToast(adminAreaUrl("trail", { trail: trail.id }), {
      type: "success",
      message: trailAdminMessages.added(trail.name, trail.coordinates.length),
      anchor: anchors.trailDetails,
    });
  }
  auditAdminWrite(admin.id, { area: "trail-path", action: "apply", target: { trailId: trail.id, draftId } });
  return redirectWithToast(adminAreaUrl("trail", { trail: trail.id }), {
    type: "success",
    message: trailPathMessages.replaced(trail.name, trail.coordinates.length),
    anchor: TRAIL_PATH_UPLOAD_ANCHOR,
  });
}

/** A refusal because the trail changed or the upload went (409, 404) shows the preview as it now is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 404 || actionStatus === 409 ? true : defaultShouldRevalidate;

/** "1,234 m (1.23 km)". */
function lengthText(metres: number) {
  return `${Math.round(metres).toLocaleString("en-US")} m (${(metres / 1000).toFixed(2)} km)`;
}

function signed(value: number, text: (magnitude: number) => string) {
  if (Math.round(value) === 0) return "no change";
  return `${value > 0 ? "+" : "−"}${text(Math.abs(value))}`;
}

function Figures({ preview }: { preview: TrailPathPreview }) {
  const { now, uploaded } = preview;
  if (preview.trail.id === null) {
    return (
      <p className="mb-6">{`The new trail: ${uploaded.points.toLocaleString("en-US")} points, ${lengthText(uploaded.metres)} long.`}</p>
    );
  }
  const rows = [
    {
      label: "Points",
      now: now.points.toLocaleString("en-US"),
      uploaded: uploaded.points.toLocaleString("en-US"),
      change: signed(uploaded.points - now.points, (n) => n.toLocaleString("en-US")),
    },
    {
      label: "Length",
      now: lengthText(now.metres),
      uploaded: lengthText(uploaded.metres),
      change: signed(uploaded.metres - now.metres, (m) => `${Math.round(m).toLocaleString("en-US")} m`),
    },
  ];
  return (
    <table className="mb-6 w-full border-collapse text-left">
      <caption className="mb-2 text-left font-semibold text-stone-900">Before and after</caption>
      <thead>
        <ColumnHeads
          columns={[{ empty: true }, "Now", "Uploaded", { label: "Change", className: "py-2" }]}
          cell="py-2 pr-3"
          className="border-b border-stone-300"
        />
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-b border-stone-200 align-top">
            <th scope="row" className="py-2 pr-3">
              {row.label}
            </th>
            <td className="py-2 pr-3" data-figure={`${row.label.toLowerCase()}-now`}>
              {row.now}
            </td>
            <td className="py-2 pr-3" data-figure={`${row.label.toLowerCase()}-uploaded`}>
              {row.uploaded}
            </td>
            <td className="py-2">{row.change}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FarBenches({ preview }: { preview: TrailPathPreview }) {
  const { farBenches, trail } = preview;
  if (trail.id === null) return null;
  return (
    <section aria-labelledby="far-benches-heading" className="mb-6">
      <h2 id="far-benches-heading" className="mb-2 text-xl font-semibold">
        Benches more than {BENCH_NEAR_TRAIL_METRES} m from the new path
      </h2>
      {farBenches.length === 0 ? (
        <p>{`Every bench of the ${trail.name} stays within ${BENCH_NEAR_TRAIL_METRES} m of the new path.`}</p>
      ) : (
        <>
          <p className="mb-2">{`These benches of the ${trail.name} would no longer count as on it, and would leave its page and its walk:`}</p>
          <ul className="list-disc space-y-1 pl-6 [overflow-wrap:anywhere]">
            {farBenches.map((bench) => (
              <li key={bench.id}>
                {`Bench ${bench.benchNumber} (${bench.location}): ${Math.round(bench.metresAfter).toLocaleString("en-US")} m from the new path` +
                  (bench.metresNow === null
                    ? ""
                    : `, ${Math.round(bench.metresNow).toLocaleString("en-US")} m from the current one`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Decision({
  preview,
  lastResult,
}: {
  preview: TrailPathPreview;
  lastResult?: Parameters<typeof useSchemaForm>[2];
}) {
  const [form, , summary] = useSchemaForm("trail-path-decision", trailPathDraftIntentSchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="card p-4">
      <ErrorSummary summary={summary} level={3} className="mb-4" />
      {/* The version compared with above: Apply is refused if the trail has changed since. */}
      <input type="hidden" name="version" value={preview.trail.version} />
      <p className="mb-3">
        {preview.trail.id === null
          ? `Add the trail adds the ${preview.trail.name} with this path; its page, map and downloads follow at once. Cancel adds nothing.`
          : `Apply replaces every point of the ${preview.trail.name} with the uploaded path. Cancel deletes the upload and changes nothing.`}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="apply" className="btn-primary">
          {preview.trail.id === null ? "Add the trail" : "Apply the new path"}
        </button>
        <button type="submit" name="intent" value="cancel" className="btn-secondary">
          Cancel
        </button>
      </div>
    </Form>
  );
}

export default function TrailPathPreviewPage() {
  const { preview } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (!preview) {
    return (
      <div className="page max-w-3xl">
        <h1 className="page-title mb-4">Preview the new path</h1>
        <p className="mb-4">{trailPathMessages.uploadGone}</p>
        <p>
          <Link to={adminAreaUrl("trail")} className="btn-link inline-flex min-h-11 items-center">
            Back to the Trail area
          </Link>
        </p>
      </div>
    );
  }
  const { draft, trail } = preview;
  const isNew = trail.id === null;
  const source = draft.format === "typed" ? "Typed points, sent" : `From ${draft.fileName} (${draft.format}), uploaded`;
  return (
    <div className="page max-w-4xl">
      <h1 className="page-title mb-2">{isNew ? `New trail: ${trail.name}` : `New path for the ${trail.name}`}</h1>
      <p className="mb-2 [overflow-wrap:anywhere]">
        {`${source} by ${draft.uploadedBy ?? "an account since deleted"}. Nothing has changed yet: ${isNew ? "add it" : "apply it"} or cancel it below within an hour of the upload.`}
      </p>
      <p className="mb-4">
        <Link to={adminAreaUrl("trail", { trail: trail.id })} className="btn-link inline-flex min-h-11 items-center">
          Back to the Trail area
        </Link>
      </p>
      {preview.changedSinceUpload ? (
        <p className="mb-4 rounded-md border-l-4 border-amber-700 bg-amber-50 px-4 py-3 font-medium text-amber-950">
          {`The ${trail.name} was changed by someone else after this file was uploaded: “Now” below is its path as it is now, which Apply would replace.`}
        </p>
      ) : null}
      <Figures preview={preview} />
      <figure className="mb-6">
        <TrailPathComparison
          now={preview.now.coordinates}
          uploaded={preview.uploaded.coordinates}
          label={
            isNew
              ? `Map of the new ${trail.name}'s path. The figures above give its points and length.`
              : `Map of the ${trail.name}: its current path and the uploaded one drawn over each other. The figures above and the benches below say what changes.`
          }
        />
        <figcaption className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-800">
          {isNew ? null : (
            <span className="inline-flex items-center gap-2">
              <LineSample style={comparisonStyles.now} /> Now: solid dark grey line
            </span>
          )}
          <span className="inline-flex items-center gap-2">
            <LineSample style={comparisonStyles.uploaded} /> Uploaded: dashed blue line
          </span>
        </figcaption>
      </figure>
      <FarBenches preview={preview} />
      <Decision key={`${draft.id}-${trail.version}`} preview={preview} lastResult={reply?.result} />
    </div>
  );
}
