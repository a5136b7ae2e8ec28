import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin, type PublicUser } from "~/models/user.server";
import { getSessionId, getUserForSession, type SessionUser } from "~/utils/session.server";

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
