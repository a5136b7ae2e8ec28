import { Form } from "@remix-run/react";
import { adminAreaUrl } from "~/lib/navigation";
import { anchors, formErrorsOf, replyAboutNone, type AreaProps } from "./area";
import { ConfirmDialog } from "~/components/confirm-dialog";
import type { loadProfilesArea } from "./profiles.server";
import { AdminSearch, PlaceFields } from "./search";
import { AdminList, DeleteLink, RowMessage, type ListNames } from "./admin-list";
import { actionsColumn, ResponsiveTable } from "~/components/data-table";

type ProfilesData = Awaited<ReturnType<typeof loadProfilesArea>>;
type Row = ProfilesData["users"][number];

const roleConfirmText = (username: string) => `Are you sure you want to change ${username}'s role?`;
const deleteConfirmText = (username: string) => `Are you sure you want to delete: ${username}?`;
const article = (role: "User" | "Admin") => (role === "Admin" ? "an Admin" : "a User");

// Users come by username, a page at a time.
const names: ListNames = {
  noun: ["user", "users"],
  anchor: anchors.userList,
  rowAnchor: anchors.userRow,
  pageLinks: ["Pages of users", "First users", "Next users"],
};

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
 * One button that says what it will do. It opens the confirmation (a GET to the ?confirm= URL, so it
 * works without JavaScript); only the confirming POST changes the role.
 */
function RoleButton({ user, place }: { user: Row; place: ProfilesData["place"] }) {
  const next = user.role === "Admin" ? "User" : "Admin";
  return (
    <Form method="get" action="/adminControlPanel" preventScrollReset>
      <input type="hidden" name="option" value="profiles" />
      <PlaceFields place={place} />
      <input type="hidden" name="confirm" value="role" />
      <input type="hidden" name="id" value={user.id} />
      <button type="submit" className="btn-secondary min-h-11 whitespace-nowrap" aria-haspopup="dialog">
        Make {next}
        <span className="sr-only"> for {user.username}</span>
      </button>
    </Form>
  );
}

export function ProfilesArea({ data, reply }: AreaProps<ProfilesData>) {
  // The same page of the same search, after a confirmation or a change.
  const back = adminAreaUrl("profiles", data.place);
  const confirm = data.confirm;
  const isDelete = confirm?.kind === "delete";
  const shown = data.users.map((user) => user.id);
  // A role change is answered in the person's row; a deletion where the list says what it shows.
  const answerAt = confirm ? (isDelete ? anchors.userList : anchors.userRow(confirm.user.id)) : null;
  return (
    <div>
      {/* First in the area: without JavaScript the confirmation step is what the page opens on. */}
      <ConfirmDialog
        id="profiles-confirm-dialog"
        title={isDelete ? "Delete user" : "Change role"}
        prompt={confirm ? (isDelete ? deleteConfirmText : roleConfirmText)(confirm.user.username) : ""}
        open={Boolean(confirm)}
        closeTo={confirm ? `${back}#${anchors.userRow(confirm.user.id)}` : back}
        action={answerAt ? `${back}#${answerAt}` : back}
        intent={isDelete ? "delete" : "changeRole"}
        fields={
          confirm
            ? { id: confirm.user.id, ...(isDelete ? {} : { role: confirm.user.role === "Admin" ? "User" : "Admin" }) }
            : {}
        }
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
      <AdminList
        names={names}
        data={data}
        shown={shown}
        refusal={formErrorsOf(replyAboutNone(reply, "id", shown, "changeRole", "delete", ""))}
      >
        {/* Below md each row is a card: the header row hides and every cell carries its own label. */}
        <div className="card overflow-x-auto">
          <ResponsiveTable
            caption="Users"
            captionClassName="sr-only"
            columns={["Username", "Email", "Role", actionsColumn]}
            cell="px-4 py-3"
            tableClassName="text-sm"
            headClassName="border-b border-stone-200 bg-stone-50 text-stone-800"
            bodyClassName="divide-y divide-stone-200"
          >
            {data.users.map((user) => (
              <tr
                key={user.id}
                id={anchors.userRow(user.id)}
                data-user-row={user.username}
                className="block scroll-mt-4 p-4 md:table-row md:p-0"
              >
                <th
                  scope="row"
                  className="block text-base font-medium text-stone-900 [overflow-wrap:anywhere] md:table-cell md:px-4 md:py-3 md:text-sm"
                >
                  {user.username}
                </th>
                {/* Breaks only where it must, not a letter per line as break-all would. */}
                <td className="block py-1 [overflow-wrap:anywhere] text-stone-800 md:table-cell md:px-4 md:py-3">
                  <span className="sr-only md:hidden">Email: </span>
                  {user.email}
                </td>
                <td className="block py-1 md:table-cell md:px-4 md:py-3">
                  <span className="sr-only">Role: </span>
                  <RoleBadge role={user.role} />
                </td>
                <td className="block pt-2 md:table-cell md:px-4 md:py-3 md:text-right">
                  <div className="flex flex-wrap items-center gap-2 md:justify-end">
                    <RoleButton user={user} place={data.place} />
                    <DeleteLink
                      to={adminAreaUrl("profiles", { ...data.place, confirm: "delete", id: user.id })}
                      what={user.username}
                      className="btn-danger min-h-11"
                    />
                  </div>
                  <RowMessage
                    rowAnchor={names.rowAnchor}
                    id={user.id}
                    reply={reply}
                    intents={["changeRole", "delete"]}
                  />
                </td>
              </tr>
            ))}
          </ResponsiveTable>
        </div>
      </AdminList>
    </div>
  );
}
