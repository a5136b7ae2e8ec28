import * as z from "zod";
import { idSchema } from "~/schemas/id";
import { versionSchema } from "~/schemas/version";
import { displayText } from "~/schemas/text";
import { reactionIntents, type ReactionValue } from "~/lib/reactions";
import { VIDEO_SUB_CATEGORIES, type Topic, type VideoTopicSlug } from "~/lib/video-topics";
import { normalizeVideoUrl, type VideoPlayer } from "~/lib/video-source";

export const videoIdSchema = idSchema("Unknown video.");

/**
 * What a signed-in user can do on a video page: react to a video, or press play (which counts a view).
 * Every one is a plain form that redirects back to the video's card: the video pages ship no JavaScript.
 */
export const videoActionSchema = z.object({
  intent: z.enum([...reactionIntents, "view"], { error: "Choose like, dislike or remove." }),
  // Where a reaction returns to (the card, with its player if it was playing); only paths on this site are honoured.
  returnTo: z.string().max(500).optional(),
});

/** A library page's forms name the video they act on (the watch page's address names it instead). */
export const videoLibraryFormSchema = z.object({ videoId: videoIdSchema });

/** What the API calls a user's reaction; "none" removes it. */
const apiReactions = ["like", "dislike", "none"] as const;
export type ApiReaction = (typeof apiReactions)[number];

/** PUT /api/video/{id}/reaction: the caller's reaction, the same three choices as the page's buttons. */
export const videoReactionApiSchema = z.object({
  reaction: z
    .enum(apiReactions, { error: "The reaction must be one of like, dislike or none." })
    // The page's intents: "clear" is the page's word for none.
    .transform((reaction) => (reaction === "none" ? "clear" : reaction)),
});

// ---------------------------------------------------------------------------------------------------
// Creating and editing videos: the admin form, its action and the JSON API all validate with these.

export const videoMessages = {
  titleRequired: "Enter a title.",
  titleTooLong: "The title can be at most 200 characters.",
  urlRequired: "Enter the video's link.",
  urlInvalid:
    "Enter an https link to a YouTube or Vimeo video, a video file (.mp4 or .webm) or a web page, e.g. https://youtu.be/VIDEO_ID or https://vimeo.com/VIDEO_ID.",
  categoryRequired: "Enter a category.",
  categoryTooLong: "The category can be at most 100 characters.",
  subCategoryRequired: `Choose a subcategory: ${VIDEO_SUB_CATEGORIES.join(", ")}.`,
  descriptionTooLong: "The description can be at most 2000 characters.",
  notFound: "Video not found.",
  stale: "This video was changed by someone else since you opened it.",
  added: (title: string) => `Video "${title}" added.`,
  updated: (title: string) => `Video "${title}" updated.`,
  deleted: (title: string) => `Video "${title}" deleted.`,
  deletedById: "Video deleted.",
  preconditionFailed:
    "This video has changed since the version named in If-Match, so nothing was saved. Read it again for its current version (its ETag) and retry.",
} as const;

/**
 * A video's link: any YouTube link form becomes its embed URL, any Vimeo link its player URL; an https link
 * to a video file or another page is kept as given. Other schemes (http:, javascript:, data:) are refused.
 */
export const videoLinkSchema = storedVideoLink(
  z.string({ error: videoMessages.urlRequired }).trim().min(1, videoMessages.urlRequired),
  videoMessages.urlInvalid,
);

/** A link read as `text` reads it, in the normalised form it is stored in (the library's and the benches'). */
export function storedVideoLink(text: z.ZodString, invalid: string) {
  return text.max(500, invalid).transform((value, ctx) => {
    const stored = normalizeVideoUrl(value);
    if (!stored) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return stored;
  });
}

