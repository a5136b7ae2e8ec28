import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { actionToSummary, ErrorSummary } from "~/components/error-summary";
import { SelectField, TextAreaField, TextField } from "~/components/form-fields";
import { SubmitButton } from "~/components/form-status";
import { AnchoredMessage } from "~/components/toast-message";
import { useSchemaForm } from "~/components/use-schema-form";
import { adminAreaUrl } from "~/lib/navigation";
import { useResetAfterSuccess } from "~/lib/use-reset-after-success";
import { VIDEO_SUB_CATEGORIES } from "~/lib/video-topics";
import { videoEditFormSchema, videoInputSchema } from "~/schemas/video";
import { anchors } from "./area";
import { BothVersions, typedOverStale, typedText } from "./both-versions";
import type { AdminVideo, loadVideosArea } from "./videos.server";

// The Videos area's forms: adding a video, and editing one (with both versions when it changed meanwhile).

export type VideosData = Awaited<ReturnType<typeof loadVideosArea>>;
export type Place = VideosData["place"];

export const areaUrl = (params: Record<string, string | null | undefined> = {}) => adminAreaUrl("videos", params);
const rowAnchor = anchors.videoCard;

function VideoFields({ fields }: { fields: ReturnType<typeof useSchemaForm<typeof videoInputSchema>>[1] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField field={fields.title} label="Title" />
      <TextField
        field={fields.url}
        label="Video link"
        hint={
          <p className="mb-1 text-sm text-stone-600">
            An https link: YouTube (any form) or Vimeo, played here after a click; a video file (.mp4, .webm); or any
            other page, shown as a link.
          </p>
        }
      />
      <TextField
        field={fields.category}
        label="Category"
        inputProps={{ placeholder: "e.g. exercise, health, nutrition" }}
      />
      <SelectField
        field={fields.subCategory}
        label="Subcategory"
        placeholder="Select Subcategory"
        options={VIDEO_SUB_CATEGORIES}
      />
      <div className="md:col-span-2">
        <TextAreaField field={fields.description} label="Description" rows={3} />
      </div>
    </div>
  );
}

export function AddVideoForm({ place, lastResult }: { place: Place; lastResult?: SubmissionResult<string[]> }) {
  // Reset after an addition to its prompt: reset to no value at all, the browser would show it blank.
  const [form, fields, summary] = useSchemaForm("add-video", videoInputSchema, lastResult, { subCategory: "" });
  useResetAfterSuccess(form.reset, "create", lastResult);
  return (
    <section aria-labelledby="add-video-heading" className="card p-4">
      <h3 id="add-video-heading" className="mb-3 text-lg font-semibold text-stone-900">
        Add a video
      </h3>
      {/* A refusal answered with a page (no JavaScript) lands on the form's error summary, focused. */}
      <Form
        method="post"
        action={actionToSummary(areaUrl(place), summary)}
        {...getFormProps(form)}
        className="scroll-mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="create" />
        <ErrorSummary summary={summary} level={4} />
        <VideoFields fields={fields} />
        <SubmitButton intent="create" label="Add video" pendingLabel="Adding…" />
        <AnchoredMessage anchor={anchors.addVideo} />
      </Form>
    </section>
  );
}

export function EditVideoForm({
  video,
  place,
  lastResult,
}: {
  video: AdminVideo;
  place: Place;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields, summary] = useSchemaForm(`edit-video-${video.id}`, videoEditFormSchema, lastResult, video);
  const { key, ...idProps } = getInputProps(fields.id, { type: "hidden" });
  // Saved by someone else since this form was opened: both versions, field by field.
  const typed = typedOverStale(lastResult, video.version);
  return (
    <section id={anchors.editVideo} aria-labelledby="edit-video-heading" className="card scroll-mt-24 p-4">
      <h3 id="edit-video-heading" className="mb-3 text-lg font-semibold text-stone-900">
        Edit video: {video.title}
      </h3>
      <Form
        method="post"
        action={actionToSummary(areaUrl({ ...place, edit: video.id }), summary)}
        {...getFormProps(form)}
        className="space-y-4"
      >
        <input key={key} {...idProps} />
        {/* The version these values are from (after a refusal, the one shown beside them): a save based on an older one is refused. */}
        <input type="hidden" name="version" value={video.version} />
        <input type="hidden" name="intent" value="update" />
        <ErrorSummary summary={summary} level={4} />
        {typed ? (
          <BothVersions
            id={`${anchors.editVideo}-versions`}
            rows={[
              { label: "Title", yours: typedText(typed, "title"), saved: video.title },
              { label: "Video link", yours: typedText(typed, "url"), saved: video.url },
              { label: "Category", yours: typedText(typed, "category"), saved: video.category },
              { label: "Subcategory", yours: typedText(typed, "subCategory"), saved: video.subCategory },
              { label: "Description", yours: typedText(typed, "description"), saved: video.description },
            ]}
          />
        ) : null}
        <VideoFields fields={fields} />
        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="update" label="Save changes" pendingLabel="Saving…" />
          <Link to={`${areaUrl(place)}#${rowAnchor(video.id)}`} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
