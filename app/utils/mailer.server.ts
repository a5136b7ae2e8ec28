import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";

type Mail = { to: string; subject: string; text: string; html?: string };

let smtpTransport: { url: string; transport: Transporter } | null = null;

function smtp(url: string) {
  if (smtpTransport?.url !== url) {
    // Short timeouts: the person waits for this answer, and nodemailer's default is two minutes.
    const options = { url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
    smtpTransport = { url, transport: nodemailer.createTransport(options as SMTPTransport.Options) };
  }
  return smtpTransport.transport;
}

/**
 * Said once at start by a production server without SMTP_URL: nobody receives its mails (reset links,
 * sign-in links, the admins' report alerts) until someone opens the outbox folder, which a local `npm start`
 * expects and a deployment that forgot SMTP_URL must hear about.
 */
export function announceMailDelivery() {
  if (env.SMTP_URL || env.NODE_ENV !== "production") return;
  log("warn", "SMTP_URL is not set: mail is written to the outbox folder, not sent", {
    outbox: path.resolve(env.MAIL_OUTBOX_DIR),
  });
}

/**
 * Sends through SMTP_URL; without one (local use) the message is written as an .eml file to
 * MAIL_OUTBOX_DIR and its path logged, so a developer can still open the link. Throws when sending fails.
 */
export async function sendMail(mail: Mail) {
  const message = { from: env.MAIL_FROM, ...mail };
  if (env.SMTP_URL) {
    await smtp(env.SMTP_URL).sendMail(message);
    log("info", "mail sent", { subject: mail.subject });
    return { delivered: "smtp" as const };
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const dir = path.resolve(env.MAIL_OUTBOX_DIR);
  // A reset or sign-in link works as a password: only the server's own user may list or read them.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`,
  );
  writeFileSync(file, info.message as Buffer, { mode: 0o600 });
  log("info", "mail written to outbox (no SMTP_URL set)", { subject: mail.subject, file });
  return { delivered: "outbox" as const, file };
}
