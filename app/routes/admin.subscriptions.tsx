/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/input";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/ui/table";
import { ActionNotice, AdminPage, EmptyRow, ListFilters, Pagination, PlanBadge, resultOf, AdminTable } from "~/features/admin/admin-ui";
import { readListQuery, SUBSCRIPTION_FILTERS, SubscriptionActionSchema } from "~/features/admin/admin.schema";
import { listSubscriptions, setPlanGrant, setSubscriptionStatus } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/session.server";
import { PLAN_GRANT_MEANINGS, PLAN_GRANTS, SUBSCRIPTION_STATUS_COLOR, type PlanGrant } from "~/features/billing/plan";
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
    case "setPlan":
      return setPlan(db, admin.id, input);
  }
}

type SubscriptionAction<I> = Extract<z.infer<typeof SubscriptionActionSchema>, { intent: I }>;

async function setStatus(db: Services["db"], actorId: string, input: SubscriptionAction<"setStatus">) {
  const changed = await setSubscriptionStatus(db, { actorId, userId: input.userId, status: input.status });
  if (!changed) notFound("Subscription not found");
  return { message: `Subscription status set to ${input.status}.` };
}

async function setPlan(db: Services["db"], actorId: string, input: SubscriptionAction<"setPlan">) {
  if (!(await setPlanGrant(db, { actorId, userId: input.userId, plan: input.plan }))) notFound("User not found");
  return { message: `Plan set to ${PLAN_GRANT_MEANINGS[input.plan].label}.` };
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
    <AdminPage title="Subscription Management" description="Every user with their subscription and plan. Choose any account's plan by hand.">
      <ListFilters
        q={q}
        searchLabel="Search by user email or customer ID"
        placeholder="Search subscriptions..."
        filter={{ name: "status", label: "Status", value: status, options: STATUS_OPTIONS }}
      />
      <PlanMeanings />
      <ActionNotice result={resultOf(actionData)} />
      <AdminTable caption="Subscriptions" head={["User", "Plan", "Set plan", "Subscription", "Customer ID", "Since", "Change status"]}>
        {rows.length === 0 ? (
          <EmptyRow colSpan={7}>{q || status !== "all" ? "No subscriptions match your filters" : "No users yet"}</EmptyRow>
        ) : (
          rows.map((row) => (
            <tr key={row.userId}>
              <Td className="font-medium text-gray-900">{row.email}</Td>
              <Td>
                <PlanBadge plan={row.plan} />
              </Td>
              <Td>
                <PlanSelect grant={row.grant} userId={row.userId} email={row.email} />
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
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination page={page} total={total} noun="user" />
    </AdminPage>
  );
}

/** What each plan means, once above the table, so the choice in each row is an informed one. */
function PlanMeanings() {
  return (
    <section aria-labelledby="plan-meanings" className="rounded-xl border border-gray-200 bg-white p-4 text-sm">
      <h2 id="plan-meanings" className="font-semibold text-gray-900">
        The plans
      </h2>
      {/* Each reads as one sentence: "Enterprise = Pro + no LeadQR name on visitor pages and emails". */}
      <dl className="mt-2 space-y-1">
        {PLAN_GRANTS.map((grant) => (
          <div key={grant}>
            <dt className="inline font-medium text-gray-900">{PLAN_GRANT_MEANINGS[grant].label}</dt>
            <dd className="inline text-gray-600">
              {" = "}
              {PLAN_GRANT_MEANINGS[grant].meaning}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-gray-600">A paid Stripe subscription makes an account Pro whatever is chosen here.</p>
    </section>
  );
}

/** One control for the plan an admin grants: Free, Pro or Enterprise (replaces Make Pro / Remove Pro). */
function PlanSelect({ grant, userId, email }: { grant: PlanGrant; userId: string; email: string }) {
  return (
    <Form key={grant} method="post" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="intent" value="setPlan" />
      <input type="hidden" name="userId" value={userId} />
      <label htmlFor={`plan-${userId}`} className="sr-only">
        Plan for {email}
      </label>
      <select id={`plan-${userId}`} name="plan" defaultValue={grant} className={`${controlClass({ size: "sm" })} w-32`}>
        {PLAN_GRANTS.map((option) => (
          <option key={option} value={option}>
            {PLAN_GRANT_MEANINGS[option].label}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })} aria-label={`Save plan for ${email}`}>
        Save
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Subscription Management · LeadQR" }];
