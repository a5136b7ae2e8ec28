import { useFetcher } from "@remix-run/react";
import { applyReaction, isReactionIntent, type ReactionState, type ReactionValue } from "~/lib/reactions";
import { useHydrated } from "~/lib/use-hydrated";

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className={`h-5 w-5 ${down ? "rotate-180" : ""}`} aria-hidden="true" focusable="false">
      <path d="M2 10h4v11H2zM8 21h9.5a2 2 0 0 0 1.96-1.6l1.5-7A2 2 0 0 0 19 10h-5.3l.8-3.9a1.8 1.8 0 0 0-3.2-1.4L8 9.5z" fill="currentColor" />
    </svg>
  );
}

function ReactionButton({ kind, count, pressed }: { kind: "like" | "dislike"; count: number; pressed: boolean }) {
  const word = kind === "like" ? "Like" : "Dislike";
  return (
    <button
      type="submit"
      name="intent"
      value={pressed ? "clear" : kind}
      aria-pressed={pressed}
      title={pressed ? `Remove your ${kind}` : `${word} this video`}
      className={`inline-flex min-h-11 min-w-16 items-center justify-center gap-2 rounded-full border px-3 text-sm font-semibold transition-colors ${
        pressed ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800" : "border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
      }`}
    >
      <ThumbIcon down={kind === "dislike"} />
      <span className="sr-only">{word}</span>
      <span>{count}</span>
    </button>
  );
}

/**
 * Like / dislike toggles. A plain form without JavaScript (the server redirects back to `returnTo`);
 * with JavaScript a fetcher submits and the totals change at once, then settle on the server's.
 */
export function VideoReactions({
  videoId,
  likes,
  dislikes,
  myReaction,
  returnTo,
}: {
  videoId: string;
  likes: number;
  dislikes: number;
  myReaction: ReactionValue | null;
  returnTo: string;
}) {
  const fetcher = useFetcher({ key: `reaction-${videoId}` });
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("intent");
  const saved: ReactionState = { likes, dislikes, mine: myReaction };
  const shown = isReactionIntent(pending) ? applyReaction(saved, pending) : saved;
  return (
    <fetcher.Form method="post" action={`/videos/${videoId}`} className="flex items-center gap-2" preventScrollReset>
      <input type="hidden" name="returnTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <ReactionButton kind="like" count={shown.likes} pressed={shown.mine === "LIKE"} />
      <ReactionButton kind="dislike" count={shown.dislikes} pressed={shown.mine === "DISLIKE"} />
    </fetcher.Form>
  );
}
