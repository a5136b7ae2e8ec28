import * as z from "zod";

/** Every paginated list: `?cursor=` from the previous page's `next`, and `?limit=` within the list's maximum. */
export function pageQuerySchema({ defaultSize, maxSize }: { defaultSize: number; maxSize: number }) {
  return z.object({
    cursor: z.string().max(400, "The cursor is not valid.").optional().describe('From the previous page\'s `Link: <…>; rel="next"` header.'),
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${maxSize}.` })
      .int(`limit must be a whole number from 1 to ${maxSize}.`)
      .min(1, `limit must be a whole number from 1 to ${maxSize}.`)
      .max(maxSize, `limit must be a whole number from 1 to ${maxSize}.`)
      .default(defaultSize)
      .describe(`Walks per page: ${defaultSize} unless given, at most ${maxSize}.`),
  });
}

export const WALK_PAGE = { defaultSize: 50, maxSize: 100 } as const;
export const walkPageQuerySchema = pageQuerySchema(WALK_PAGE);
