import { Link } from "@remix-run/react";
import { TextField } from "~/components/form-fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { AnchoredMessage } from "~/components/toast-message";
import { benchVideoSchema } from "~/schemas/bench";
import { anchors, formErrorsOf, replyTo, type AreaReply } from "./area";
import { AreaForm, SubmitWithMessage } from "./area-form";
import type { Bench } from "./bench";
import type { ItemFormProps } from "./item-form-props";

// The Bench area's videos of the chosen bench: the list with each video's Delete, and the form to add one.

function AddVideoForm({ bench, here, lastResult }: ItemFormProps<{ bench: Bench }>) {
  const [form, fields, summary] = useSchemaForm(anchors.addBenchVideo, benchVideoSchema, lastResult);
  return (
    <AreaForm
      form={form}
      summary={summary}
      action={here}
      heading="Add a video"
      level={4}
      className="mt-4 scroll-mt-4 border-t border-stone-200 pt-4"
    >
      <input type="hidden" name="benchId" value={bench.id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.title} label="Title" />
        <TextField field={fields.url} label="Video link" />
      </div>
      <SubmitWithMessage intent="add-video" label="Add Video" anchor={anchors.addBenchVideo} />
    </AreaForm>
  );
}

export function BenchVideos({ bench, here, reply }: { bench: Bench; here: string; reply?: AreaReply }) {
  return (
    <section id={anchors.benchVideos} aria-labelledby="bench-videos-heading" className="card scroll-mt-4 p-4">
      <h3 id="bench-videos-heading" className="mb-3 text-xl font-semibold">
        Videos of bench #{bench.benchNumber}
      </h3>
      {/* A removed video's row is gone: its result stands at the head of the list. */}
      <AnchoredMessage
        anchor={anchors.benchVideos}
        refusal={formErrorsOf(replyTo(reply, "delete-video"))}
        className="not-empty:mb-3"
      />
      {bench.videos.length === 0 ? (
        <p className="text-stone-700">This bench has no videos yet.</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {bench.videos.map((video) => (
            <li key={video.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              {/* The link on a line of its own, so a phone breaks it only where it must, never inside "https". */}
              <span className="min-w-0">
                <a href={video.url} target="_blank" rel="noreferrer" className="btn-link">
                  {video.title}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                <span className="block text-sm text-stone-700 [overflow-wrap:anywhere]">{video.url}</span>
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
      <AddVideoForm key={bench.videos.length} bench={bench} here={here} lastResult={replyTo(reply, "add-video")} />
    </section>
  );
}
