import { redirect, type AppLoadContext } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyLogin } from "~/models/user-sign-in.server";
import { type PublicUser } from "~/models/user.server";
import { beginSignIn } from "~/http/rate-limit.server";
import { commitDeviceCookie, isKnownDevice } from "~/http/device-cookie.server";
import { deliverSignInLink, deliverSignInLinkTo } from "~/models/sign-in-link.server";
import { runAfterAnswer } from "~/utils/background.server";
import { commitSessionCookie, destroySessionCookie, getSessionId } from "~/http/session-cookie.server";
import { createSession, deleteSession, readSession, type AlsoRead, type SessionUser } from "~/models/session.server";
import { parseDataVersions, readDataVersions, type DataVersions } from "~/utils/versioned-cache.server";
import { PAGE_CACHE_HEADER } from "~/http/page-cache.server";
import { redirectWithToast } from "~/http/toast.server";

export class InvalidCredentialsError extends Error {
  constructor() {
    super("Sign-in failed. Please check your credentials.");
  }
}

/** No session: a link was mailed (the right password from an unknown device while the account is under attack), or offered. */
export class SignInLinkSentError extends Error {
  constructor(readonly reason: "link-sent" | "link-offered") {
    super("A sign-in link was mailed instead of starting a session.");
  }
}

type SignInResult =
  | { ok: true; user: PublicUser }
  | { ok: false; reason: "invalid-credentials" }
  | { ok: false; reason: "link-sent" }
  | { ok: false; reason: "link-offered" };

/**
 * One sign-in attempt, for the page and the API alike. Never refused, never delayed, and a success
 * counts nothing. Once this client's address has reached its sign-in limits (attempts or failures,
 * app/utils/rate-limit-counter.server.ts), the password is not compared: the answer says a link was
 * mailed if the email has an account, and it is, after the answer ("link-offered"). So a student sharing
 * an address with a guesser still gets in, and the guessing costs no more hashes. While the account has
 * had many failures from anywhere (`underAttack`), the right password earns a session only on a device
 * holding the account's device cookie; from any other device it earns a one-time link mailed to the
 * owner (decision 040). A wrong password is answered the same way whatever the account's state.
 */
export async function signInAttempt(request: Request, email: string, password: string): Promise<SignInResult> {
  const ticket = await beginSignIn(request, email);
  if (!ticket.compare) {
    // Looked up after the answer too: the answer is the same, in the same time, for every address.
    runAfterAnswer("sign-in link mail", () => deliverSignInLinkTo(email));
    return { ok: false, reason: "link-offered" };
  }
  const user = await verifyLogin(email, password);
  if (!user) return { ok: false, reason: "invalid-credentials" };
  await ticket.succeeded();
  if (ticket.underAttack && !(await isKnownDevice(request, user.id))) {
    // After the answer, like a reset mail: the answer's time does not depend on the mail server.
    runAfterAnswer("sign-in link mail", () => deliverSignInLink(user.id, "under-attack"));
    return { ok: false, reason: "link-sent" };
  }
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
    if (attempt.reason === "invalid-credentials") throw new InvalidCredentialsError();
    throw new SignInLinkSentError(attempt.reason);
  }),
  "user-pass",
);

// The root's loader and the page's both ask who is signed in: they share the load context Remix hands
// them (app/http/load-context.server.ts), so one lookup answers the whole request and brings the data
// versions with it. An action's lookups are its own (`write`): the loaders Remix runs after it (with a
// GET Request of their own) look again, so a session it ended or a role it changed counts from there on,
// and the next request looks again too, so an admin's edit does.
type RequestSession = {
  user: SessionUser | null;
  dataVersions: DataVersions | null;
  also: unknown;
  alsoRead: AlsoRead | null;
};

/** What one phase of a request (its action, or its loaders) has looked up; kept in its load context. */
export type RequestLookups = {
  session?: Promise<RequestSession>;
  versions?: Promise<DataVersions>;
  alsoRead?: AlsoRead;
};

/** What a loader or an action is handed (`LoaderFunctionArgs` and `ActionFunctionArgs` are both one). */
export type RequestArgs = { request: Request; context: AppLoadContext };

function lookupsOf({ request, context }: RequestArgs): RequestLookups {
  return request.method === "GET" || request.method === "HEAD" ? context.lookups.read : context.lookups.write;
}

