import { describe, expect, it } from "vitest";
import { reactionForIntent } from "~/lib/reactions";

describe("reactionForIntent", () => {
  it("maps intents to stored values", () => {
    expect([reactionForIntent("like"), reactionForIntent("dislike"), reactionForIntent("clear")]).toEqual([
      "LIKE",
      "DISLIKE",
      null,
    ]);
  });
});
