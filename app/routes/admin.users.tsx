import { data, Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/input";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/ui/table";
import { ActionNotice, AdminPage, EmptyRow, ListFilters, Pagination, PlanBadge, resultOf, AdminTable } from "~/features/admin/admin-ui";
import { readListQuery, ROLE_FILTERS, UserActionSchema } from "~/features/admin/admin.schema";
import { changeUserRole, listUsers } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/session.server";
import { ownerLanguageIn, ownerT, useOwnerDates, useOwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
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

const FAILURES = { last_admin: "lastAdmin", configured_admin: "configuredAdmin" } as const;

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const t = ownerT("admin", ownerLanguageFor(admin, request.headers.get("accept-language")));
  const parsed = submit(UserActionSchema, formFields(await readForm(request)));
  if (!parsed.ok) return parsed.response;
  const { db, env } = await getServices();
  const { userId, role } = parsed.value;
  const result = await changeUserRole(db, { actorId: admin.id, adminEmails: env.adminEmails, userId, role });
  if (!result.ok) {
    if (result.reason === "not_found") notFound(t("users.notFound"));
    return data({ error: t(`users.${FAILURES[result.reason]}`) }, { status: 400 });
  }
  return { message: t("users.updated", { role: t(`users.role.${role}`) }) };
}

const ROLE_OPTIONS = ["all", "user", "admin"] as const;

/** An account in ADMIN_EMAILS is an admin whatever its stored role. */
const effectiveRoleOf = (user: { role: string; isConfiguredAdmin: boolean }) => (user.role === "admin" || user.isConfiguredAdmin ? "admin" : "user");

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { users, q, role, page, total, currentUserId } = loaderData;
  const t = useOwnerT("admin");
  const dates = useOwnerDates();
  const options = ROLE_OPTIONS.map((value) => ({ value, label: t(`users.filters.${value}`) }));
  const columns = (["email", "role", "plan", "joined", "change"] as const).map((column) => t(`users.columns.${column}`));
  return (
    <AdminPage title={t("users.title")} description={t("users.description")}>
      <ListFilters
        q={q}
        searchLabel={t("users.search")}
        placeholder={t("users.placeholder")}
        filter={{ name: "role", label: t("users.roleFilter"), value: role, options }}
      />
      <ActionNotice result={resultOf(actionData)} />
      <AdminTable caption={t("users.caption")} head={columns}>
        {users.length === 0 ? (
          <EmptyRow colSpan={5}>{q || role !== "all" ? t("users.noMatches") : t("users.empty")}</EmptyRow>
        ) : (
          users.map((user) => {
            const effectiveRole = effectiveRoleOf(user);
            return (
              <tr key={user.id}>
                <Td className="font-medium text-gray-900">
                  {user.email}
                  {user.id === currentUserId ? <span className="ml-2 text-xs text-gray-500">{t("users.you")}</span> : null}
                </Td>
                <Td>
                  <Badge color={effectiveRole === "admin" ? "purple" : "gray"}>{t(`users.role.${effectiveRole}`)}</Badge>
                </Td>
                <Td>
                  <PlanBadge plan={user.plan} />
                </Td>
                <Td className="whitespace-nowrap">{dates.day(user.createdAt)}</Td>
                <Td>
                  <Form key={effectiveRole} method="post" preventScrollReset className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="setRole" />
                    <input type="hidden" name="userId" value={user.id} />
                    <label htmlFor={`role-${user.id}`} className="sr-only">
                      {t("users.roleFor", { email: user.email })}
                    </label>
                    <select id={`role-${user.id}`} name="role" defaultValue={effectiveRole} className={`${controlClass({ size: "sm" })} w-28`}>
                      <option value="user">{t("users.role.user")}</option>
                      <option value="admin">{t("users.role.admin")}</option>
                    </select>
                    <button
                      type="submit"
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                      aria-label={t("users.updateOf", { email: user.email })}
                    >
                      {t("users.update")}
                    </button>
                  </Form>
                </Td>
              </tr>
            );
          })
        )}
      </AdminTable>
      <Pagination page={page} total={total} counted={t("users.count", { count: total })} />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("admin", ownerLanguageIn(matches))("users.pageTitle") }];
