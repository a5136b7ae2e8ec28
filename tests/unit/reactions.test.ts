import { describe, expect, it } from "vitest";
import { applyReaction, reactionForIntent, type ReactionState } from "~/lib/reactions";

describe("applyReaction (optimistic totals)", () => {
  const none: ReactionState = { likes: 4, dislikes: 2, mine: null };
  it("adds a new like or dislike", () => {
    expect(applyReaction(none, "like")).toEqual({ likes: 5, dislikes: 2, mine: "LIKE" });
    expect(applyReaction(none, "dislike")).toEqual({ likes: 4, dislikes: 3, mine: "DISLIKE" });
  });
  it("switches between like and dislike", () => {
    expect(applyReaction({ likes: 5, dislikes: 2, mine: "LIKE" }, "dislike")).toEqual({ likes: 4, dislikes: 3, mine: "DISLIKE" });
    expect(applyReaction({ likes: 4, dislikes: 3, mine: "DISLIKE" }, "like")).toEqual({ likes: 5, dislikes: 2, mine: "LIKE" });
  });
  it("removes the user's reaction, and repeating a choice changes nothing", () => {
    expect(applyReaction({ likes: 5, dislikes: 2, mine: "LIKE" }, "clear")).toEqual({ likes: 4, dislikes: 2, mine: null });
    expect(applyReaction({ likes: 5, dislikes: 2, mine: "LIKE" }, "like")).toEqual({ likes: 5, dislikes: 2, mine: "LIKE" });
    expect(applyReaction(none, "clear")).toEqual(none);
  });
  it("never shows a negative total", () => {
    expect(applyReaction({ likes: 0, dislikes: 0, mine: "LIKE" }, "clear")).toEqual({ likes: 0, dislikes: 0, mine: null });
  });
  it("maps intents to stored values", () => {
    expect([reactionForIntent("like"), reactionForIntent("dislike"), reactionForIntent("clear")]).toEqual(["LIKE", "DISLIKE", null]);
  });
});
