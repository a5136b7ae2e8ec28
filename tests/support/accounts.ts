import { createSession } from "~/models/session.server";
import { createUser } from "~/models/user.server";

/**
 * A new account of `role` and a session for it: its id and the session's id, which is both the cookie's
 * value (`callRoute`'s `sessionId`) and the API's bearer token. `name` is the username and the email's part.
 */
export async function signedInAccount(
  role: "User" | "Admin",
  name = `${role.toLowerCase()}${Math.random().toString(36).slice(2, 10)}`,
) {
  const user = await createUser({ username: name, email: `${name}@example.test`, password: "pass1234", role });
  return { id: user.id, token: (await createSession(user.id)).id };
}
