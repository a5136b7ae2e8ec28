import { setTimeout as sleep } from "node:timers/promises";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin, type PublicUser } from "~/models/user.server";
import { beginSignIn } from "~/http/rate-limit.server";
import { commitSessionCookie, destroySessionCookie, getSessionId } from "~/http/session-cookie.server";
import { createSession, deleteSession, getUserForSession, type SessionUser } from "~/models/session.server";
import { redirectWithToast } from "~/http/toast.server";

export class InvalidCredentialsError extends Error {
  constructor() {
    super("Sign-in failed. Please check your credentials.");
  }
}

export class SignInRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many failed sign-ins from this client.");
  }
}

type SignInResult =
  { ok: true; user: PublicUser } | { ok: false; reason: "invalid-credentials" } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * One sign-in attempt, for the page and the API alike. Refused only when this client has failed too
 * often; an account that many clients are failing on makes the attempt wait before the password is
 * checked (the same wait whether or not the email is registered), and a success counts nothing.
 */
export async function signInAttempt(request: Request, email: string, password: string): Promise<SignInResult> {
  const ticket = await beginSignIn(request, email);
  if (!ticket.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: ticket.retryAfterSeconds };
  if (ticket.delayMs > 0) await sleep(ticket.delayMs);
  const user = await verifyLogin(email, password);
  if (!user) return { ok: false, reason: "invalid-credentials" };
  await ticket.succeeded();
  return { ok: true, user };
}

export const authenticator = new Authenticator<PublicUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const email = form.get("email");
    const password = form.get("password");
    if (typeof email !== "string" || typeof password !== "string") throw new InvalidCredentialsError();
    const attempt = await signInAttempt(request, email, password);
    if (attempt.ok) return attempt.user;
    throw attempt.reason === "rate-limited" ? new SignInRateLimitedError(attempt.retryAfterSeconds) : new InvalidCredentialsError();
  }),
  "user-pass",
);

export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await getSessionId(request);
  return sessionId ? getUserForSession(sessionId) : null;
}

/** The signed-in user; a visitor is sent to sign in and brought back here afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
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

/** Where a role lands after signing in (SPEC §4), and where a signed-in person at / is sent. */
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
  options: { redirectTo?: unknown; message: string; signedUp?: boolean },
) {
  const previous = await getSessionId(request);
  if (previous) await deleteSession(previous);
  const session = await createSession(user.id, { startedBySignUp: options.signedUp ?? false });
  const to = safeRedirect(options.redirectTo, homePathFor(user.role));
  return redirectWithToast(to, { type: "success", message: options.message }, { headers: { "Set-Cookie": await commitSessionCookie(session.id) } });
}

/** Ends the current session (if any) and clears the cookie. */
export async function endSession(request: Request) {
  const sessionId = await getSessionId(request);
  if (sessionId) await deleteSession(sessionId);
  return { "Set-Cookie": await destroySessionCookie() };
}
