import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { CategoryBadge } from "~/components/category-badge";
import { AnchoredMessage } from "~/components/toast-message";
import { actionToSummary, ErrorSummary } from "~/components/error-summary";
import { SelectField, TextAreaField, TextField } from "~/components/form-fields";
import { SubmitButton } from "~/components/form-status";
import { useSchemaForm } from "~/components/use-schema-form";
import { VideoPlayer } from "~/components/video-player";
import { adminAreaUrl } from "~/lib/navigation";
import { useResetAfterSuccess } from "~/lib/use-reset-after-success";
import { VIDEO_SUB_CATEGORIES } from "~/lib/video-topics";
import { videoEditFormSchema, videoInputSchema } from "~/schemas/video";
import { anchors, formErrorsOf, replyAboutNone, replyTo, type AreaProps } from "./area";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { AdminSearch, ListHead, ListPages } from "./search";
import { BothVersions, typedOverStale, typedText } from "./both-versions";
import type { AdminVideo, loadVideosArea } from "./videos.server";

type VideosData = Awaited<ReturnType<typeof loadVideosArea>>;

type Place = VideosData["place"];

const areaUrl = (params: Record<string, string | null | undefined> = {}) => adminAreaUrl("videos", params);
const rowAnchor = anchors.videoCard;

export function VideosArea({ data, reply }: AreaProps<VideosData>) {
  // The same page of the same search, after a confirmation or a change.
  const back = areaUrl(data.place);
  return (
    <div className="space-y-8">
      {/* First in the area: without JavaScript the confirmation step is what the page opens on. */}
      <ConfirmDialog
        id="videos-confirm-dialog"
        title="Delete video"
        prompt="Are you sure you want to delete this video?"
        open={Boolean(data.confirm)}
        closeTo={data.confirm ? `${back}#${rowAnchor(data.confirm.id)}` : back}
        // A deletion is answered where the list says what it shows: the card is gone.
        action={`${back}#${anchors.videoList}`}
        intent="delete"
        fields={data.confirm ? { id: data.confirm.id, version: data.confirm.version } : {}}
        confirmLabel="Yes, delete"
      >
        <p className="mt-2 text-stone-700">{data.confirm?.title}</p>
      </ConfirmDialog>
      <AdminSearch option="videos" value={data.q} error={data.searchError} label="Search videos by title or category" />
      {data.editing ? (
        // A new version (saved by anyone) is a new form with its values: never the old values with a newer version.
        <EditVideoForm
          key={`${data.editing.id}-${data.editing.version}`}
          video={data.editing}
          place={data.place}
          lastResult={replyTo(reply, "update")}
        />
      ) : (
        <AddVideoForm place={data.place} lastResult={replyTo(reply, "create")} />
      )}
      <VideoList data={data} reply={reply} />
    </div>
  );
}

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

function AddVideoForm({ place, lastResult }: { place: Place; lastResult?: SubmissionResult<string[]> }) {
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

function EditVideoForm({
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

function VideoList({ data, reply }: { data: VideosData; reply: AreaProps<VideosData>["reply"] }) {
  const shown = data.videos.map((video) => video.id);
  // A refused deletion, or an edit whose video is gone (its form with it), has no card to stand in.
  const orphan =
    replyTo(reply, "delete", "") ?? (data.editing ? undefined : replyAboutNone(reply, "id", shown, "update"));
  return (
    <section id={anchors.videoList} aria-labelledby="video-list-heading" className="scroll-mt-4">
      <h3 id="video-list-heading" className="mb-1 text-lg font-semibold text-stone-900">
        {data.q ? `Videos matching “${data.q}”` : "All videos"}
      </h3>
      <ListHead
        pages={data.pages}
        shown={shown}
        q={data.q}
        noun={["video", "videos"]}
        anchor={anchors.videoList}
        rowAnchor={rowAnchor}
        refusal={formErrorsOf(orphan)}
        messageClassName="not-empty:mb-3"
        inside
      />
      {data.videos.length === 0 ? (
        <p role="status" className="rounded-md bg-stone-100 px-4 py-3 text-stone-800">
          No results found
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 md:gap-4 xl:grid-cols-3">
          {data.videos.map((video) => (
            <li key={video.id}>
              <AdminVideoCard video={video} place={data.place} />
            </li>
          ))}
        </ul>
      )}
      {/* Newest first, a page at a time. */}
      <ListPages pages={data.pages} label="Pages of videos" newestLabel="Newest videos" olderLabel="Older videos" />
    </section>
  );
}

function AdminVideoCard({ video, place }: { video: AdminVideo; place: Place }) {
  const headingId = `${rowAnchor(video.id)}-title`;
  const preview = {
    title: video.title,
    player: video.player,
    thumbnail: video.thumbnail,
    topic: video.topic,
    noScriptPlay: { kind: "link", href: `/videos/${video.id}` },
  } as const;
  return (
    <article
      id={rowAnchor(video.id)}
      aria-labelledby={headingId}
      className="card flex h-full scroll-mt-24 flex-col overflow-hidden"
    >
      {/* Light preview: nothing is requested from the video host until play; admin plays never count as views.
          On a phone a one-line play control, so a page of cards stays short; from md the still. */}
      <div className="hidden md:block">
        <VideoPlayer {...preview} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 md:p-4">
        {/* On a phone the play control shows the title (but a video file's own player does not). */}
        <h4
          id={headingId}
          className={`text-base leading-snug font-semibold text-stone-900 ${video.player?.kind === "file" ? "" : "max-md:sr-only"}`}
        >
          {video.title}
        </h4>
        <div className="md:hidden">
          <VideoPlayer {...preview} compact />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <CategoryBadge category={video.category} />
          <p className="text-stone-700">{video.subCategory}</p>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-stone-800">
            <div className="flex gap-1">
              <dt>Likes:</dt>
              <dd className="font-semibold">{video.likes}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Dislikes:</dt>
              <dd className="font-semibold">{video.dislikes}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Views:</dt>
              <dd className="font-semibold">{video.views}</dd>
            </div>
          </dl>
        </div>
        <p className="text-xs break-all text-stone-600">{video.url}</p>
        <div className="mt-auto flex flex-wrap gap-3 pt-1 md:pt-2">
          <Link
            to={`${areaUrl({ ...place, edit: video.id })}#${anchors.editVideo}`}
            className="btn-secondary"
            aria-label={`Edit ${video.title}`}
          >
            Edit
          </Link>
          <Link
            to={areaUrl({ ...place, confirm: "delete", id: video.id })}
            preventScrollReset
            className="btn-danger"
            aria-haspopup="dialog"
          >
            Delete<span className="sr-only"> {video.title}</span>
          </Link>
        </div>
        {/* This video's last result stands beside the buttons that caused it. */}
        <AnchoredMessage anchor={rowAnchor(video.id)} />
      </div>
    </article>
  );
}
