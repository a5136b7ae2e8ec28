// Pure reaction arithmetic, shared by the server (intent → stored value) and the optimistic UI.
// Free of zod on purpose: the video cards import it, and zod would add ~90 KB to their bundle.

export const reactionIntents = ["like", "dislike", "clear"] as const;
export type ReactionIntent = (typeof reactionIntents)[number];

export function isReactionIntent(value: unknown): value is ReactionIntent {
  return typeof value === "string" && (reactionIntents as readonly string[]).includes(value);
}

export type ReactionValue = "LIKE" | "DISLIKE";
export type ReactionState = { likes: number; dislikes: number; mine: ReactionValue | null };

export function reactionForIntent(intent: ReactionIntent): ReactionValue | null {
  return intent === "like" ? "LIKE" : intent === "dislike" ? "DISLIKE" : null;
}

/** The totals a user should see right after choosing `intent`, before the server has answered. */
export function applyReaction(state: ReactionState, intent: ReactionIntent): ReactionState {
  const next = reactionForIntent(intent);
  let { likes, dislikes } = state;
  if (state.mine === "LIKE") likes -= 1;
  if (state.mine === "DISLIKE") dislikes -= 1;
  if (next === "LIKE") likes += 1;
  if (next === "DISLIKE") dislikes += 1;
  return { likes: Math.max(0, likes), dislikes: Math.max(0, dislikes), mine: next };
}
