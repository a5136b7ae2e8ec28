import { Link } from "@remix-run/react";
import { CategoryBadge } from "~/components/category-badge";
import { AnchoredMessage } from "~/components/toast-message";
import { VideoPlayer } from "~/components/video-player";
import { anchors, formErrorsOf, replyAboutNone, replyTo, type AreaProps } from "./area";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { AdminSearch } from "./search";
import { AdminList, DeleteLink, deleteConfirmation, type ListNames } from "./admin-list";
import { AddVideoForm, areaUrl, EditVideoForm, type Place, type VideosData } from "./video-forms";
import type { AdminVideo } from "./videos.server";

const rowAnchor = anchors.videoCard;

// Newest first, a page at a time.
const names: ListNames = {
  noun: ["video", "videos"],
  anchor: anchors.videoList,
  rowAnchor,
  pageLinks: ["Pages of videos", "Newest videos", "Older videos"],
};

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
        {...deleteConfirmation(names, back, data.confirm)}
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
      <AdminList
        names={names}
        data={data}
        shown={shown}
        refusal={formErrorsOf(orphan)}
        empty={
          <p role="status" className="rounded-md bg-stone-100 px-4 py-3 text-stone-800">
            No results found
          </p>
        }
        messageClassName="not-empty:mb-3"
        inside
      >
        <ul className="grid gap-3 md:grid-cols-2 md:gap-4 xl:grid-cols-3">
          {data.videos.map((video) => (
            <li key={video.id}>
              <AdminVideoCard video={video} place={data.place} />
            </li>
          ))}
        </ul>
      </AdminList>
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
          <DeleteLink to={areaUrl({ ...place, confirm: "delete", id: video.id })} what={video.title} />
        </div>
        {/* This video's last result stands beside the buttons that caused it. */}
        <AnchoredMessage anchor={rowAnchor(video.id)} />
      </div>
    </article>
  );
}