export const videoInputSchema = z.object({
  title: displayText({
    label: "The title",
    required: videoMessages.titleRequired,
    max: 200,
    tooLong: videoMessages.titleTooLong,
  }),
  url: videoLinkSchema,
  category: displayText({
    label: "The category",
    required: videoMessages.categoryRequired,
    max: 100,
    tooLong: videoMessages.categoryTooLong,
  }),
  subCategory: z.enum(VIDEO_SUB_CATEGORIES, { error: videoMessages.subCategoryRequired }),
  description: displayText({
    label: "The description",
    max: 2000,
    tooLong: videoMessages.descriptionTooLong,
    multiline: true,
  }).optional(),
});
export type VideoInput = z.output<typeof videoInputSchema>;

/** An edit through the API may name only the fields it changes. */
export const videoPatchSchema = videoInputSchema.partial();
export type VideoPatch = z.output<typeof videoPatchSchema>;

/** The admin edit form also carries which video it edits. */
export const videoEditFormSchema = videoInputSchema.extend({ id: videoIdSchema });

/**
 * The admin Videos area: add a video, edit one, or delete one (after a confirmation). An edit and a
 * deletion carry the version of the video the page showed, so a stale one is refused.
 */
export const videoIntentSchema = z.discriminatedUnion("intent", [
  videoInputSchema.extend({ intent: z.literal("create") }),
  videoEditFormSchema.extend({ intent: z.literal("update"), version: versionSchema }),
  z.object({ intent: z.literal("delete"), id: videoIdSchema, version: versionSchema }),
]);

/** A video as the JSON API answers it (docs/api.md). */
export const videoJsonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  url: z.string(),
  category: z.string(),
  subCategory: z.string(),
  description: z.string(),
  views: z.number().int(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  version: z
    .number()
    .int()
    .describe(
      "Changes with every edit of the video (not with views or reactions); a single video's answer names it in `ETag`. Send it as `If-Match` to have a stale edit refused (412).",
    ),
});
export type VideoJson = z.infer<typeof videoJsonSchema>;

/** A video as one caller sees it after reacting or playing it: its totals and the caller's own reaction. */
export const viewerVideoJsonSchema = videoJsonSchema.extend({
  reaction: z.enum(apiReactions).describe("The caller's own reaction to the video."),
});
export type ViewerVideoJson = z.infer<typeof viewerVideoJsonSchema>;

/** POST /api/video/{id}/view: the video, and whether this call counted a view (one per user, video and UTC day). */
export const videoViewJsonSchema = viewerVideoJsonSchema.extend({
  counted: z.boolean().describe("False when the caller's view of this video was already counted today."),
});

export const videoDeletedSchema = z.object({ message: z.string(), _id: z.string() });

/** What a video card shows; the stored link becomes an address on our configured embed host. */
export type VideoCardData = {
  id: string;
  title: string;
  category: string;
  subCategory: string;
  description: string;
  views: number;
  likes: number;
  dislikes: number;
  myReaction: ReactionValue | null;
  /** How the video plays here (see videoPlayerFor), or null when its link cannot be played. */
  player: VideoPlayer | null;
  /** The still the server fetched and serves from our origin, with its size; null until there is one. */
  thumbnail: { src: string; width: number; height: number } | null;
  /** Whose illustration stands in while there is no still. */
  topic: Topic;
};

/** What each of the five video pages loads: its videos, and the one whose player is shown (`?play=<id>`). */
export type VideoLibraryData = { slug: VideoTopicSlug; videos: VideoCardData[]; playing: string | null };

/** A video form refused on its page: the sentence, and the card it belongs beside (null: above the list). */
export type VideoFormRefusal = { error: string; videoId: string | null };

/** A served still's file name: `<videoId>-<first 16 hex digits of its hash>.<jpg|png|webp>`. */
export const thumbnailFileSchema = z
  .string()
  .regex(/^[a-f0-9]{24}-[a-f0-9]{16}\.(jpg|png|webp)$/)
  .transform((file) => {
    const [name, extension] = file.split(".");
    const [videoId, hashPrefix] = name.split("-");
    return { videoId, hashPrefix, extension };
  });
