import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** A real SMTP server in the test process: the app sends through nodemailer, tests read the files. */
export async function startSmtpServer(dir: string) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(",");
        writeFileSync(
          path.join(dir, `${Date.now()}-${++count}.eml`),
          `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks)}`,
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type Mail = { to: string; subject: string; text: string; raw: string };

function decodeQuotedPrintable(input: string) {
  return Buffer.from(
    input
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

export function readMail(dir: string): Mail[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith(".eml"))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(dir, file), "utf8");
    const to = /^X-Envelope-To: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
    const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
    return { to, subject, text: decodeQuotedPrintable(raw), raw };
  });
}

/** Waits for the newest mail to an address (mail is sent asynchronously after the response). */
export async function waitForMail(dir: string, to: string, timeoutMs = 10_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readMail(dir).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
    if (found.length > 0) return found[found.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
