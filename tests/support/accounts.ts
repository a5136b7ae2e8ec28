import { commitSessionCookie } from "~/http/session-cookie.server";
import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";

/**
 * A new account of `role` and a session for it: its id, the session's id (`callRoute`'s `sessionId` and
 * the API's bearer token) and the `Cookie` header a browser signed in with it sends. `name` is the
 * username and the email's part.
 */
export async function signedInAccount(
  role: "User" | "Admin",
  name = `${role.toLowerCase()}${Math.random().toString(36).slice(2, 10)}`,
) {
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234", role });
  const token = (await createSession(user.id)).id;
  return { id: user.id, token, cookie: (await commitSessionCookie(token)).split(";")[0] };
}
