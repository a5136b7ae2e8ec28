import type { SubmissionResult } from "@conform-to/react";

/** What a form about the chosen item of an area is given: the item, the URL it posts to, the answer to its last post. */
export type ItemFormProps<Item> = Item & { here: string; lastResult?: SubmissionResult<string[]> };
