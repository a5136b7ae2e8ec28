import { createCookieSessionStorage, redirect } from "@remix-run/node";
import * as z from "zod";
import { env } from "~/utils/env.server";

const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("success"),
  message: z.string().min(1),
  /** The id of the element the message belongs beside (a table row): shown there, and the page lands on it. */
  anchor: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,63}$/)
    .optional(),
});
type Toast = z.infer<typeof toastSchema>;

/** The flash message's cookie: a page rendered for a request that carries it shows the message once. */
export const TOAST_COOKIE = "__toast";

// Flash messages live in their own short-lived signed cookie, so visitors never get a session row.
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: TOAST_COOKIE,
    httpOnly: true,
    sameSite: "lax",
    secure: env.COOKIE_SECURE,
    path: "/",
    secrets: [env.SESSION_SECRET],
  },
});

async function toastHeaders(toast: Toast) {
  const session = await toastStorage.getSession();
  session.flash("toast", toast);
  return new Headers({ "Set-Cookie": await toastStorage.commitSession(session) });
}

/** POST → redirect → GET with a message shown once on the page the user lands on. */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  for (const cookie of (await toastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  if (!toast.anchor) return redirect(url, { ...init, headers });
  // Without JavaScript the browser follows the fragment to the row the message stands in. Remix's router
  // treats a move to the same URL plus a fragment as scrolling and loads nothing: this header makes it
  // load the page (and the flash message) anew.
  headers.set("X-Remix-Revalidate", "yes");
  return redirect(`${url.split("#")[0]}#${toast.anchor}`, { ...init, headers });
}

/** The pending flash message (if any) and the header that clears it. */
export async function getToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get("toast"));
  const headers = parsed.success ? new Headers({ "Set-Cookie": await toastStorage.destroySession(session) }) : null;
  return { toast: parsed.success ? parsed.data : null, headers };
}
