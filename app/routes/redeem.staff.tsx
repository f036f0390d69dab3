import { Link2, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { requireBusiness } from "~/features/team/member.server";
import { listCampaigns } from "~/features/campaigns/campaigns.server";
import { createStaffAccess, listStaffAccess, revokeStaffAccess } from "~/features/redeem/staff-links.server";
import { STAFF_LINK_CAMPAIGN_MESSAGE, STAFF_LINK_LOCATION_MESSAGE, StaffLinkSchema } from "~/features/redeem/redeem.schema";
import { listLocations } from "~/features/team/locations.server";
import { type FormResult, getFormProps, serverOnlyErrors, useValidatedForm } from "~/utils/form";
import { formFields, submit, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { formatDateTime } from "~/features/redeem/offer";
import { ownerT, useOwnerT, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import { CopyButton } from "~/features/languages/owner/copy-value";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import type { Route } from "./+types/redeem.staff";

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireBusiness(request);
  const { db } = await getServices();
  const timeZone = await getTimeZone(request);
  const [links, campaigns, locations] = await Promise.all([
    listStaffAccess(db, { userId: user.id }),
    listCampaigns(db, { userId: user.id }),
    listLocations(db, { businessId: user.id }),
  ]);
  const t = ownerT("staffLinks", ownerLanguageFor(user, request.headers.get("accept-language")));
  return {
    links: links.map((link) => ({
      id: link.id,
      label: link.label,
      scope: [link.campaignTitle ?? t("allCampaigns"), ...(link.locationName ? [link.locationName] : [])].join(" · "),
      created: formatDateTime(link.createdAt, timeZone),
      lastUsed: link.lastUsedAt ? formatDateTime(link.lastUsedAt, timeZone) : t("never"),
    })),
    campaigns: campaigns.map((campaign) => ({ id: campaign.id, title: campaign.title })),
    locations: locations.map((place) => ({ id: place.id, name: place.name })),
  };
}

type ActionData = {
  created?: { label: string; url: string };
  fieldErrors?: Record<string, string>;
  /** Set when the fields failed the schema the form also checks with. */
  result?: FormResult;
  message?: string;
};

type StaffLinkPost = { userId: string; fields: Record<string, string> };

/** Each button posts its own intent; each intent has its own step below. */
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireBusiness(request);
  const post: StaffLinkPost = { userId: user.id, fields: formFields(await readForm(request)) };
  switch (post.fields.intent) {
    case "create":
      return createStaffLink(post);
    case "revoke":
      return revokeStaffLink(post);
    default:
      return data<ActionData>({ message: "Unknown action." }, { status: 400 });
  }
}

async function createStaffLink({ userId, fields }: StaffLinkPost) {
  const parsed = submit(StaffLinkSchema, fields);
  if (!parsed.ok) return parsed.response;
  const { db, env } = await getServices();
  const created = await createStaffAccess(db, { userId, ...parsed.value });
  if ("refused" in created) {
    const message = created.refused === "campaignId" ? STAFF_LINK_CAMPAIGN_MESSAGE : STAFF_LINK_LOCATION_MESSAGE;
    return data<ActionData>({ fieldErrors: { [created.refused]: message } }, { status: 400 });
  }
  return data<ActionData>({ created: { label: parsed.value.label, url: `${env.appOrigin}/redeem/s/${created.token}` } });
}

async function revokeStaffLink({ userId, fields }: StaffLinkPost) {
  const { db } = await getServices();
  const revoked = await revokeStaffAccess(db, { userId, staffAccessId: fields.staffAccessId ?? "" });
  return data<ActionData>(
    { message: revoked ? "Link revoked. It stops working at once." : "This link no longer exists." },
    { status: revoked ? 200 : 404 },
  );
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function StaffLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { links, campaigns, locations } = loaderData;
  const result = actionData as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useValidatedForm(StaffLinkSchema, { id: "staff-link", lastResult: result?.result });
  // A campaign that is not the owner's is found by the server only.
  const serverErrors = serverOnlyErrors(result?.fieldErrors, result?.result);
  const t = useOwnerT("staffLinks");
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link to="/redeem" className={buttonClass({ variant: "secondary" })}>
            {t("openCounter")}
          </Link>
        }
      />
      {result?.created ? (
        <div role="status" className="space-y-2 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <p className="font-semibold">{t("created", { label: result.created.label })}</p>
          <label htmlFor="staff-link-url" className="sr-only">
            {t("link")}
          </label>
          <div className="flex items-center gap-2">
            <input
              id="staff-link-url"
              readOnly
              value={result.created.url}
              className="w-full min-w-0 rounded-lg border border-green-300 bg-white px-3 py-2 font-mono text-xs text-gray-900"
            />
            <CopyButton label={t("link")} value={result.created.url} />
          </div>
        </div>
      ) : null}
      {result?.message ? (
        <p role="status" className="rounded-xl bg-gray-100 p-3 text-sm text-gray-800">
          {result.message}
        </p>
      ) : null}

      <Form method="post" {...getFormProps(form)} className={cardClass({ padding: "md", className: "space-y-4" })} aria-labelledby="new-link-heading">
        <h2 id="new-link-heading" className="text-lg font-semibold text-gray-900">
          {t("new")}
        </h2>
        <input type="hidden" name="intent" value="create" />
        <Field id="staff-label" label={t("label")} errors={fields.label.errors}>
          {(control) => <Input {...control} name="label" required maxLength={60} placeholder={t("labelPlaceholder")} />}
        </Field>
        <Field id="staff-campaign" label={t("campaign")} errors={fields.campaignId.errors ?? serverErrors.campaignId}>
          {(control) => (
            <Select {...control} name="campaignId" defaultValue="">
              <option value="">{t("allCampaigns")}</option>
              {campaigns.map((campaign) => (
                <option key={campaign.id} value={campaign.id}>
                  {campaign.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {locations.length ? (
          <Field id="staff-location" label={t("location")} errors={fields.locationId.errors ?? serverErrors.locationId}>
            {(control) => (
              <Select {...control} name="locationId" defaultValue="">
                <option value="">{t("allLocations")}</option>
                {locations.map((place) => (
                  <option key={place.id} value={place.id}>
                    {place.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        <p className="text-sm text-gray-600">{t("sharedDevice")}</p>
        <Button type="submit" disabled={busy}>
          <Link2 aria-hidden className="h-4 w-4" /> {t("create")}
        </Button>
      </Form>

      <section aria-labelledby="links-heading" className="space-y-3">
        <h2 id="links-heading" className="text-lg font-semibold text-gray-900">
          {t("active")}
        </h2>
        {links.length === 0 ? (
          <p className="text-sm text-gray-600">{t("empty")}</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
            {links.map((link) => (
              <li key={link.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-gray-900">
                    {link.label} <span className="text-sm font-normal text-gray-600">{t("sharedDeviceTag")}</span>
                  </p>
                  <p className="text-sm text-gray-600">{t("usage", { scope: link.scope, created: link.created, lastUsed: link.lastUsed })}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="staffAccessId" value={link.id} />
                  <Button type="submit" variant="danger-outline" size="sm" disabled={busy} aria-label={t("revokeNamed", { label: link.label })}>
                    <Trash2 aria-hidden className="h-4 w-4" /> {t("revoke")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("staffLinks", ownerLanguageIn(matches))("pageTitle") }];
