// Rules: docs/features/domains.md ("The address of new codes").
import { AlertTriangle, ArrowLeft, CheckCircle2, Download, XCircle } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireBusiness, requireCampaignAccess, requirePlacementInScope, ROLES } from "~/features/team/member.server";
import { ownerT, useOwnerT, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import { codeAddressChoiceOf, publicOriginOf, setCampaignCodeAddress } from "~/features/domains/domains.server";
import {
  type CheckStatus,
  colorChoices,
  FORMAT_HINT,
  FORMAT_SPECS,
  LABEL_SHEETS,
  PAPER_LABEL,
  PAPERS,
  PRINT_FORMATS,
  sheetOf,
} from "~/features/print/print";
import { PrintPreview } from "~/features/print/print-preview";
import { printOptionsInput, printQuery } from "~/features/print/print.schema";
import { getPrintSheet, parsePrintOptions } from "~/features/print/print.server";
import { isDomainError } from "~/utils/domain-error";
import { formFields, notFound, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { printCheckIn } from "~/features/print/print-check-words.server";
import { refusalIn } from "~/features/languages/owner/refusals";
import type { Route } from "./+types/campaign-print";

export async function loader({ request, params }: Route.LoaderArgs) {
  // The owner's and a manager's, for the placements at their locations (docs/features/team.md).
  const acting = await requireBusiness(request, ROLES.manage);
  const { placementIds } = acting;
  const user = { id: acting.businessId };
  await requireCampaignAccess(acting, params.campaignId, "read");
  const { db, env } = await getServices();
  try {
    const options = parsePrintOptions(printOptionsInput(new URL(request.url).searchParams));
    requirePlacementInScope(acting, options.placement);
    const sheet = await getPrintSheet(db, {
      userId: user.id,
      campaignId: params.campaignId,
      options,
      appOrigin: await publicOriginOf(db, env, { userId: user.id, campaignId: params.campaignId, made: true }),
    });
    if (!sheet) notFound("This campaign or placement does not exist or is not yours.");
    const { campaign } = sheet;
    const { format, paper } = options;
    const language = ownerLanguageFor(acting.user, request.headers.get("accept-language"));
    const labels = LABEL_SHEETS[paper];
    return {
      campaign: { id: campaign.id, title: campaign.title },
      options,
      query: printQuery({ ...options, code: sheet.codeColor, background: sheet.backgroundColor }),
      placements: placementIds === null ? sheet.placements : sheet.placements.filter((row) => placementIds.includes(row.id)),
      /** Which address new codes use is the campaign's, for every location: the owner's choice. */
      canChooseAddress: acting.role === "owner",
      languageChoices: sheet.languageChoices,
      placementName: sheet.placement?.name ?? null,
      codeColor: sheet.codeColor,
      backgroundColor: sheet.backgroundColor,
      codeChoices: colorChoices(campaign.design, sheet.codeColor),
      backgroundChoices: colorChoices(campaign.design, sheet.backgroundColor),
      check: printCheckIn(sheet.check, language),
      plan: sheet.plan,
      codeAddress: await codeAddressChoiceOf(db, env, { userId: user.id, campaignId: campaign.id }),
      logoUrl: sheet.logo ? campaign.qrLogoUrl : null,
      sheetName:
        format === "sticker"
          ? ownerT("print", language)("options.labelSheet", {
              labels: labels.name,
              paper: PAPER_LABEL[paper],
              perSheet: labels.columns * labels.rows,
            })
          : sheetOf(format, paper).name,
    };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    throw data(refusalIn(error, ownerLanguageFor(acting.user, request.headers.get("accept-language"))), { status: error.status });
  }
}

/** The campaign's choice of address for new codes; the page shows the result. */
export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireBusiness(request);
  const fields = formFields(await readForm(request));
  const { db } = await getServices();
  const codeAddress = fields.codeAddress === "main" ? "main" : "domain";
  if (!(await setCampaignCodeAddress(db, { userId: user.id, campaignId: params.campaignId, codeAddress })))
    notFound("This campaign does not exist or is not yours.");
  return redirect(`${new URL(request.url).pathname}${new URL(request.url).search}`);
}

function CodeAddressForm({ codeAddress }: { codeAddress: NonNullable<Route.ComponentProps["loaderData"]["codeAddress"]> }) {
  const t = useOwnerT("print");
  return (
    <Form method="post" className={cardClass({ padding: "md", className: "space-y-3" })} aria-label={t("codeAddress.form")}>
      <Field id="print-code-address" label={t("codeAddress.label")} hint={t("codeAddress.hint")}>
        {(control) => (
          <Select {...control} name="codeAddress" defaultValue={codeAddress.choice}>
            <option value="domain">{t("codeAddress.domain", { domain: codeAddress.domain })}</option>
            <option value="main">{t("codeAddress.main", { main: codeAddress.main })}</option>
          </Select>
        )}
      </Field>
      <Button type="submit" variant="secondary">
        {t("codeAddress.save")}
      </Button>
    </Form>
  );
}

const STATUS_ICON: Record<CheckStatus, { icon: typeof CheckCircle2; className: string }> = {
  ok: { icon: CheckCircle2, className: "text-green-600" },
  warn: { icon: AlertTriangle, className: "text-yellow-600" },
  refuse: { icon: XCircle, className: "text-red-600" },
};

export default function CampaignPrint({ loaderData }: Route.ComponentProps) {
  const t = useOwnerT("print");
  const { campaign, options, check, plan } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location?.pathname === `/campaigns/${campaign.id}/print`;
  const formatLabel = FORMAT_SPECS[options.format].label;
  const previewLabel = t("preview.label", { format: formatLabel.toLowerCase(), target: loaderData.placementName ?? t("preview.theCampaign") });
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <Link to={`/campaigns/${campaign.id}`} className="inline-flex items-center gap-1 text-sm font-medium text-blue-600 hover:text-blue-700">
        <ArrowLeft aria-hidden className="h-4 w-4" /> {t("back")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold break-words text-gray-900 sm:text-3xl">{t("title", { campaign: campaign.title })}</h1>
        <p className="mt-1 text-gray-600">{t("intro")}</p>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          <Form
            method="get"
            preventScrollReset
            replace
            onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
            className={cardClass({ padding: "md", className: "space-y-4" })}
            aria-label={t("options.form")}
          >
            <Field id="print-placement" label={t("options.codeFor")}>
              {(control) => (
                <Select {...control} name="placement" defaultValue={options.placement ?? ""}>
                  <option value="">{t("options.theCampaign")}</option>
                  {loaderData.placements.map((placement) => (
                    <option key={placement.id} value={placement.id}>
                      {t("options.placement", { placement: placement.name })}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {loaderData.languageChoices.length > 1 ? (
              <Field id="print-language" label={t("options.language")} hint={t("options.languageHint")}>
                {(control) => (
                  <Select {...control} name="lang" defaultValue={options.lang ?? loaderData.languageChoices[0]!.value}>
                    {loaderData.languageChoices.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.isPage
                          ? t("options.pageLanguage", { language: choice.names[0] })
                          : choice.names.length > 1
                            ? t("options.bilingual", { first: choice.names[0], second: choice.names[1] })
                            : choice.names[0]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            ) : null}
            <Field id="print-format" label={t("options.format")} hint={FORMAT_HINT[options.format]}>
              {(control) => (
                <Select {...control} name="format" defaultValue={options.format}>
                  {PRINT_FORMATS.map((format) => (
                    <option key={format} value={format}>
                      {FORMAT_SPECS[format].label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="print-paper" label={t("options.paper")} hint={t("options.printsOn", { sheet: loaderData.sheetName })}>
              {(control) => (
                <Select {...control} name="paper" defaultValue={options.paper}>
                  {PAPERS.map((paper) => (
                    <option key={paper} value={paper}>
                      {PAPER_LABEL[paper]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="print-code-colour" label={t("options.codeColour")}>
              {(control) => (
                <Select {...control} name="code" defaultValue={loaderData.codeColor}>
                  {loaderData.codeChoices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="print-background" label={t("options.background")}>
              {(control) => (
                <Select {...control} name="background" defaultValue={loaderData.backgroundColor}>
                  {loaderData.backgroundChoices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Button type="submit" variant="secondary" size="md" className="w-full">
              {updating ? t("options.updating") : t("options.update")}
            </Button>
          </Form>

          {loaderData.codeAddress && loaderData.canChooseAddress ? <CodeAddressForm codeAddress={loaderData.codeAddress} /> : null}
          <PrintCheckSection check={check} pdfHref={`/campaigns/${campaign.id}/print.pdf?${loaderData.query}`} />
        </div>

        <section aria-labelledby="preview-heading" className="space-y-2">
          <h2 id="preview-heading" className="text-lg font-semibold text-gray-900">
            {t("preview.title")}
          </h2>
          <p className="text-sm text-gray-600">
            {formatLabel} · {loaderData.sheetName}
          </p>
          {plan ? (
            <div className={updating ? "opacity-60 transition-opacity" : undefined}>
              <PrintPreview plan={plan} logoUrl={loaderData.logoUrl} label={previewLabel} />
            </div>
          ) : (
            <p className="text-sm text-gray-600">{t("preview.none")}</p>
          )}
        </section>
      </div>
    </main>
  );
}

/** The pre-print check, item by item, and the download it allows (or why none can be made). */
function PrintCheckSection({ check, pdfHref }: { check: Route.ComponentProps["loaderData"]["check"]; pdfHref: string }) {
  // A code not every phone can open still prints, as a test sheet: the button must not look like approval.
  const t = useOwnerT("print");
  const addressWarns = check.items.some((item) => item.id === "address" && item.status !== "ok");
  return (
    <section aria-labelledby="print-check-heading" className={cardClass({ padding: "md", className: "space-y-3" })}>
      <h2 id="print-check-heading" className="text-lg font-semibold text-gray-900">
        {t("check.title")}
      </h2>
      <ul className="space-y-2 text-sm" aria-live="polite">
        {check.items.map((item) => {
          const { icon: Icon, className } = STATUS_ICON[item.status];
          return (
            <li
              key={`${item.id}-${item.status}`}
              className={
                item.id === "address" && item.status !== "ok"
                  ? "flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2 font-medium text-amber-900"
                  : "flex gap-2"
              }
              data-status={item.status}
            >
              <Icon aria-hidden className={`mt-0.5 h-4 w-4 shrink-0 ${className}`} />
              <span>
                <span className="sr-only">{t(`check.status.${item.status}`)}: </span>
                {item.text}
              </span>
            </li>
          );
        })}
      </ul>
      {check.canPrint ? (
        <a href={pdfHref} download className={buttonClass({ variant: addressWarns ? "secondary" : "primary", size: "md", className: "w-full" })}>
          <Download aria-hidden className="h-4 w-4" /> {addressWarns ? t("check.downloadAnyway") : t("check.download")}
        </a>
      ) : (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t("check.refused")} {check.refusal}
        </p>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = ownerT("print", ownerLanguageIn(matches));
  return [{ title: t("pageTitle", { campaign: data?.campaign.title ?? t("fallbackTitle") }) }];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useOwnerT("print");
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: t("notFound.title"), message: t("notFound.message") } }}
      unexpectedErrorHandler={{ title: t("failed.title"), message: t("failed.message") }}
      back={{ to: "/campaigns", label: t("backToCampaigns") }}
    />
  );
}
