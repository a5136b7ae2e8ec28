import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The mails written to an outbox folder (MAIL_OUTBOX_DIR), oldest first, with quoted-printable soft line
 * breaks and `=3D` undone so a test can find a link in them as the reader's mail program would show it.
 */
export function mailsIn(outbox: string) {
  return readdirSync(outbox)
    .sort()
    .map((file) =>
      readFileSync(path.join(outbox, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    );
}
