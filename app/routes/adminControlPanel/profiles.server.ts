import { data } from "@remix-run/node";
import * as z from "zod";
import { adminAreaUrl } from "~/lib/navigation";
import { changeUserRole, deleteUserAccount, getUserById, listUsers } from "~/models/user.server";
import { parseSearchQuery } from "~/schemas/text";
import { roleSchema, userMessages } from "~/schemas/user";
import { endSession } from "~/http/auth.server";
import type { SessionUser } from "~/models/session.server";
import { redirectWithToast } from "~/http/toast.server";

const idSchema = z.string().regex(/^[a-f0-9]{24}$/);

export const profilesMessages = {
  roleConfirm: (username: string) => `Are you sure you want to change ${username}'s role?`,
  deleteConfirm: (username: string) => `Are you sure you want to delete: ${username}?`,
  roleChanged: (username: string, role: string) => `${username}'s role was changed to ${role}.`,
  deleted: (username: string) => `${username} was deleted.`,
  notFound: "That user no longer exists.",
  lastAdminDelete: "The last administrator cannot be deleted: make another user an administrator first.",
} as const;

const profilesIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("changeRole"), id: idSchema, role: roleSchema }),
  z.object({ intent: z.literal("delete"), id: idSchema }),
]);

/**
 * The users matching ?q= and, for ?confirm=role|delete&id=, the user to confirm about: without
 * JavaScript that confirmation is a server-rendered step, with JavaScript it shows as a modal dialog.
 */
export async function loadProfilesArea(url: URL, admin: SessionUser) {
  const { q, error: searchError } = parseSearchQuery(url.searchParams.get("q"));
  const users = searchError ? [] : await listUsers({ q });
  const kind = url.searchParams.get("confirm");
  const id = url.searchParams.get("id") ?? "";
  let confirm: { kind: "role" | "delete"; user: { id: string; username: string; role: "User" | "Admin" } } | null = null;
  if ((kind === "role" || kind === "delete") && idSchema.safeParse(id).success) {
    const user = await getUserById(id);
    if (user) confirm = { kind, user: { id: user.id, username: user.username, role: user.role } };
  }
  return {
    area: "profiles" as const,
    q,
    searchError,
    adminId: admin.id,
    users: users.map((user) => ({ id: user.id, username: user.username, email: user.email, role: user.role })),
    confirm,
  };
}

export type ProfilesActionData = { area: "profiles"; error: string };

export async function profilesAction(request: Request, formData: FormData, admin: SessionUser) {
  const { q } = parseSearchQuery(new URL(request.url).searchParams.get("q"));
  const back = adminAreaUrl("profiles", { q });
  const fail = (status: number, error: string) => data<ProfilesActionData>({ area: "profiles", error }, { status });
  const parsed = profilesIntentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return fail(400, "The request was not understood. Please try again.");
  const input = parsed.data;

  const target = await getUserById(input.id);
  if (!target) return fail(404, profilesMessages.notFound);

  if (input.intent === "changeRole") {
    const changed = await changeUserRole(input.id, input.role);
    if (!changed.ok) return fail(changed.reason === "last-admin" ? 409 : 404, changed.reason === "last-admin" ? userMessages.lastAdminRole : profilesMessages.notFound);
    const message = profilesMessages.roleChanged(changed.user.username, changed.user.role);
    // A role change ends the person's sessions: an administrator who gave up their own role signs in anew.
    if (input.id === admin.id && changed.user.role !== "Admin") {
      return redirectWithToast("/authorization?formType=signin", { type: "success", message }, { headers: await endSession(request) });
    }
    return redirectWithToast(back, { type: "success", message });
  }

  const deleted = await deleteUserAccount(input.id);
  if (!deleted.ok) return fail(deleted.reason === "last-admin" ? 409 : 404, deleted.reason === "last-admin" ? profilesMessages.lastAdminDelete : profilesMessages.notFound);
  const message = profilesMessages.deleted(target.username);
  if (input.id === admin.id) return redirectWithToast("/", { type: "success", message }, { headers: await endSession(request) });
  return redirectWithToast(back, { type: "success", message });
}
