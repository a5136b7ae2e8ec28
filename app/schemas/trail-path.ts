import * as z from "zod";
import { MAX_PATH_FILE_BYTES, PATH_FILE_EXTENSIONS } from "~/lib/trail-path-file";
import { versionSchema } from "~/schemas/version";

// Replacing a trail's path from a file (docs/features.md): the Trail area's upload form and the
// preview's Apply and Cancel. What the file holds is checked by the parser (~/lib/trail-path-file).

export const trailPathMessages = {
  fileRequired: "Choose a GPX or GeoJSON file to upload.",
  fileType: `The file must be a ${PATH_FILE_EXTENSIONS.join(", ").replace(/, ([^,]*)$/, " or $1")} file.`,
  fileTooLarge: `The file is larger than ${MAX_PATH_FILE_BYTES / 1024 / 1024} MB.`,
  uploadGone:
    "This upload is no longer waiting: it was applied, cancelled or more than an hour old. Upload the file again.",
  stale:
    "This trail was changed by someone else since the preview was shown, so nothing was applied. The preview now compares the upload with the latest path: look at it again before you apply.",
  notAdded: (trailName: string) => `The ${trailName} was not added.`,
  cancelled: (trailName: string) => `The upload was cancelled: the path of the ${trailName} is unchanged.`,
  replaced: (trailName: string, points: number) =>
    `The path of the ${trailName} was replaced: ${points.toLocaleString("en-US")} points.`,
} as const;

const hasPathExtension = (file: File) =>
  PATH_FILE_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

/** The upload form: the file (at most 1 MB); the trail is named in the form's action URL. */
export const trailPathUploadSchema = z.object({
  file: z
    .file({ error: trailPathMessages.fileRequired })
    .refine(hasPathExtension, trailPathMessages.fileType)
    .refine((file) => file.size <= MAX_PATH_FILE_BYTES, trailPathMessages.fileTooLarge),
});

/** The preview's buttons: Apply names the trail version the preview compared with; Cancel needs nothing. */
export const trailPathDraftIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("apply"), version: versionSchema }),
  z.object({ intent: z.literal("cancel") }),
]);
