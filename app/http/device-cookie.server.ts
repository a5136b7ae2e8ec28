import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import * as z from "zod";
import { env } from "~/utils/env.server";

/** A year: a device that signed in once stays known through a long holiday. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The accounts one browser remembers (a shared family computer): the most recent first. */
const MAX_ACCOUNTS = 5;

/**
 * OWASP's device cookie (decision 040): proof that this browser has signed in to these accounts before.
 * Signed with the session secret (HMAC-SHA256), so a forged or altered value fails to parse and counts
 * as no cookie; it holds a random device id and the ids of the accounts it was earned for, nothing else.
 * Secure and SameSite decided as for the session cookie.
 */
const deviceCookie = createCookie("__device", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.COOKIE_SECURE,
  path: "/",
  secrets: [env.SESSION_SECRET],
  maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
});

const deviceSchema = z.object({
  device: z.string().regex(/^[a-f0-9]{32}$/),
  accounts: z
    .array(z.string().regex(/^[a-f0-9]{24}$/))
    .min(1)
    .max(MAX_ACCOUNTS),
});

type Device = z.infer<typeof deviceSchema>;

async function readDevice(request: Request): Promise<Device | null> {
  const parsed = deviceSchema.safeParse(await deviceCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/** Whether the request carries a valid device cookie earned by this account. */
export async function isKnownDevice(request: Request, userId: string) {
  return Boolean((await readDevice(request))?.accounts.includes(userId));
}

/**
 * The Set-Cookie value after this account signed in from this browser: its device id kept (or a new
 * one), the account put first, the oldest dropped beyond five.
 */
export async function commitDeviceCookie(request: Request, userId: string) {
  const known = await readDevice(request);
  const device: Device = {
    device: known?.device ?? randomBytes(16).toString("hex"),
    accounts: [userId, ...(known?.accounts ?? []).filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS),
  };
  return deviceCookie.serialize(device);
}
