import {
  data as withStatus,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type * as z from "zod";
import { auditAdminWrite } from "~/http/admin-audit.server";
import { requireAdmin } from "~/http/auth.server";
import { parseSubmission, refusalReply } from "~/http/form-submission.server";
import { readUploadForm } from "~/http/upload.server";
import { adminAreaUrl, trailPathPreviewUrl } from "~/lib/navigation";
import { MAX_PATH_FILE_BYTES, pathFileMessages } from "~/lib/trail-path-file";
import { createNewTrailDraft, createTrailPathDraft } from "~/models/trail-path-draft.server";
import { getTrailWithCoordinates } from "~/models/trail.server";
import { isId } from "~/schemas/id";
import { trailMessages } from "~/schemas/trail";
import { trailPathUploadSchema } from "~/schemas/trail-path";
import { newTrailFormSchema, TYPED_POINTS_MAX_LENGTH } from "~/schemas/trail-admin";
import { AddTrailForm } from "./adminControlPanel/trail-add";
import { TrailPathUpload } from "./adminControlPanel/trail-path-upload";
import { pageTitle } from "~/lib/page-title";

// POST /adminControlPanel/trail-path?trail=<id>: the Trail area's "Replace the path from a file" form
// (without ?trail=, its "Add a trail" form, whose path may be a file too),
// the one route whose body may be multipart (the request gate lets a file through to it alone). A file
// it can use becomes a draft and the answer is its preview (POST → redirect → GET); a refusal is this
// page, with the form again and the reason. GET shows the form on its own.

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  { title: pageTitle(matches, data?.adding ? "Add a trail" : "Replace a trail's path from a file") },
];

async function trailOf(url: URL) {
  const id = url.searchParams.get("trail");
  const trail = isId(id) ? await getTrailWithCoordinates(id) : null;
  return trail ? { id: trail.id, name: trail.name } : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin({ request, context });
  const url = new URL(request.url);
  // No trail named: the Add a trail form on its own (where a refused addition is answered).
  if (!url.searchParams.has("trail")) return { trail: null, adding: true };
  const trail = await trailOf(url);
  return trail ? { trail, adding: false } : withStatus({ trail, adding: false }, { status: 404 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const formData = await readUploadForm(request, {
    fileField: "file",
    maxFileBytes: MAX_PATH_FILE_BYTES,
    longTextFields: { points: TYPED_POINTS_MAX_LENGTH },
  });
  const trailId = new URL(request.url).searchParams.get("trail");
  // Without a trail to replace the path of, the form is Add a trail's (decision 078).
  if (trailId === null) {
    const audit = { adminId: admin.id, action: "add-trail" } as const;
    return answerWithDraft(formData, newTrailFormSchema, audit, async ({ name, color, file, points }) =>
      createNewTrailDraft(
        { name, color, file: file ? { name: file.name, text: await file.text() } : undefined, points },
        admin.id,
      ),
    );
  }
  const audit = { adminId: admin.id, action: "upload", target: { trailId } } as const;
  return answerWithDraft(formData, trailPathUploadSchema, audit, async ({ file }) =>
    createTrailPathDraft(trailId, { name: file.name, text: await file.text() }, admin.id),
  );
}

/**
 * The answer to either form: a draft made from what it sent, and its preview (POST → redirect → GET), or
 * this page again with the reason. A body that is no multipart form is refused like a file we cannot read.
 */
async function answerWithDraft<Schema extends z.ZodType>(
  formData: FormData | null,
  schema: Schema,
  audit: { adminId: string; action: "add-trail" | "upload"; target?: { trailId: string } },
  makeDraft: (value: z.output<Schema>) => ReturnType<typeof createTrailPathDraft>,
) {
  const submission = parseSubmission(formData ?? new FormData(), { schema });
  if (!formData)
    return withStatus(
      { result: submission.reply({ fieldErrors: { file: [pathFileMessages.unreadable] } }) },
      { status: 400 },
    );
  if (submission.status !== "success") return withStatus({ result: submission.reply() }, { status: 400 });
  const created = await makeDraft(submission.value);
  if (!created.ok)
    return withStatus({ result: refusalReply(submission, created.refusal) }, { status: created.refusal.status });
  const { adminId, action, target } = audit;
  auditAdminWrite(adminId, { area: "trail-path", action, target: { ...target, draftId: created.draftId } });
  return redirect(trailPathPreviewUrl(created.draftId));
}

export default function TrailPathUploadPage() {
  const { trail, adding } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const title = trail ? `Replace the path of the ${trail.name}` : adding ? "Add a trail" : "Replace a trail's path";
  return (
    <div className="page max-w-3xl">
      <h1 className="page-title mb-4">{title}</h1>
      <p className="mb-4">
        <Link to={adminAreaUrl("trail", { trail: trail?.id })} className="btn-link inline-flex min-h-11 items-center">
          Back to the Trail area
        </Link>
      </p>
      {trail ? (
        <TrailPathUpload trail={trail} lastResult={reply?.result} level={2} />
      ) : adding ? (
        <AddTrailForm lastResult={reply?.result} level={2} />
      ) : (
        <p>{trailMessages.notFound}</p>
      )}
    </div>
  );
}
