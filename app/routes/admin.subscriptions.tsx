import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/input";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/ui/table";
import { ActionNotice, AdminPage, EmptyRow, ListFilters, Pagination, resultOf, AdminTable } from "~/features/admin/admin-ui";
import { readListQuery, SUBSCRIPTION_FILTERS, SubscriptionActionSchema } from "~/features/admin/admin.schema";
import { listSubscriptions, setEnterpriseGrant, setProGrant, setSubscriptionStatus } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/session.server";
import { SUBSCRIPTION_STATUS_COLOR } from "~/features/billing/plan";
import { formatPostDate } from "~/features/blog/blog";
import type { z } from "zod";
import { formFields, notFound, submit, readForm } from "~/utils/http.server";
import { getServices, type Services } from "~/utils/services.server";
import type { Route } from "./+types/admin.subscriptions";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, filter, page } = readListQuery(request, SUBSCRIPTION_FILTERS, "status");
  const { db, env } = await getServices();
  const { rows, total } = await listSubscriptions(db, { proPriceId: env.STRIPE_PRICE_ID, q, status: filter, page });
  return {
    q,
    status: filter,
    page,
    total,
    rows: rows.map((row) => ({ ...row, subscribedAt: row.subscribedAt?.toISOString() ?? null })),
  };
}

/** Each control posts its own intent (the schema's union); each has its own step below. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = submit(SubscriptionActionSchema, formFields(await readForm(request)));
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  const input = parsed.value;
  switch (input.intent) {
    case "setStatus":
      return setStatus(db, admin.id, input);
    case "setPro":
      return setPro(db, admin.id, input);
    case "setEnterprise":
      return setEnterprise(db, admin.id, input);
  }
}

type SubscriptionAction<I> = Extract<z.infer<typeof SubscriptionActionSchema>, { intent: I }>;

async function setStatus(db: Services["db"], actorId: string, input: SubscriptionAction<"setStatus">) {
  const changed = await setSubscriptionStatus(db, { actorId, userId: input.userId, status: input.status });
  if (!changed) notFound("Subscription not found");
  return { message: `Subscription status set to ${input.status}.` };
}

async function setPro(db: Services["db"], actorId: string, input: SubscriptionAction<"setPro">) {
  const isPro = input.isPro === "true";
  if (!(await setProGrant(db, { actorId, userId: input.userId, isPro }))) notFound("User not found");
  return { message: isPro ? "Pro granted." : "Pro removed." };
}

async function setEnterprise(db: Services["db"], actorId: string, input: SubscriptionAction<"setEnterprise">) {
  const isEnterprise = input.isEnterprise === "true";
  if (!(await setEnterpriseGrant(db, { actorId, userId: input.userId, isEnterprise }))) notFound("User not found");
  return { message: isEnterprise ? "Enterprise granted." : "Enterprise removed." };
}

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "canceled", label: "Canceled" },
  { value: "none", label: "No subscription" },
];

export default function AdminSubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, q, status, page, total } = loaderData;
  return (
    <AdminPage title="Subscription Management" description="Every user with their subscription. Grant or remove Pro for anyone.">
      <ListFilters
        q={q}
        searchLabel="Search by user email or customer ID"
        placeholder="Search subscriptions..."
        filter={{ name: "status", label: "Status", value: status, options: STATUS_OPTIONS }}
      />
      <ActionNotice result={resultOf(actionData)} />
      <AdminTable caption="Subscriptions" head={["User", "Plan", "Subscription", "Customer ID", "Since", "Change status", "Pro grant"]}>
        {rows.length === 0 ? (
          <EmptyRow colSpan={7}>{q || status !== "all" ? "No subscriptions match your filters" : "No users yet"}</EmptyRow>
        ) : (
          rows.map((row) => (
            <tr key={row.userId}>
              <Td className="font-medium text-gray-900">{row.email}</Td>
              <Td>
                <Badge color={row.plan === "Free" ? "gray" : "blue"}>{row.plan}</Badge>
              </Td>
              <Td>
                {row.status ? <Badge color={SUBSCRIPTION_STATUS_COLOR[row.status]}>{row.status}</Badge> : <span className="text-gray-500">None</span>}
              </Td>
              <Td className="font-mono text-xs">{row.stripeCustomerId ?? "—"}</Td>
              <Td className="whitespace-nowrap">{row.subscribedAt ? formatPostDate(row.subscribedAt) : "—"}</Td>
              <Td>
                {row.status ? (
                  <Form key={row.status} method="post" preventScrollReset className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="setStatus" />
                    <input type="hidden" name="userId" value={row.userId} />
                    <label htmlFor={`status-${row.userId}`} className="sr-only">
                      Subscription status for {row.email}
                    </label>
                    <select id={`status-${row.userId}`} name="status" defaultValue={row.status} className={`${controlClass({ size: "sm" })} w-32`}>
                      <option value="active">active</option>
                      <option value="inactive">inactive</option>
                      <option value="canceled">canceled</option>
                    </select>
                    <button
                      type="submit"
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                      aria-label={`Update subscription status of ${row.email}`}
                    >
                      Update
                    </button>
                  </Form>
                ) : (
                  <span className="text-gray-500">—</span>
                )}
              </Td>
              <Td>
                <PlanGrantButton intent="setPro" field="isPro" plan="Pro" granted={row.isPro} userId={row.userId} email={row.email} />
                <PlanGrantButton
                  intent="setEnterprise"
                  field="isEnterprise"
                  plan="Enterprise"
                  granted={row.isEnterprise}
                  userId={row.userId}
                  email={row.email}
                  className="mt-1"
                />
              </Td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination page={page} total={total} noun="user" />
    </AdminPage>
  );
}

/** "Make Pro" / "Remove Pro" (and Enterprise's): flips the grant the row shows. */
function PlanGrantButton(props: {
  intent: "setPro" | "setEnterprise";
  field: "isPro" | "isEnterprise";
  plan: string;
  granted: boolean;
  userId: string;
  email: string;
  className?: string;
}) {
  const label = `${props.granted ? "Remove" : "Make"} ${props.plan}`;
  return (
    <Form method="post" preventScrollReset className={props.className}>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="userId" value={props.userId} />
      <input type="hidden" name={props.field} value={props.granted ? "false" : "true"} />
      <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })} aria-label={`${label} for ${props.email}`}>
        {label}
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Subscription Management · LeadQR" }];
