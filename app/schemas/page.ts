import * as z from "zod";

/** A list's page sizes: how many rows a page holds unless `?limit=` says otherwise, and the most it may ask. */
export type PageSize = { defaultSize: number; maxSize: number };

/** Every paginated list: `?cursor=` from the previous page's `next`, and `?limit=` within the list's maximum. */
export function pageQuerySchema({ defaultSize, maxSize }: PageSize, noun = "Walks") {
  return z.object({
    cursor: z
      .string()
      .max(400, "The cursor is not valid.")
      .optional()
      .describe('From the previous page\'s `Link: <…>; rel="next"` header.'),
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${maxSize}.` })
      .int(`limit must be a whole number from 1 to ${maxSize}.`)
      .min(1, `limit must be a whole number from 1 to ${maxSize}.`)
      .max(maxSize, `limit must be a whole number from 1 to ${maxSize}.`)
      .default(defaultSize)
      .describe(`${noun} per page: ${defaultSize} unless given, at most ${maxSize}.`),
  });
}

export const WALK_PAGE = { defaultSize: 50, maxSize: 100 } as const;
export const walkPageQuerySchema = pageQuerySchema(WALK_PAGE);

// The old web client reads GET /api/user/users and GET /api/feedback once and shows what comes: it never
// follows a Link header. So their first page is generous. A user is at most about 370 bytes of JSON (a
// 50-character name and a 254-character email), so 500 of them stay under 200 KB; typical ones are a
// third of that. A feedback message may hold 5,000 characters, so its default is smaller; the newest
// come first, and they are the ones an administrator is working through.
export const USER_API_PAGE = { defaultSize: 500, maxSize: 1000 } as const;
export const userPageQuerySchema = pageQuerySchema(USER_API_PAGE, "Users");
export const FEEDBACK_API_PAGE = { defaultSize: 100, maxSize: 500 } as const;
export const feedbackPageQuerySchema = pageQuerySchema(FEEDBACK_API_PAGE, "Messages");

/** The admin Profiles and Feedback areas: a page of rows, Older and Newest links between pages. */
export const ADMIN_LIST_PAGE = { defaultSize: 50, maxSize: 100 } as const;
/**
 * The admin Videos area: each video is a card with its preview and buttons, several times a profile's
 * row. Ten keep a page of cards under a phone's 4,000 px (decision 020).
 */
export const ADMIN_VIDEO_PAGE = { defaultSize: 10, maxSize: 100 } as const;
/** The most a list's count counts: beyond it the page says "more than", and counting costs no more. */
export const LIST_COUNT_CAP = 1000;

/**
 * A page's `?cursor=` and `?limit=`, forgiving as a page should be: a limit out of range shows the
 * default, and the cursor is the model's to judge (one it did not make shows the first page).
 */
export function readListPage(
  searchParams: URLSearchParams,
  size: PageSize = ADMIN_LIST_PAGE,
): { cursor: string | null; limit: number } {
  const cursor = searchParams.get("cursor");
  const limit = pageQuerySchema(size, "Rows").shape.limit.safeParse(searchParams.get("limit") ?? undefined);
  return {
    cursor: cursor && cursor.length <= 400 ? cursor : null,
    limit: limit.success ? limit.data : size.defaultSize,
  };
}
