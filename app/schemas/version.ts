import * as z from "zod";
import { numberFromInput } from "~/schemas/geo-fields";

/** The largest version a row can reach (a PostgreSQL integer). */
export const MAX_VERSION = 2_147_483_647;

export const versionMessage = "The version must be a whole number of at least 0.";

/**
 * The version of a trail, bench or video an edit was based on (each edit moves it on by one), as an
 * admin form's hidden field or an API body sends it: with it, an edit made after someone else's is
 * refused instead of applied over it.
 */
export const versionSchema = z.preprocess(
  numberFromInput,
  z.number({ error: versionMessage }).int(versionMessage).min(0, versionMessage).max(MAX_VERSION, versionMessage),
);