/** Per request: the first ask starts the work, every later one shares it; a failure is not kept. */
function oncePerRequest<T>(
  known: Promise<T> | undefined,
  keep: (answer: Promise<T> | undefined) => void,
  work: () => Promise<T>,
): Promise<T> {
  if (known) return known;
  const answer = work();
  keep(answer);
  // The database unreachable: asking again within the request tries again.
  answer.catch(() => keep(undefined));
  return answer;
}

function sessionOf(args: RequestArgs) {
  const lookups = lookupsOf(args);
  return oncePerRequest(
    lookups.session,
    (answer) => (lookups.session = answer),
    async (): Promise<RequestSession> => {
      const sessionId = await getSessionId(args.request);
      // Asked for by now: everything the loaders asked for before their first await (see alsoWithSession).
      const alsoRead = lookups.alsoRead ?? null;
      if (!sessionId) return { user: null, dataVersions: null, also: null, alsoRead: null };
      return { ...(await readSession(sessionId, alsoRead ?? undefined)), alsoRead };
    },
  );
}

/**
 * Has `column` (what the page will show the signed-in person, made from their user id) read in the
 * request's session statement, one round trip for both, and answers it; undefined when the session was
 * read without it (asked too late, another column asked first, or no session), and the caller reads it
 * itself. The loaders of a page start together and the statement goes out after they have all begun, so
 * a loader asks before its first await. What it answers is only the signed-in user's to see.
 */
export async function alsoWithSession(args: RequestArgs, column: AlsoRead): Promise<unknown> {
  const lookups = lookupsOf(args);
  lookups.alsoRead ??= column;
  // A failed lookup is the page's own guard's to answer (requireUser): here it only means "read it yourself".
  const session = await sessionOf(args).catch(() => null);
  return session?.user && session.alsoRead === column ? session.also : undefined;
}

/** The signed-in user, or null; looked up once per request. */
export async function getOptionalUser(args: RequestArgs): Promise<SessionUser | null> {
  return (await sessionOf(args)).user;
}

/**
 * Every kind of admin-edited data's version as this request sees them, read once per request after it
 * began: by the page cache in front of Remix for a visitor's page it holds, with the session lookup when
 * the request has a session cookie, else in a query of their own. Hand them to the versioned caches'
 * readers (listTrails(versions) …) so the request reads `DataVersion` once.
 */
export function dataVersionsOf(args: RequestArgs): Promise<DataVersions> {
  const lookups = lookupsOf(args);
  return oncePerRequest(
    lookups.versions,
    (answer) => (lookups.versions = answer),
    async () => {
      const readByPageCache = args.request.headers.get(PAGE_CACHE_HEADER);
      if (readByPageCache) return parseDataVersions(readByPageCache);
      return (await sessionOf(args)).dataVersions ?? readDataVersions();
    },
  );
}

/** The signed-in user; a visitor is sent to sign in and brought back here afterwards. */
export async function requireUser(args: RequestArgs): Promise<SessionUser> {
  const user = await getOptionalUser(args);
  if (user) return user;
  const url = new URL(args.request.url);
  const params = new URLSearchParams({ formType: "signin", redirectTo: `${url.pathname}${url.search}` });
  throw redirect(`/authorization?${params}`);
}

/** An administrator; a signed-in User gets 403, a visitor is sent to sign in. */
export async function requireAdmin(args: RequestArgs): Promise<SessionUser> {
  const user = await requireUser(args);
  if (user.role !== "Admin") throw new Response("Forbidden", { status: 403 });
  return user;
}

/** Where a role lands after signing in, and where a signed-in person at / is sent. */
export function homePathFor(role: string) {
  return role === "Admin" ? "/adminHome" : role === "User" ? "/userHome" : "/";
}

/**
 * The cookies of a new session: the session's own, and the device cookie that lets this browser sign in
 * to this account at once later, whatever strangers try on it (decision 040).
 */
export async function signedInCookies(request: Request, sessionId: string, userId: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(sessionId));
  headers.append("Set-Cookie", await commitDeviceCookie(request, userId));
  return headers;
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
  return redirectWithToast(
    to,
    { type: "success", message: options.message },
    { headers: await signedInCookies(request, session.id, user.id) },
  );
}

/** Ends the current session (if any) and clears the cookie. */
export async function endSession(request: Request) {
  const sessionId = await getSessionId(request);
  if (sessionId) await deleteSession(sessionId);
  return { "Set-Cookie": await destroySessionCookie() };
}
