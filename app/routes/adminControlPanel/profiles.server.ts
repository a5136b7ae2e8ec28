import { parseSubmission } from "~/http/form-submission.server";
import { endSession } from "~/http/auth.server";
import { redirectWithToast } from "~/http/toast.server";
import { adminAreaUrl } from "~/lib/navigation";
import type { SessionUser } from "~/models/session.server";
import { changeUserRole, deleteUserAccount, getUserById, userRefusal, userRefusals } from "~/models/user.server";
import { countMatchingUsers, listUsers } from "~/models/user-json.server";
import { isId } from "~/schemas/id";
import { profilesIntentSchema } from "~/schemas/user-forms";
import { userMessages } from "~/schemas/user";
import { anchors } from "./area";
import { confirmationIn, invalid, listPages, refused, searchedListPlace } from "./area.server";

/**
 * A page of the users matching ?q= (after ?cursor=, ?limit= of them) and, for ?confirm=role|delete&id=,
 * the user to confirm about: without JavaScript that confirmation is a server-rendered step, with
 * JavaScript it shows as a modal dialog.
 */
export async function loadProfilesArea(url: URL, admin: SessionUser) {
  const { q, searchError, place, take } = searchedListPlace(url);
  const kind = confirmationIn(url, ["role", "delete"] as const);
  const id = url.searchParams.get("id");
  const [page, count, confirming] = await Promise.all([
    searchError ? { users: [], next: null } : listUsers({ q, cursor: place.cursor, take }),
    searchError ? 0 : countMatchingUsers(q),
    kind && isId(id) ? getUserById(id) : null,
  ]);
  return {
    q,
    searchError,
    adminId: admin.id,
    place,
    pages: listPages("profiles", place, page.next, count, anchors.userList),
    users: page.users.map((user) => ({ id: user.id, username: user.username, email: user.email, role: user.role })),
    confirm:
      kind && confirming
        ? { kind, user: { id: confirming.id, username: confirming.username, role: confirming.role } }
        : null,
  };
}

export async function profilesAction(request: Request, formData: FormData, admin: SessionUser) {
  // Back to the same page of the same search.
  const back = adminAreaUrl("profiles", searchedListPlace(new URL(request.url)).place);
  const submission = parseSubmission(formData, { schema: profilesIntentSchema });
  if (submission.status !== "success") return invalid(submission);
  const input = submission.value;

  if (input.intent === "changeRole") {
    const changed = await changeUserRole(input.id, input.role);
    if (!changed.ok) return refused(input.intent, submission, userRefusal(changed));
    const message = userMessages.roleChanged(changed.user.username, changed.user.role);
    // A role change ends the person's sessions: an administrator who gave up their own role signs in anew.
    if (input.id === admin.id && changed.user.role !== "Admin") {
      return redirectWithToast(
        "/authorization?formType=signin",
        { type: "success", message },
        { headers: await endSession(request) },
      );
    }
    return redirectWithToast(back, { type: "success", message, anchor: anchors.userRow(input.id) });
  }

  const target = await getUserById(input.id);
  if (!target) return refused(input.intent, submission, userRefusals["not-found"]);
  const deleted = await deleteUserAccount(input.id);
  if (!deleted.ok) return refused(input.intent, submission, userRefusal(deleted));
  const message = userMessages.deletedByAdmin(target.username);
  if (input.id === admin.id)
    return redirectWithToast("/", { type: "success", message }, { headers: await endSession(request) });
  // The row is gone: the message stands where the list says what it shows.
  return redirectWithToast(back, { type: "success", message, anchor: anchors.userList });
}
