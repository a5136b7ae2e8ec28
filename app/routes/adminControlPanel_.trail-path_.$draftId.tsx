import { getFormProps } from "@conform-to/react";
import {
  data as withStatus,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ErrorSummary } from "~/components/error-summary";
import { useSchemaForm } from "~/components/use-schema-form";
import { comparisonStyles, LineSample, TrailPathComparison } from "~/components/trail-path-comparison";
import { auditAdminWrite } from "~/http/admin-audit.server";
import { requireAdmin } from "~/http/auth.server";
import { parseSubmission, refusalReply } from "~/http/form-submission.server";
import { redirectWithToast } from "~/http/toast.server";
import { adminAreaUrl, TRAIL_PATH_UPLOAD_ANCHOR } from "~/lib/navigation";
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
import { FarBenches, Figures } from "./adminControlPanel/trail-path-figures";
import { ADD_TRAIL_ANCHOR } from "./adminControlPanel/trail-add";
import { pageTitle } from "~/lib/page-title";

// /adminControlPanel/trail-path/<draft id>: the preview of an uploaded path beside the trail's current
// one, with Apply (replace the path, in one transaction, if the trail is still at the version shown) and
// Cancel (delete the upload; nothing else changes). Any admin may open, apply or cancel it. For a trail
// still to be added (decision 078) it shows the path alone, and Add the trail adds it.

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Preview the new path") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin({ request, context });
  const preview = await getTrailPathPreview(params.draftId ?? "");
  return preview ? { preview } : withStatus({ preview }, { status: 404 });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin({ request, context });
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
