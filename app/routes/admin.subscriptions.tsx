import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/input";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/ui/table";
import { ActionNotice, AdminPage, EmptyRow, ListFilters, Pagination, PlanBadge, resultOf, AdminTable } from "~/features/admin/admin-ui";
import { readListQuery, SUBSCRIPTION_FILTERS, SubscriptionActionSchema } from "~/features/admin/admin.schema";
import { listSubscriptions, setPlanGrant, setSubscriptionStatus } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/session.server";
import {
  FREE_CAMPAIGN_LIMIT,
  FREE_SCAN_LIMIT,
  FREE_VISIBLE_LEADS,
  PLAN_GRANT_MEANINGS,
  PLAN_GRANTS,
  SUBSCRIPTION_STATUS_COLOR,
  type PlanGrant,
} from "~/features/billing/plan";
import { ownerLanguageIn, ownerT, useOwnerDates, useOwnerT, type OwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
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
  const t = ownerT("admin", ownerLanguageFor(admin, request.headers.get("accept-language")));
  const input = parsed.value;
  switch (input.intent) {
    case "setStatus":
      return setStatus(db, admin.id, input, t);
    case "setPlan":
      return setPlan(db, admin.id, input, t);
  }
}

type SubscriptionAction<I> = Extract<z.infer<typeof SubscriptionActionSchema>, { intent: I }>;

async function setStatus(db: Services["db"], actorId: string, input: SubscriptionAction<"setStatus">, t: OwnerT<"admin">) {
  const changed = await setSubscriptionStatus(db, { actorId, userId: input.userId, status: input.status });
  if (!changed) notFound(t("subscriptions.notFound"));
  return { message: t("subscriptions.statusSet", { status: t(`subscriptions.status.${input.status}`) }) };
}

async function setPlan(db: Services["db"], actorId: string, input: SubscriptionAction<"setPlan">, t: OwnerT<"admin">) {
  if (!(await setPlanGrant(db, { actorId, userId: input.userId, plan: input.plan }))) notFound(t("subscriptions.userNotFound"));
  return { message: t("subscriptions.planSet", { plan: PLAN_GRANT_MEANINGS[input.plan].label }) };
}

const STATUS_OPTIONS = ["all", "active", "inactive", "canceled", "none"] as const;
const COLUMNS = ["user", "plan", "setPlan", "subscription", "customerId", "since", "changeStatus"] as const;

export default function AdminSubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, q, status, page, total } = loaderData;
  const t = useOwnerT("admin");
  const dates = useOwnerDates();
  const options = STATUS_OPTIONS.map((value) => ({ value, label: t(`subscriptions.filters.${value}`) }));
  return (
    <AdminPage title={t("subscriptions.title")} description={t("subscriptions.description")}>
      <ListFilters
        q={q}
        searchLabel={t("subscriptions.search")}
        placeholder={t("subscriptions.placeholder")}
        filter={{ name: "status", label: t("subscriptions.statusFilter"), value: status, options }}
      />
      <PlanMeanings />
      <ActionNotice result={resultOf(actionData)} />
      <AdminTable caption={t("subscriptions.caption")} head={COLUMNS.map((column) => t(`subscriptions.columns.${column}`))}>
        {rows.length === 0 ? (
          <EmptyRow colSpan={7}>{q || status !== "all" ? t("subscriptions.noMatches") : t("subscriptions.empty")}</EmptyRow>
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
                {row.status ? (
                  <Badge color={SUBSCRIPTION_STATUS_COLOR[row.status]}>{t(`subscriptions.status.${row.status}`)}</Badge>
                ) : (
                  <span className="text-gray-500">{t("subscriptions.none")}</span>
                )}
              </Td>
              <Td className="font-mono text-xs">{row.stripeCustomerId ?? "—"}</Td>
              <Td className="whitespace-nowrap">{row.subscribedAt ? dates.day(row.subscribedAt) : "—"}</Td>
              <Td>
                {row.status ? (
                  <Form key={row.status} method="post" preventScrollReset className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="setStatus" />
                    <input type="hidden" name="userId" value={row.userId} />
                    <label htmlFor={`status-${row.userId}`} className="sr-only">
                      {t("subscriptions.statusFor", { email: row.email })}
                    </label>
                    <select id={`status-${row.userId}`} name="status" defaultValue={row.status} className={`${controlClass({ size: "sm" })} w-32`}>
                      <option value="active">{t("subscriptions.status.active")}</option>
                      <option value="inactive">{t("subscriptions.status.inactive")}</option>
                      <option value="canceled">{t("subscriptions.status.canceled")}</option>
                    </select>
                    <button
                      type="submit"
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                      aria-label={t("subscriptions.updateStatusOf", { email: row.email })}
                    >
                      {t("subscriptions.update")}
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
      <Pagination page={page} total={total} counted={t("subscriptions.count", { count: total })} />
    </AdminPage>
  );
}

/** What each plan means, once above the table, so the choice in each row is an informed one. */
function PlanMeanings() {
  const t = useOwnerT("admin");
  const meanings: Record<PlanGrant, string> = {
    free: t("subscriptions.plans.free", { campaigns: FREE_CAMPAIGN_LIMIT, scans: FREE_SCAN_LIMIT, leads: FREE_VISIBLE_LEADS }),
    pro: t("subscriptions.plans.pro"),
    enterprise: t("subscriptions.plans.enterprise"),
  };
  return (
    <section aria-labelledby="plan-meanings" className="rounded-xl border border-gray-200 bg-white p-4 text-sm">
      <h2 id="plan-meanings" className="font-semibold text-gray-900">
        {t("subscriptions.plans.title")}
      </h2>
      {/* Each reads as one sentence: "Enterprise = Pro + no LeadQR name on visitor pages and emails". */}
      <dl className="mt-2 space-y-1">
        {PLAN_GRANTS.map((grant) => (
          <div key={grant}>
            <dt className="inline font-medium text-gray-900">{PLAN_GRANT_MEANINGS[grant].label}</dt>
            <dd className="inline text-gray-600">
              {" = "}
              {meanings[grant]}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-gray-600">{t("subscriptions.plans.stripe")}</p>
    </section>
  );
}

/** One control for the plan an admin grants: Free, Pro or Enterprise (replaces Make Pro / Remove Pro). */
function PlanSelect({ grant, userId, email }: { grant: PlanGrant; userId: string; email: string }) {
  const t = useOwnerT("admin");
  return (
    <Form key={grant} method="post" preventScrollReset className="flex items-center gap-2">
      <input type="hidden" name="intent" value="setPlan" />
      <input type="hidden" name="userId" value={userId} />
      <label htmlFor={`plan-${userId}`} className="sr-only">
        {t("subscriptions.planFor", { email })}
      </label>
      <select id={`plan-${userId}`} name="plan" defaultValue={grant} className={`${controlClass({ size: "sm" })} w-32`}>
        {PLAN_GRANTS.map((option) => (
          <option key={option} value={option}>
            {PLAN_GRANT_MEANINGS[option].label}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })} aria-label={t("subscriptions.savePlanFor", { email })}>
        {t("subscriptions.save")}
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("admin", ownerLanguageIn(matches))("subscriptions.pageTitle") }];
