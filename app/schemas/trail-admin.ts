import * as z from "zod";
import { TRAIL_FACT_KEYS } from "~/lib/facts";
import { PALETTE_KEYS, SAMPLE_TRAIL_COLORS, TRAIL_PALETTE } from "~/lib/trail-colors";
import type { PlacementArea } from "~/lib/geo";
import { checkedPath, MAX_PATH_FILE_BYTES, PATH_FILE_EXTENSIONS } from "~/lib/trail-path-file";
import { trailFactsUpdateSchema } from "~/schemas/facts";
import { displayText } from "~/schemas/text";
import { versionSchema } from "~/schemas/version";

// Adding, renaming, recolouring and deleting a trail (decision 078): the Trail area's forms and the API.

const TRAIL_NAME_MAX_LENGTH = 100;
/** Typed points: about 30 characters a point, so some 2,000 points, well inside the form's body limit. */
export const TYPED_POINTS_MAX_LENGTH = 60_000;

const paletteNames = TRAIL_PALETTE.map((color) => color.label).join(", ");

export const trailAdminMessages = {
  nameRequired: "Enter the trail's name.",
  nameTooLong: `A trail's name can be at most ${TRAIL_NAME_MAX_LENGTH} characters.`,
  color: `Choose one of the colours: ${paletteNames}.`,
  nameTaken: "Another trail has this name. Choose another name.",
  sampleColor: `Gold, green and gray belong to the sample trails; choose one of ${paletteNames}.`,
  pathRequired: "Choose a GPX or GeoJSON file, or type the path's points.",
  pathTwice: "Choose a file or type the points, not both.",
  pointsTooLong: `The typed points can be at most ${TYPED_POINTS_MAX_LENGTH.toLocaleString("en-US")} characters; upload a file instead.`,
  path: 'The path must be a GeoJSON LineString: { type: "LineString", coordinates: [[longitude, latitude], …] }.',
  added: (name: string, points: number) => `The ${name} was added with ${points.toLocaleString("en-US")} points.`,
  saved: (name: string) => `The ${name} was saved.`,
  deleted: (name: string) =>
    `The ${name} was deleted. Its benches stay, without a trail; walks and reports keep its name.`,
} as const;

export const trailNameSchema = displayText({
  label: "Name",
  max: TRAIL_NAME_MAX_LENGTH,
  tooLong: trailAdminMessages.nameTooLong,
  required: trailAdminMessages.nameRequired,
});

/** A colour of the palette; the sample trails' own colours pass here so they can be kept (the model refuses choosing one). */
export const trailColorSchema = z.enum([...PALETTE_KEYS, ...(Object.keys(SAMPLE_TRAIL_COLORS) as string[])], {
  error: trailAdminMessages.color,
});

const hasPathExtension = (file: File) =>
  PATH_FILE_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

/**
 * The Add a trail form (a multipart post to the upload route): name, colour and the path, from a file or
 * typed. What the file or the points hold is checked when they are read (app/lib/trail-path-file.ts).
 */
export const newTrailFormSchema = z
  .object({
    name: trailNameSchema,
    color: z.enum(PALETTE_KEYS, { error: trailAdminMessages.color }),
    file: z
      .file()
      .refine(
        hasPathExtension,
        `The file must be a ${PATH_FILE_EXTENSIONS.join(", ").replace(/, ([^,]*)$/, " or $1")} file.`,
      )
      .refine(
        (file) => file.size <= MAX_PATH_FILE_BYTES,
        `The file is larger than ${MAX_PATH_FILE_BYTES / 1024 / 1024} MB.`,
      )
      .optional(),
    points: z.string().max(TYPED_POINTS_MAX_LENGTH, trailAdminMessages.pointsTooLong).optional(),
  })
  .superRefine((value, context) => {
    if (!value.file && !value.points?.trim())
      context.addIssue({ code: "custom", path: ["file"], message: trailAdminMessages.pathRequired });
    else if (value.file && value.points?.trim())
      context.addIssue({ code: "custom", path: ["points"], message: trailAdminMessages.pathTwice });
  });

/** The Trail area's Name and colour form, and its Delete confirmation: the trail and the version shown. */
export const trailDetailsIntents = [
  z.object({
    intent: z.literal("save-details"),
    trailId: z.string().max(100),
    version: versionSchema,
    name: trailNameSchema,
    color: trailColorSchema,
  }),
  z.object({ intent: z.literal("delete-trail"), trailId: z.string().max(100), version: versionSchema }),
] as const;

const lonLatPair = z.tuple([z.number(), z.number()], { error: trailAdminMessages.path });

/** POST /api/trails: a name, optionally a colour (else the first the trails do not use yet), and the path. */
export const trailCreateSchema = z.object({
  name: trailNameSchema,
  color: z.enum(PALETTE_KEYS, { error: trailAdminMessages.color }).optional(),
  path: z.object(
    {
      type: z.literal("LineString", { error: trailAdminMessages.path }),
      coordinates: z.array(lonLatPair, { error: trailAdminMessages.path }),
    },
    { error: trailAdminMessages.path },
  ),
});

/** POST /api/trails for the campus's `area`: the path checked as an uploaded file's is, then as [longitude, latitude] pairs. */
export function trailCreateSchemaFor(area: PlacementArea) {
  return trailCreateSchema.transform(({ name, color, path }, context) => {
    const parsed = checkedPath("GeoJSON", path.coordinates, area);
    if (!parsed.ok) {
      context.addIssue({ code: "custom", path: ["path"], message: parsed.message });
      return z.NEVER;
    }
    return { name, color, coordinates: parsed.points };
  });
}

/**
 * PATCH /api/trails/{id}: a new name or colour, any of the facts, or both. The facts are read as they
 * always were (an unknown field alone is "nothing to update").
 */
export const trailPatchSchema = z
  .looseObject({ name: trailNameSchema.optional(), color: trailColorSchema.optional() })
  .transform(({ name, color, ...rest }, context) => {
    const details = { ...(name === undefined ? {} : { name }), ...(color === undefined ? {} : { color }) };
    const factNames: readonly string[] = [...TRAIL_FACT_KEYS, "stepFree"];
    if (Object.keys(details).length > 0 && !Object.keys(rest).some((key) => factNames.includes(key)))
      return { details, facts: null };
    const facts = trailFactsUpdateSchema.safeParse(rest);
    if (!facts.success) {
      for (const issue of facts.error.issues)
        context.addIssue({ code: "custom", path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { details, facts: facts.data };
  });
