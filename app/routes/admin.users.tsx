/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { data, Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/input";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/ui/table";
import { ActionNotice, AdminPage, EmptyRow, ListFilters, Pagination, PlanBadge, resultOf, AdminTable } from "~/features/admin/admin-ui";
import { readListQuery, ROLE_FILTERS, UserActionSchema } from "~/features/admin/admin.schema";
import { changeUserRole, listUsers } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/session.server";
import { formatPostDate } from "~/features/blog/blog";
import { formFields, notFound, submit, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/admin.users";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { q, filter, page } = readListQuery(request, ROLE_FILTERS, "role");
  const { db, env } = await getServices();
  const { rows, total } = await listUsers(db, { adminEmails: env.adminEmails, proPriceId: env.STRIPE_PRICE_ID, q, role: filter, page });
  return {
    q,
    role: filter,
    page,
    total,
    currentUserId: admin.id,
    users: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

const FAILURES = {
  last_admin: "You cannot remove the last admin. Make another user an admin first.",
  configured_admin: "This account is an admin through the ADMIN_EMAILS setting; remove it there to change its role.",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = submit(UserActionSchema, formFields(await readForm(request)));
  if (!parsed.ok) return parsed.response;
  const { db, env } = await getServices();
  const { userId, role } = parsed.value;
  const result = await changeUserRole(db, { actorId: admin.id, adminEmails: env.adminEmails, userId, role });
  if (!result.ok) {
    if (result.reason === "not_found") notFound("User not found");
    return data({ error: FAILURES[result.reason] }, { status: 400 });
  }
  return { message: `Role updated to ${role}.` };
}

const ROLE_OPTIONS = [
  { value: "all", label: "All roles" },
  { value: "user", label: "User" },
  { value: "admin", label: "Admin" },
];

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, q, role, page, total, currentUserId } = loaderData;
  return (
    <AdminPage title="User Management" description="Search users and change their role. Changes apply on the user's next request.">
      <ListFilters
        q={q}
        searchLabel="Search by email"
        placeholder="Search users..."
        filter={{ name: "role", label: "Role", value: role, options: ROLE_OPTIONS }}
      />
      <ActionNotice result={resultOf(actionData)} />
      <AdminTable caption="Users" head={["Email", "Role", "Plan", "Joined", "Change role"]}>
        {users.length === 0 ? (
          <EmptyRow colSpan={5}>{q || role !== "all" ? "No users match your filters" : "No users yet"}</EmptyRow>
        ) : (
          users.map((user) => {
            const effectiveRole = user.role === "admin" || user.isConfiguredAdmin ? "admin" : "user";
            return (
              <tr key={user.id}>
                <Td className="font-medium text-gray-900">
                  {user.email}
                  {user.id === currentUserId ? <span className="ml-2 text-xs text-gray-500">(you)</span> : null}
                </Td>
                <Td>
                  <Badge color={effectiveRole === "admin" ? "purple" : "gray"}>{effectiveRole}</Badge>
                </Td>
                <Td>
                  <PlanBadge plan={user.plan} />
                </Td>
                <Td className="whitespace-nowrap">{formatPostDate(user.createdAt)}</Td>
                <Td>
                  <Form key={effectiveRole} method="post" preventScrollReset className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="setRole" />
                    <input type="hidden" name="userId" value={user.id} />
                    <label htmlFor={`role-${user.id}`} className="sr-only">
                      Role for {user.email}
                    </label>
                    <select id={`role-${user.id}`} name="role" defaultValue={effectiveRole} className={`${controlClass({ size: "sm" })} w-28`}>
                      <option value="user">user</option>
                      <option value="admin">admin</option>
                    </select>
                    <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })} aria-label={`Update role of ${user.email}`}>
                      Update
                    </button>
                  </Form>
                </Td>
              </tr>
            );
          })
        )}
      </AdminTable>
      <Pagination page={page} total={total} noun="user" />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "User Management · LeadQR" }];
