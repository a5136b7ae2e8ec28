import { createHash, randomBytes } from "node:crypto";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { sendMail } from "~/utils/mailer.server";

// What every mailed one-time link shares (password reset, sign-in link, email confirmation): how its
// token is made and stored, where its link points, and what happens when its mail cannot be sent.

/** A new random token (what the link carries) and its SHA-256 (all the database keeps). */
export function mintToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/** A leaked table of these hashes cannot be turned back into working links. */
export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** Links in mails come only from APP_URL, never from anything a request said about its host. */
export function tokenLink(prefix: string, token: string) {
  return new URL(`/${prefix}/${encodeURIComponent(token)}`, env.APP_URL).toString();
}

type Mail = { to: string; subject: string; text: string };

/**
 * Sends a mail and says whether it went. When it could not, `forget` runs (deleting the token it carried:
 * no usable link exists that nobody received) and one error line is logged under `what`, without the
 * error's own message, which may quote the recipient: its code says what went wrong well enough.
 */
export async function sendOrForget(
  what: string,
  mail: Mail,
  forget: () => Promise<unknown> = async () => {},
): Promise<"sent" | "mail-failed"> {
  try {
    await sendMail(mail);
    return "sent";
  } catch (error) {
    await forget();
    const code = (error as { code?: unknown }).code;
    log("error", `${what} mail failed`, {
      error: typeof code === "string" ? code : error instanceof Error ? error.name : "unknown",
    });
    return "mail-failed";
  }
}
