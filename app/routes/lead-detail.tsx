import { Badge } from "~/components/ui/badge";
import { cardClass } from "~/components/ui/card";
import { buttonClass } from "~/components/ui/button";
import { ArrowLeft, Download, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { requireUser } from "~/features/auth/session.server";
import { CONSENT_MODE_LABELS, CONSENT_STATUS_COLOR } from "~/features/consent/consent";
import { eraseLead, getLeadDetail } from "~/features/leads/lead-rights.server";
import { isLanguage, LANGUAGE_NAMES } from "~/features/languages/languages";
import { formFields, notFound, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { dateTimeFormat } from "~/utils/dates";
import { getTimeZone } from "~/utils/time-zone.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/lead-detail";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await getServices();
  const lead = await getLeadDetail(db, { userId: user.id, isPro: user.plan.isPro, leadId: params.leadId });
  if (!lead) notFound("Lead not found");
  return { lead, timeZone: await getTimeZone(request) };
}

export const ERASE_CONFIRMATION = "erase";

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const fields = formFields(await readForm(request));
  if (fields.intent !== "erase") return data({ error: "Unknown action." }, { status: 400 });
  if (fields.confirm !== ERASE_CONFIRMATION) {
    return data({ error: "Tick the box to confirm that this lead should be erased." }, { status: 400 });
  }
  const { db } = await getServices();
  if (!(await eraseLead(db, { userId: user.id, leadId: params.leadId }))) notFound("Lead not found");
  return redirect("/leads?erased=1");
}

export default function LeadDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, timeZone } = loaderData;
  const navigation = useNavigation();
  const erasing = navigation.state !== "idle" && navigation.formData?.get("intent") === "erase";
  const when = (value: string | null) =>
    value ? dateTimeFormat("en-US", timeZone, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(value)) : "—";
  const consent = lead.consent;

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <Link to="/leads" className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to leads
      </Link>
      <PageHeader
        title={lead.name}
        description={`Lead from ${lead.campaign.title}`}
        actions={
          <a href={`/leads/${lead.id}/export.json`} download className={buttonClass({ variant: "secondary" })}>
            <Download aria-hidden className="h-4 w-4" /> Export this person's data
          </a>
        }
      />

      <section aria-labelledby="lead-contact" className={cardClass()}>
        <h2 id="lead-contact" className="text-lg font-semibold text-gray-900">
          Contact
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Item label="Email">{lead.email}</Item>
          <Item label="Phone">{lead.phone || "Not provided"}</Item>
          <Item label="Campaign">{lead.campaign.title}</Item>
          <Item label="Collected at">{when(lead.collectedAt)}</Item>
          <Item label="Scan">
            {lead.scan ? `${when(lead.scan.timestamp)} · ${lead.scan.deviceType} · ${lead.scan.source === "qr" ? "QR code" : "link"}` : "—"}
          </Item>
        </dl>
        {lead.isMasked ? (
          <p className="mt-4 text-sm text-gray-600">
            Hidden on the Free plan.{" "}
            <Link to="/pricing" className="font-semibold text-blue-700 underline">
              Unlock All Leads
            </Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="lead-consent" className={cardClass()}>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="lead-consent" className="text-lg font-semibold text-gray-900">
            Consent
          </h2>
          <Badge data-testid="consent-status" color={CONSENT_STATUS_COLOR[lead.status]}>
            {lead.status}
          </Badge>
        </div>
        {consent ? (
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <Item label="Mode">{CONSENT_MODE_LABELS[consent.mode]}</Item>
            <Item label="Box ticked">{consent.mode === "notice" ? "No box shown" : consent.ticked ? "Yes" : "No"}</Item>
            <div className="sm:col-span-2">
              <dt className="text-sm text-gray-500">Wording shown{consent.language ? <span> · in {languageName(consent.language)}</span> : null}</dt>
              <dd className="mt-1 rounded-lg bg-gray-50 p-3 text-gray-900">“{consent.wording}”</dd>
            </div>
            <Item label="Given at">{when(consent.givenAt)}</Item>
            <Item label="IP address">{consent.clientAddress ?? "—"}</Item>
            <div className="sm:col-span-2">
              <dt className="text-sm text-gray-500">Browser</dt>
              <dd className="mt-1 break-words text-sm text-gray-900">{consent.userAgent ?? "—"}</dd>
            </div>
            {consent.mode === "double_opt_in" && consent.ticked ? (
              <>
                <Item label="Confirmation email">
                  {consent.confirmationSentAt ? `Queued ${when(consent.confirmationSentAt)}` : "Not sent (limit reached)"}
                </Item>
                <Item label="Confirmed at">{when(consent.confirmedAt)}</Item>
                <Item label="Confirmed from">{consent.confirmedAddress ?? "—"}</Item>
              </>
            ) : null}
            {consent.withdrawnAt ? <Item label="Withdrawn at">{when(consent.withdrawnAt)}</Item> : null}
          </dl>
        ) : (
          <p className="mt-2 text-sm text-gray-600">This lead was collected before consent records existed.</p>
        )}
      </section>

      {lead.otherLeads.length > 0 ? (
        <section aria-labelledby="lead-others" className={cardClass()}>
          <h2 id="lead-others" className="text-lg font-semibold text-gray-900">
            Other leads from this email
          </h2>
          <ul className="mt-3 divide-y divide-gray-100">
            {lead.otherLeads.map((other) => (
              <li key={other.id} className="py-2">
                <Link to={`/leads/${other.id}`} className="text-blue-700 hover:underline">
                  {other.campaignTitle}
                </Link>{" "}
                <span className="text-sm text-gray-500">{when(other.collectedAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="lead-erase" className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
        <h2 id="lead-erase" className="text-lg font-semibold text-red-700">
          Erase
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Removes this lead, its consent record and any email about it. It disappears from your leads, CSV and dashboard. This cannot be undone.
        </p>
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="erase" />
          <label className="flex items-start gap-2 text-sm text-gray-800">
            <input type="checkbox" name="confirm" value={ERASE_CONFIRMATION} required className="mt-1" />
            Yes, erase everything we hold about this lead
          </label>
          {actionData?.error ? (
            <p role="alert" className="text-sm text-red-600">
              {actionData.error}
            </p>
          ) : null}
          <button type="submit" disabled={erasing} className={buttonClass({ variant: "danger" })}>
            <Trash2 aria-hidden className="h-4 w-4" /> Erase
          </button>
        </Form>
      </section>
    </main>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 font-medium wrap-anywhere text-gray-900">{children}</dd>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Lead · LeadQR" }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: "Lead not found", message: "This lead does not exist, was erased, or is not yours." } }}
      unexpectedErrorHandler={{ title: "Something went wrong", message: "Please try again in a moment." }}
      back={{ to: "/leads", label: "Back to leads" }}
    />
  );
}

/** "Español (es)": the language in its own name, with its code; an unknown code as it is. */
function languageName(code: string) {
  return isLanguage(code) ? `${LANGUAGE_NAMES[code]} (${code})` : code;
}
