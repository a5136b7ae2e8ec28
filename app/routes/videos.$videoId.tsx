import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CategoryBadge } from "~/components/category-badge";
import { VideoPlayer } from "~/components/video-player";
import { formatCount } from "~/components/video-card";
import { VideoReactions } from "~/components/video-reactions";
import { getVideo, reactToVideo, recordView, toVideoCardData } from "~/models/video.server";
import { videoActionSchema, videoIdSchema } from "~/schemas/video";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireUser } from "~/http/auth.server";
import { checkQuota, passRetryAfter, retryAfterHeaders } from "~/http/rate-limit.server";
import { reactionForIntent } from "~/lib/reactions";
import { topicForSubCategory } from "~/lib/video-topics";

function notFound(): never {
  throw new Response("Video not found", { status: 404 });
}

function parseVideoId(raw: string | undefined) {
  const parsed = videoIdSchema.safeParse(raw);
  return parsed.success ? parsed.data : notFound();
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.video.title} | Walking Trails` : "Video | Walking Trails" }];

/** The watch page: one video. Showing it changes nothing; the view is counted by the POST below. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const video = await getVideo(parseVideoId(params.videoId), user.id);
  if (!video) notFound();
  const topic = topicForSubCategory(video.subCategory);
  return {
    video: toVideoCardData(video),
    playing: new URL(request.url).searchParams.get("play") === "1",
    topic: topic ? { title: topic.title, path: topic.path } : null,
  };
}

/**
 * intent=view counts a view (once per user, video and day); like/dislike/clear set the user's
 * reaction. Enhanced (fetcher) submissions get the new numbers; plain forms are redirected back.
 */
// A refused write's Retry-After reaches the page it renders.
export const headers = passRetryAfter;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const videoId = parseVideoId(params.videoId);
  const parsed = videoActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return data({ error: "Choose like, dislike or remove." }, { status: 400 });
  }
  const { intent, returnTo, enhanced } = parsed.data;
  const quota = await checkQuota(request, intent === "view" ? "view" : "reaction", user.id);
  if (!quota.allowed) return data({ error: quota.message }, { status: 429, headers: retryAfterHeaders(quota) });
  if (intent === "view") {
    const result = await recordView(user.id, videoId);
    if (!result) notFound();
    return enhanced ? { views: result.views, counted: result.counted } : redirect(`/videos/${videoId}?play=1`);
  }
  const result = await reactToVideo(user.id, videoId, reactionForIntent(intent));
  if (!result) notFound();
  return enhanced ? result : redirect(safeRedirect(returnTo, `/videos/${videoId}`));
}

export default function WatchVideo() {
  const { video, playing, topic } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData && "error" in actionData ? actionData.error : null;
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
          noScriptPlay={{ kind: "form", action: `/videos/${video.id}` }}
          startPlaying={playing}
          viewAction={`/videos/${video.id}`}
        />
        <div className="flex flex-col gap-3 p-4 sm:p-6">
          {error ? (
            <p role="alert" className="field-error">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-stone-600">{formatCount(video.views, "view")}</p>
            <VideoReactions
              videoId={video.id}
              likes={video.likes}
              dislikes={video.dislikes}
              myReaction={video.myReaction}
              returnTo={`/videos/${video.id}${playing ? "?play=1" : ""}`}
            />
          </div>
          {video.description ? <p className="text-stone-700">{video.description}</p> : null}
        </div>
      </div>
    </div>
  );
}
