import * as z from "zod";
import { reactionIntents } from "~/utils/reactions";
import { VIDEO_SUB_CATEGORIES } from "~/utils/video-topics";

/** Ids are 24 lowercase hex characters (database default). */
export const videoIdSchema = z.string().regex(/^[a-f0-9]{24}$/, "Unknown video.");

export const videoSubCategorySchema = z.enum(VIDEO_SUB_CATEGORIES);

/** What a signed-in user can do on a video: react to it, or tell us they started playing it. */
export const videoActionSchema = z.object({
  intent: z.enum([...reactionIntents, "view"], { error: "Choose like, dislike or remove." }),
  // Where a plain form (no JavaScript) returns to; only paths on this site are honoured.
  returnTo: z.string().max(500).optional(),
  // Set by enhanced (fetcher) submissions, which want data instead of a redirect.
  enhanced: z.literal("1").optional(),
});
export type VideoAction = z.infer<typeof videoActionSchema>;
