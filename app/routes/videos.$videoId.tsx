import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CategoryBadge } from "~/components/category-badge";
import { VideoPlayer } from "~/components/video-player";
import { formatCount, VideoFormError } from "~/components/video-card";
import { VideoReactions } from "~/components/video-reactions";
import { getVideo } from "~/models/video-library.server";
import { toVideoCardData } from "~/models/video-json.server";
import { videoIdSchema, type VideoFormRefusal } from "~/schemas/video";
import { requireUser } from "~/http/auth.server";
import { passRetryAfter } from "~/http/rate-limit.server";
import { answerVideoForm } from "~/http/video-forms.server";
import { withoutScripts } from "~/lib/page-scripts";
import { libraryCardPath, watchPagePath } from "~/lib/video-addresses";
import { topicForSubCategory } from "~/lib/video-topics";
import { pageTitle } from "~/lib/page-title";

// Play and reactions are plain forms that come back to this page: it needs no JavaScript.
export const handle = withoutScripts;

function notFound(): never {
  throw new Response("Video not found", { status: 404 });
}

function parseVideoId(raw: string | undefined) {
  const parsed = videoIdSchema.safeParse(raw);
  return parsed.success ? parsed.data : notFound();
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: pageTitle(matches, data ? data.video.title : "Video") },
];

/** The watch page: one video. Showing it changes nothing; the view is counted by the POST below. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser({ request, context });
  const video = await getVideo(parseVideoId(params.videoId), user.id);
  if (!video) notFound();
  const topic = topicForSubCategory(video.subCategory);
  return {
    video: toVideoCardData(video),
    playing: new URL(request.url).searchParams.get("play") === "1",
    // Back to the video's own card on its library page.
    topic: topic ? { title: topic.title, path: libraryCardPath(topic.path, video.id) } : null,
  };
}

// A refused play or reaction's Retry-After reaches the page it renders.
export const headers = passRetryAfter;

/** Play (counts a view, once per user, video and day, then shows the player) and reactions; see answerVideoForm. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser({ request, context });
  return answerVideoForm(request, user, { videoId: parseVideoId(params.videoId), cardPath: watchPagePath });
}

export default function WatchVideo() {
  const { video, playing, topic } = useLoaderData<typeof loader>();
  const error = useActionData<VideoFormRefusal>()?.error ?? null;
  return (
    <div className="page max-w-4xl">
      {topic ? (
        <p className="mb-4">
          <Link to={topic.path} className="btn-link inline-flex min-h-11 items-center gap-1">
            <span aria-hidden="true">←</span>Back to {topic.title}
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="page-title">{video.title}</h1>
        <CategoryBadge category={video.category} className="mt-2" />
      </div>
      <div className="card mt-6 overflow-hidden">
        <VideoPlayer
          key={`${video.id}-${playing}`}
          title={video.title}
          player={video.player}
          thumbnail={video.thumbnail}
          topic={video.topic}
          playForm={{ action: watchPagePath(video.id), fields: {} }}
          startPlaying={playing}
        />
        <div className="flex flex-col gap-3 p-4 sm:p-6">
          <VideoFormError error={error} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-stone-600">{formatCount(video.views, "view")}</p>
            <VideoReactions
              videoId={video.id}
              likes={video.likes}
              dislikes={video.dislikes}
              myReaction={video.myReaction}
              returnTo={watchPagePath(video.id, playing)}
            />
          </div>
          {video.description ? <p className="text-stone-700">{video.description}</p> : null}
        </div>
      </div>
    </div>
  );
}
