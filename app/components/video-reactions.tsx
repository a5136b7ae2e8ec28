import type { ReactionValue } from "~/lib/reactions";

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className={`h-5 w-5 ${down ? "rotate-180" : ""}`} aria-hidden="true" focusable="false">
      <path
        d="M2 10h4v11H2zM8 21h9.5a2 2 0 0 0 1.96-1.6l1.5-7A2 2 0 0 0 19 10h-5.3l.8-3.9a1.8 1.8 0 0 0-3.2-1.4L8 9.5z"
        fill="currentColor"
      />
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
        pressed
          ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800"
          : "border-stone-300 bg-white text-stone-800 hover:bg-stone-100"
      }`}
    >
      <ThumbIcon down={kind === "dislike"} />
      <span className="sr-only">{word}</span>
      <span>{count}</span>
    </button>
  );
}

/** What the card says about the person's own reaction: the page is re-rendered after each press, never announced. */
const reactionStatus: Record<ReactionValue, string> = {
  LIKE: "You liked this video.",
  DISLIKE: "You disliked this video.",
};

/**
 * Like / dislike toggles: a plain form, also when the page happens to be hydrated (the video pages ship
 * no JavaScript). It posts to the page it is on, at this card (`returnTo`), so a refusal renders there
 * beside the card; a stored reaction redirects back to the same address, where the pressed button and the
 * sentence under the buttons say what the person chose.
 */
export function VideoReactions({
  videoId,
  likes,
  dislikes,
  myReaction,
  returnTo,
  nameVideo = false,
}: {
  videoId: string;
  likes: number;
  dislikes: number;
  myReaction: ReactionValue | null;
  /** This card's address on its page, with its player if it is playing. */
  returnTo: string;
  /** Whether the form names its video (a library page's forms do; the watch page's address names it). */
  nameVideo?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <form method="post" action={returnTo} className="flex items-center gap-2">
        <input type="hidden" name="returnTo" value={returnTo} />
        {nameVideo ? <input type="hidden" name="videoId" value={videoId} /> : null}
        <ReactionButton kind="like" count={likes} pressed={myReaction === "LIKE"} />
        <ReactionButton kind="dislike" count={dislikes} pressed={myReaction === "DISLIKE"} />
      </form>
      {myReaction ? <p className="text-sm text-stone-700">{reactionStatus[myReaction]}</p> : null}
    </div>
  );
}
