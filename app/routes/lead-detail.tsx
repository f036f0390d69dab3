import { Badge } from "~/components/ui/badge";
import { cardClass } from "~/components/ui/card";
import { buttonClass } from "~/components/ui/button";
import { ArrowLeft, Download, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { requireBusiness, ROLES } from "~/features/team/member.server";
import { CONSENT_STATUS_COLOR } from "~/features/consent/consent";
import { CODE_STATUS_COLOR, CODE_STATUS_LABEL } from "~/features/redeem/code";
import { eraseLead, getLeadDetail } from "~/features/leads/lead-rights.server";
import { isLanguage, LANGUAGE_NAMES } from "~/features/languages/languages";
import { ownerT, useOwnerT, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { formFields, notFound, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { dateTimeFormat } from "~/utils/dates";
import { getTimeZone } from "~/utils/time-zone.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/lead-detail";

export async function loader({ request, params }: Route.LoaderArgs) {
  // A manager reads the leads of their locations' placements; a viewer reads no lead (docs/features/team.md).
  const acting = await requireBusiness(request, ROLES.manage);
  const { db } = await getServices();
  const lead = await getLeadDetail(db, {
    userId: acting.businessId,
    isPro: acting.plan.isPro,
    leadId: params.leadId,
    placementIds: acting.placementIds,
  });
  if (!lead) notFound("Lead not found");
  return { lead, timeZone: await getTimeZone(request), canErase: acting.role === "owner" };
}

export const ERASE_CONFIRMATION = "erase";

export async function action({ request, params }: Route.ActionArgs) {
  // Erasure answers the person's request to the business: the owner's act.
  const { user } = await requireBusiness(request);
  const fields = formFields(await readForm(request));
  const t = ownerT("refusals", ownerLanguageFor(user, request.headers.get("accept-language")));
  if (fields.intent !== "erase") return data({ error: t("answers.unknownActionDot") }, { status: 400 });
  if (fields.confirm !== ERASE_CONFIRMATION) return data({ error: t("answers.tickToErase") }, { status: 400 });
  const { db } = await getServices();
  if (!(await eraseLead(db, { userId: user.id, leadId: params.leadId }))) notFound("Lead not found");
  return redirect("/leads?erased=1");
}

export default function LeadDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("lead");
  const consentWords = useOwnerT("consentField");
  const { lead, timeZone } = loaderData;
  const navigation = useNavigation();
  const erasing = navigation.state !== "idle" && navigation.formData?.get("intent") === "erase";
  const when = (value: string | null) =>
    value ? dateTimeFormat("en-US", timeZone, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(value)) : "—";
  const consent = lead.consent;

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <Link to="/leads" className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> {t("back")}
      </Link>
      <PageHeader
        title={lead.name}
        description={t("from", { campaign: lead.campaign.title })}
        actions={
          <a href={`/leads/${lead.id}/export.json`} download className={buttonClass({ variant: "secondary" })}>
            <Download aria-hidden className="h-4 w-4" /> {t("export")}
          </a>
        }
      />

      <section aria-labelledby="lead-contact" className={cardClass()}>
        <h2 id="lead-contact" className="text-lg font-semibold text-gray-900">
          {t("contact.title")}
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <Item label={t("contact.email")}>{lead.email}</Item>
          <Item label={t("contact.phone")}>{lead.phone || t("notProvided")}</Item>
          <Item label={t("contact.campaign")}>{lead.campaign.title}</Item>
          <Item label={t("contact.collectedAt")}>{when(lead.collectedAt)}</Item>
          <Item label={t("contact.offerCode")}>
            <OfferCodeState code={lead.offerCode} when={when} />
          </Item>
          <Item label={t("contact.language")}>{consent?.language ? languageName(consent.language) : "—"}</Item>
          <Item label={t("contact.scan")}>
            {lead.scan
              ? `${when(lead.scan.timestamp)} · ${lead.scan.deviceType} · ${lead.scan.source === "qr" ? t("contact.qrCode") : t("contact.link")}`
              : "—"}
          </Item>
        </dl>
        {lead.isMasked ? (
          <p className="mt-4 text-sm text-gray-600">
            {t("contact.hiddenOnFree")}{" "}
            <Link to="/pricing" className="font-semibold text-blue-700 underline">
              {t("contact.unlockAll")}
            </Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="lead-consent" className={cardClass()}>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="lead-consent" className="text-lg font-semibold text-gray-900">
            {t("consent.title")}
          </h2>
          <Badge data-testid="consent-status" color={CONSENT_STATUS_COLOR[lead.status]}>
            {lead.status}
          </Badge>
        </div>
        {consent ? (
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <Item label={t("consent.mode")}>{consentWords(`modes.${consent.mode}`)}</Item>
            <Item label={t("consent.boxTicked")}>
              {consent.mode === "notice" ? t("consent.noBoxShown") : consent.ticked ? t("consent.yes") : t("consent.no")}
            </Item>
            <div className="sm:col-span-2">
              <dt className="text-sm text-gray-500">
                {t("consent.wordingShown")}
                {consent.language ? <span>{t("consent.inLanguage", { language: languageName(consent.language) })}</span> : null}
              </dt>
              {/* The visitor's wording may be right-to-left: isolated, so the quotes and the page around it stay in place. */}
              <dd className="mt-1 rounded-lg bg-gray-50 p-3 text-gray-900">
                “
                <bdi dir="auto" data-testid="consent-wording">
                  {consent.wording}
                </bdi>
                ”
              </dd>
            </div>
            <Item label={t("consent.givenAt")}>{when(consent.givenAt)}</Item>
            <Item label={t("consent.ipAddress")}>{consent.clientAddress ?? "—"}</Item>
            <div className="sm:col-span-2">
              <dt className="text-sm text-gray-500">{t("consent.browser")}</dt>
              <dd className="mt-1 break-words text-sm text-gray-900">{consent.userAgent ?? "—"}</dd>
            </div>
            {consent.mode === "double_opt_in" && consent.ticked ? (
              <>
                <Item label={t("consent.confirmationEmail")}>
                  {consent.confirmationSentAt ? t("consent.queued", { when: when(consent.confirmationSentAt) }) : t("consent.notSent")}
                </Item>
                <Item label={t("consent.confirmedAt")}>{when(consent.confirmedAt)}</Item>
                <Item label={t("consent.confirmedFrom")}>{consent.confirmedAddress ?? "—"}</Item>
              </>
            ) : null}
            {consent.withdrawnAt ? <Item label={t("consent.withdrawnAt")}>{when(consent.withdrawnAt)}</Item> : null}
          </dl>
        ) : (
          <p className="mt-2 text-sm text-gray-600">{t("consent.beforeRecords")}</p>
        )}
      </section>

      {lead.otherLeads.length > 0 ? (
        <section aria-labelledby="lead-others" className={cardClass()}>
          <h2 id="lead-others" className="text-lg font-semibold text-gray-900">
            {t("others")}
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

      {loaderData.canErase ? (
        <section aria-labelledby="lead-erase" className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
          <h2 id="lead-erase" className="text-lg font-semibold text-red-700">
            {t("erase.title")}
          </h2>
          <p className="mt-1 text-sm text-gray-700">{t("erase.explanation")}</p>
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="erase" />
            <label className="flex items-start gap-2 text-sm text-gray-800">
              <input type="checkbox" name="confirm" value={ERASE_CONFIRMATION} required className="mt-1" />
              {t("erase.confirm")}
            </label>
            {actionData?.error ? (
              <p role="alert" className="text-sm text-red-600">
                {actionData.error}
              </p>
            ) : null}
            <button type="submit" disabled={erasing} className={buttonClass({ variant: "danger" })}>
              <Trash2 aria-hidden className="h-4 w-4" /> {t("erase.button")}
            </button>
          </Form>
        </section>
      ) : null}
    </main>
  );
}

type LeadData = Route.ComponentProps["loaderData"]["lead"];

/** The visitor's code as the counter would find it: the code, then Valid, Redeemed or Expired with its date. */
function OfferCodeState({ code, when }: { code: LeadData["offerCode"]; when: (value: string | null) => string }) {
  const t = useOwnerT("lead");
  if (!code) return <span className="font-normal text-gray-600">{t("contact.noCode")}</span>;
  const detail =
    code.status === "redeemed"
      ? code.redeemedBy
        ? t("contact.redeemedByAt", {
            who: code.redeemedBy,
            where: code.redeemedLocation ? t("contact.redeemedWhere", { location: code.redeemedLocation }) : "",
            when: when(code.redeemedAt),
          })
        : t("contact.redeemedAt", { when: when(code.redeemedAt) })
      : code.expiresAt
        ? t(code.status === "expired" ? "contact.expiredAt" : "contact.expiresAt", { when: when(code.expiresAt) })
        : null;
  return (
    <span className="flex flex-wrap items-center gap-2">
      {code.code ? (
        <span className="font-mono tracking-wider" data-testid="lead-offer-code">
          {code.code}
        </span>
      ) : (
        <span className="font-normal text-gray-600">{t("contact.codeHidden")}</span>
      )}
      <Badge color={CODE_STATUS_COLOR[code.status]}>{CODE_STATUS_LABEL[code.status]}</Badge>
      {detail ? <span className="text-sm font-normal text-gray-600">{detail}</span> : null}
    </span>
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

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("lead", ownerLanguageIn(matches))("pageTitle") }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useOwnerT("lead");
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: t("notFound.title"), message: t("notFound.message") } }}
      unexpectedErrorHandler={{ title: t("failed.title"), message: t("failed.message") }}
      back={{ to: "/leads", label: t("back") }}
    />
  );
}

/** "Español (es)": the language in its own name, with its code; an unknown code as it is. */
function languageName(code: string) {
  return isLanguage(code) ? `${LANGUAGE_NAMES[code]} (${code})` : code;
}
