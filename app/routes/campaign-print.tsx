import { AlertTriangle, ArrowLeft, CheckCircle2, Download, XCircle } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireUser } from "~/features/auth/session.server";
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
import type { Route } from "./+types/campaign-print";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db, env } = await getServices();
  try {
    const options = parsePrintOptions(printOptionsInput(new URL(request.url).searchParams));
    const sheet = await getPrintSheet(db, {
      userId: user.id,
      campaignId: params.campaignId,
      options,
      appOrigin: await publicOriginOf(db, env, { userId: user.id, campaignId: params.campaignId, made: true }),
    });
    if (!sheet) notFound("This campaign or placement does not exist or is not yours.");
    const { campaign } = sheet;
    const { format, paper } = options;
    const labels = LABEL_SHEETS[paper];
    return {
      campaign: { id: campaign.id, title: campaign.title },
      options,
      query: printQuery({ ...options, code: sheet.codeColor, background: sheet.backgroundColor }),
      placements: sheet.placements,
      placementName: sheet.placement?.name ?? null,
      codeColor: sheet.codeColor,
      backgroundColor: sheet.backgroundColor,
      codeChoices: colorChoices(campaign.design, sheet.codeColor),
      backgroundChoices: colorChoices(campaign.design, sheet.backgroundColor),
      check: sheet.check,
      plan: sheet.plan,
      codeAddress: await codeAddressChoiceOf(db, env, { userId: user.id, campaignId: campaign.id }),
      logoUrl: sheet.logo ? campaign.qrLogoUrl : null,
      sheetName:
        format === "sticker"
          ? `${labels.name} labels on ${PAPER_LABEL[paper]}, ${labels.columns * labels.rows} a sheet`
          : sheetOf(format, paper).name,
    };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    throw data(error.message, { status: error.status });
  }
}

/** The campaign's choice of address for new codes (decision 431); the page shows the result. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const fields = formFields(await readForm(request));
  const { db } = await getServices();
  const codeAddress = fields.codeAddress === "main" ? "main" : "domain";
  if (!(await setCampaignCodeAddress(db, { userId: user.id, campaignId: params.campaignId, codeAddress })))
    notFound("This campaign does not exist or is not yours.");
  return redirect(`${new URL(request.url).pathname}${new URL(request.url).search}`);
}

function CodeAddressForm({ codeAddress }: { codeAddress: NonNullable<Route.ComponentProps["loaderData"]["codeAddress"]> }) {
  return (
    <Form method="post" className={cardClass({ padding: "md", className: "space-y-3" })} aria-label="Code address">
      <Field id="print-code-address" label="Address on printed codes" hint="Codes already printed keep working with either address.">
        {(control) => (
          <Select {...control} name="codeAddress" defaultValue={codeAddress.choice}>
            <option value="domain">Your domain: {codeAddress.domain}</option>
            <option value="main">Main address: {codeAddress.main}</option>
          </Select>
        )}
      </Field>
      <Button type="submit" variant="secondary">
        Save address
      </Button>
    </Form>
  );
}

const STATUS_ICON: Record<CheckStatus, { icon: typeof CheckCircle2; className: string; word: string }> = {
  ok: { icon: CheckCircle2, className: "text-green-600", word: "OK" },
  warn: { icon: AlertTriangle, className: "text-yellow-600", word: "Warning" },
  refuse: { icon: XCircle, className: "text-red-600", word: "Problem" },
};

export default function CampaignPrint({ loaderData }: Route.ComponentProps) {
  const { campaign, options, check, plan } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location?.pathname === `/campaigns/${campaign.id}/print`;
  const formatLabel = FORMAT_SPECS[options.format].label;
  const previewLabel = `Preview of the ${formatLabel.toLowerCase()} for ${loaderData.placementName ?? "the campaign"}`;
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <Link to={`/campaigns/${campaign.id}`} className="inline-flex items-center gap-1 text-sm font-medium text-blue-600 hover:text-blue-700">
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to campaign
      </Link>
      <div>
        <h1 className="text-2xl font-bold break-words text-gray-900 sm:text-3xl">Print {campaign.title}</h1>
        <p className="mt-1 text-gray-600">Choose what to print, check it, and download a print-ready PDF.</p>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="space-y-6">
          <Form
            method="get"
            preventScrollReset
            replace
            onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
            className={cardClass({ padding: "md", className: "space-y-4" })}
            aria-label="Print options"
          >
            <Field id="print-placement" label="Code for">
              {(control) => (
                <Select {...control} name="placement" defaultValue={options.placement ?? ""}>
                  <option value="">The campaign</option>
                  {loaderData.placements.map((placement) => (
                    <option key={placement.id} value={placement.id}>
                      Placement: {placement.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id="print-format" label="Format" hint={FORMAT_HINT[options.format]}>
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
            <Field id="print-paper" label="Paper" hint={`Prints on ${loaderData.sheetName}.`}>
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
            <Field id="print-code-colour" label="Code colour">
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
            <Field id="print-background" label="Background">
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
              {updating ? "Updating preview..." : "Update preview"}
            </Button>
          </Form>

          {loaderData.codeAddress ? <CodeAddressForm codeAddress={loaderData.codeAddress} /> : null}
          <PrintCheckSection check={check} pdfHref={`/campaigns/${campaign.id}/print.pdf?${loaderData.query}`} />
        </div>

        <section aria-labelledby="preview-heading" className="space-y-2">
          <h2 id="preview-heading" className="text-lg font-semibold text-gray-900">
            Preview
          </h2>
          <p className="text-sm text-gray-600">
            {formatLabel} · {loaderData.sheetName}
          </p>
          {plan ? (
            <div className={updating ? "opacity-60 transition-opacity" : undefined}>
              <PrintPreview plan={plan} logoUrl={loaderData.logoUrl} label={previewLabel} />
            </div>
          ) : (
            <p className="text-sm text-gray-600">No preview: the text does not fit this format.</p>
          )}
        </section>
      </div>
    </main>
  );
}

/** The pre-print check, item by item, and the download it allows (or why none can be made). */
function PrintCheckSection({ check, pdfHref }: { check: Route.ComponentProps["loaderData"]["check"]; pdfHref: string }) {
  // A code not every phone can open still prints, as a test sheet: the button must not look like approval.
  const addressWarns = check.items.some((item) => item.id === "address" && item.status !== "ok");
  return (
    <section aria-labelledby="print-check-heading" className={cardClass({ padding: "md", className: "space-y-3" })}>
      <h2 id="print-check-heading" className="text-lg font-semibold text-gray-900">
        Print check
      </h2>
      <ul className="space-y-2 text-sm" aria-live="polite">
        {check.items.map((item) => {
          const { icon: Icon, className, word } = STATUS_ICON[item.status];
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
                <span className="sr-only">{word}: </span>
                {item.text}
              </span>
            </li>
          );
        })}
      </ul>
      {check.canPrint ? (
        <a href={pdfHref} download className={buttonClass({ variant: addressWarns ? "secondary" : "primary", size: "md", className: "w-full" })}>
          <Download aria-hidden className="h-4 w-4" /> {addressWarns ? "Download PDF anyway" : "Download PDF"}
        </a>
      ) : (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          No PDF can be made with these choices. {check.refusal}
        </p>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Print ${data?.campaign.title ?? "campaign"} · LeadQR` }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: "Campaign not found", message: "This campaign or placement does not exist or is not yours." } }}
      unexpectedErrorHandler={{ title: "Something went wrong", message: "Please try again in a moment." }}
      back={{ to: "/campaigns", label: "Back to campaigns" }}
    />
  );
}
