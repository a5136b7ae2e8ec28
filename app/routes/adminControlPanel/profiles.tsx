import { Form, Link, useNavigation } from "@remix-run/react";
import type { ChangeEvent } from "react";
import type { loadProfilesArea } from "~/routes/adminControlPanel/profiles.server";
import { adminAreaUrl } from "~/lib/navigation";
import { AdminSearch, ResultCount } from "~/routes/adminControlPanel/search";
import { FormAlert } from "~/components/form-fields";
import { ModalDialog } from "~/components/modal-dialog";
import { useAdminArea } from "~/routes/adminControlPanel/use-admin-area";
import { useHydrated } from "~/lib/use-hydrated";

type ProfilesData = Awaited<ReturnType<typeof loadProfilesArea>>;
type Row = ProfilesData["users"][number];

// Mirrors profilesMessages (server-only module) for the prompts the page shows.
const roleConfirmText = (username: string) => `Are you sure you want to change ${username}'s role?`;
const deleteConfirmText = (username: string) => `Are you sure you want to delete: ${username}?`;

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

export function ProfilesArea({ data, actionData }: { data: ProfilesData; actionData?: unknown }) {
  const { back, error } = useAdminArea("profiles", data.q, "profiles-confirm-dialog", actionData);
  const confirm = data.confirm;
  const confirmHref = (kind: "role" | "delete", id: string) => `${adminAreaUrl("profiles", { q: data.q, confirm: kind, id })}`;
  return (
    <div>
      {/* First in the area: without JavaScript the confirmation step is what the page opens on. */}
      <ModalDialog
        id="profiles-confirm-dialog"
        title={confirm?.kind === "delete" ? "Delete user" : "Change role"}
        open={Boolean(confirm)}
        closeTo={back}
        footer={confirm ? <ConfirmForm back={back} confirm={confirm} /> : null}
      >
        {confirm ? (
          <>
            <p className="text-lg font-semibold">
              {confirm.kind === "delete" ? deleteConfirmText(confirm.user.username) : roleConfirmText(confirm.user.username)}
            </p>
            <p className="mt-2 text-stone-700">
              {confirm.kind === "delete"
                ? "The account and its sessions are deleted permanently."
                : `${confirm.user.username} is now ${confirm.user.role === "Admin" ? "an Admin" : "a User"} and will become ${
                    confirm.user.role === "Admin" ? "a User" : "an Admin"
                  }; their sessions end, so the new role applies at their next sign-in.`}
            </p>
          </>
        ) : null}
      </ModalDialog>
      <AdminSearch option="profiles" q={data.q} error={data.searchError} label="Search by username or email" />
      <FormAlert messages={error ? [error] : null} />
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
                    <Link to={confirmHref("delete", user.id)} preventScrollReset className="btn-danger" aria-haspopup="dialog">
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

function ConfirmForm({ back, confirm }: { back: string; confirm: NonNullable<ProfilesData["confirm"]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const isDelete = confirm.kind === "delete";
  return (
    <Form method="post" action={back} preventScrollReset>
      <input type="hidden" name="intent" value={isDelete ? "delete" : "changeRole"} />
      <input type="hidden" name="id" value={confirm.user.id} />
      {isDelete ? null : <input type="hidden" name="role" value={confirm.user.role === "Admin" ? "User" : "Admin"} />}
      <button type="submit" className={isDelete ? "btn-danger" : "btn-primary"} disabled={busy}>
        {isDelete ? "Yes, delete" : "Yes, change role"}
      </button>
    </Form>
  );
}
