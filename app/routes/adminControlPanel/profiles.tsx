import { Form, Link } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { FormAlert } from "~/components/form-fields";
import { adminAreaUrl } from "~/lib/navigation";
import { useHydrated } from "~/lib/use-hydrated";
import { formErrorsOf, type AreaProps } from "./area";
import { ConfirmDialog } from "~/components/confirm-dialog";
import type { loadProfilesArea } from "./profiles.server";
import { AdminSearch, ResultCount } from "./search";

type ProfilesData = Awaited<ReturnType<typeof loadProfilesArea>>;
type Row = ProfilesData["users"][number];

const roleConfirmText = (username: string) => `Are you sure you want to change ${username}'s role?`;
const deleteConfirmText = (username: string) => `Are you sure you want to delete: ${username}?`;
const article = (role: "User" | "Admin") => (role === "Admin" ? "an Admin" : "a User");

function RoleBadge({ role }: { role: "User" | "Admin" }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        role === "Admin" ? "bg-badge-primary text-white" : "bg-badge-secondary text-white"
      }`}
    >
      {role}
    </span>
  );
}

/**
 * The role checkbox shows whether the user is an Admin. Ticking it (with JavaScript) or pressing
 * "Change role" (always) opens the confirmation; only the confirming POST changes anything.
 */
function RoleToggle({ user, q }: { user: Row; q: string }) {
  const hydrated = useHydrated();
  const checkboxId = `role-${user.id}`;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (hydrated) event.currentTarget.form?.requestSubmit();
  };
  return (
    <Form method="get" action="/adminControlPanel" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="option" value="profiles" />
      {q ? <input type="hidden" name="q" value={q} /> : null}
      <input type="hidden" name="confirm" value="role" />
      <input type="hidden" name="id" value={user.id} />
      <input
        id={checkboxId}
        type="checkbox"
        checked={user.role === "Admin"}
        onChange={onChange}
        className="h-5 w-5 accent-brand-700"
        aria-describedby={`${checkboxId}-hint`}
      />
      <label htmlFor={checkboxId} className="text-sm">
        Admin<span className="sr-only"> role for {user.username}</span>
      </label>
      <span id={`${checkboxId}-hint`} className="sr-only">
        Changing it asks for confirmation.
      </span>
      <button type="submit" className="btn-link text-sm">
        Change role<span className="sr-only"> of {user.username}</span>
      </button>
    </Form>
  );
}

export function ProfilesArea({ data, reply }: AreaProps<ProfilesData>) {
  const back = adminAreaUrl("profiles", { q: data.q });
  const confirm = data.confirm;
  const isDelete = confirm?.kind === "delete";
  return (
    <div>
      {/* First in the area: without JavaScript the confirmation step is what the page opens on. */}
      <ConfirmDialog
        id="profiles-confirm-dialog"
        title={isDelete ? "Delete user" : "Change role"}
        prompt={confirm ? (isDelete ? deleteConfirmText : roleConfirmText)(confirm.user.username) : ""}
        open={Boolean(confirm)}
        closeTo={back}
        action={back}
        intent={isDelete ? "delete" : "changeRole"}
        fields={confirm ? { id: confirm.user.id, ...(isDelete ? {} : { role: confirm.user.role === "Admin" ? "User" : "Admin" }) } : {}}
        confirmLabel={isDelete ? "Yes, delete" : "Yes, change role"}
        tone={isDelete ? "danger" : "primary"}
      >
        {confirm ? (
          <p className="mt-2 text-stone-700">
            {isDelete
              ? "The account and its sessions are deleted permanently."
              : `${confirm.user.username} is now ${article(confirm.user.role)} and will become ${article(
                  confirm.user.role === "Admin" ? "User" : "Admin",
                )}; their sessions end, so the new role applies at their next sign-in.`}
          </p>
        ) : null}
      </ConfirmDialog>
      <AdminSearch option="profiles" value={data.q} error={data.searchError} label="Search by username or email" />
      <FormAlert messages={formErrorsOf(reply?.result)} />
      <ResultCount count={data.users.length} q={data.q} noun={["user", "users"]} />
      {data.users.length === 0 ? (
        <p className="card p-6 text-stone-800">No results found</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Users</caption>
            <thead className="border-b border-stone-200 bg-stone-50 text-stone-800">
              <tr>
                <th scope="col" className="px-4 py-3">Username</th>
                <th scope="col" className="px-4 py-3">Email</th>
                <th scope="col" className="px-4 py-3">Role</th>
                <th scope="col" className="px-4 py-3">Admin</th>
                <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {data.users.map((user) => (
                <tr key={user.id} data-user-row={user.username}>
                  <th scope="row" className="px-4 py-3 font-medium text-stone-900">{user.username}</th>
                  <td className="px-4 py-3 break-all">{user.email}</td>
                  <td className="px-4 py-3"><RoleBadge role={user.role} /></td>
                  <td className="px-4 py-3"><RoleToggle user={user} q={data.q} /></td>
                  <td className="px-4 py-3 text-right">
                    <Link
                      to={adminAreaUrl("profiles", { q: data.q, confirm: "delete", id: user.id })}
                      preventScrollReset
                      className="btn-danger"
                      aria-haspopup="dialog"
                    >
                      Delete<span className="sr-only"> {user.username}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
