import { redirect } from "@remix-run/node";
import { assertBodyWithinLimit } from "~/utils/request-guard.server";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin, type PublicUser } from "~/models/user.server";
import {
  commitSessionCookie,
  createSession,
  deleteSession,
  destroySessionCookie,
  getSessionId,
  getUserForSession,
  type SessionUser,
} from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export class InvalidCredentialsError extends Error {
  constructor() {
    super("Sign-in failed. Please check your credentials.");
  }
}

export const authenticator = new Authenticator<PublicUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = form.get("email");
    const password = form.get("password");
    if (typeof email !== "string" || typeof password !== "string") throw new InvalidCredentialsError();
    const user = await verifyLogin(email, password);
    if (!user) throw new InvalidCredentialsError();
    return user;
  }),
  "user-pass",
);

export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await getSessionId(request);
  return sessionId ? getUserForSession(sessionId) : null;
}

/** Only paths on this site, so a crafted link cannot bounce a fresh sign-in to another origin. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

/** The signed-in user; a visitor is sent to sign in and brought back here afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  assertBodyWithinLimit(request);
  const user = await getOptionalUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const params = new URLSearchParams({ formType: "signin", redirectTo: `${url.pathname}${url.search}` });
  throw redirect(`/authorization?${params}`);
}

/** An administrator; a signed-in User gets 403, a visitor is sent to sign in. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "Admin") throw new Response("Forbidden", { status: 403 });
  return user;
}

/** Where a role lands after signing in (SPEC §4). */
export function homePathFor(role: string) {
  return role === "Admin" ? "/adminHome" : role === "User" ? "/userHome" : "/";
}

/**
 * Starts a session for a user who has just proven who they are and redirects with a flash message.
 * A session the browser already had is ended first, so switching accounts leaves no stray rows.
 */
export async function startSessionAndRedirect(
  request: Request,
  user: { id: string; role: string },
  options: { redirectTo?: string | null; message: string },
) {
  const previous = await getSessionId(request);
  if (previous) await deleteSession(previous);
  const session = await createSession(user.id);
  const to = safeRedirectPath(options.redirectTo, homePathFor(user.role));
  return redirectWithToast(
    to,
    { type: "success", message: options.message },
    { headers: { "Set-Cookie": await commitSessionCookie(session.id) } },
  );
}

/** Ends the current session (if any) and clears the cookie. */
export async function endSession(request: Request) {
  const sessionId = await getSessionId(request);
  if (sessionId) await deleteSession(sessionId);
  return { "Set-Cookie": await destroySessionCookie() };
}
