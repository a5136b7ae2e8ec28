// The reaction intents of the video pages' forms and what each stores. Free of zod on purpose: the
// components that render the forms import it.

export const reactionIntents = ["like", "dislike", "clear"] as const;
export type ReactionIntent = (typeof reactionIntents)[number];

export type ReactionValue = "LIKE" | "DISLIKE";

export function reactionForIntent(intent: ReactionIntent): ReactionValue | null {
  return intent === "like" ? "LIKE" : intent === "dislike" ? "DISLIKE" : null;
}
